import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { apiLogin, openSameOrigin, useSession } from './bare-page';
import { useBrowser } from './support';

/**
 * atrium-query-view on a plain page (issue 17): the attendance exceptions view with its
 * conditions, its rows a page at a time, and an export of every row under the conditions.
 */
describe('the query view element', () => {
  const browser = useBrowser();

  it('shows a view’s rows and exports every one of them', async () => {
    const page = await browser.newPage({ acceptDownloads: true, bypassCSP: true });
    await useSession(page, await apiLogin('admin', 'Atrium#2026'));
    await openSameOrigin(
      page,
      '/query-view',
      '<atrium-query-view sql-alias="kqyc" alias="kqycmx"></atrium-query-view>',
      ['query-view'],
    );
    const element = 'atrium-query-view';
    await page.waitForSelector(`${element} [data-view="kqyc/kqycmx"] tbody tr`);
    const total = Number(await page.getAttribute(`${element} [data-total]`, 'data-total'));
    expect(total).toBeGreaterThan(10);
    const download = page.waitForEvent('download');
    await page.click(`${element} [data-action=export]`);
    const file = await download;
    expect(file.suggestedFilename()).toContain(`(${total}).xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount - 1).toBe(total);
  });
});
