import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contractWindow, salesWindow, statementWindow } from '../../src/core/dates';
import { formatCurrency } from '../../src/core/money';
import type { Page } from 'playwright-core';
import {
  apiToken,
  baseUrl,
  namedQuery,
  settler,
  signIn,
  tableRows,
  useBrowser,
  visit,
  watchLayoutShifts,
} from './support';

const merchant = '深圳市丽人坊化妆品有限公司';

describe('merchant finance pages', () => {
  const browser = useBrowser();

  async function openAs(account: string, password: string, path: string) {
    const page = await browser.newPage();
    await signIn(page, account, password, `/fvue/login?redirect=${encodeURIComponent(path)}`);
    await page.waitForURL(`${baseUrl()}/fvue${path}`);
    return page;
  }

  it.each(['lyfyjsd', 'yjfytzd', 'zlfymxd', 'fkqkd'])(
    '%s shows SZHY10001 exactly its rows for the default window',
    async (kind) => {
      const page = await openAs('SZHY10001', 'Merchant#2026', `/${kind}`);
      const window = statementWindow();
      const expected = await namedQuery(await apiToken('SZHY10001', 'Merchant#2026'), {
        query: `statement.${kind}`,
        filters: { startMonth: window.startMonth, endMonth: window.endMonth },
      });
      expect(expected.total).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('atrium-statement-list [data-count]').getAttribute('data-count'))
        .toBe(String(expected.total));
      expect(await page.inputValue('atrium-statement-list input[name=startMonth]')).toBe(
        window.startMonth,
      );
      expect(await page.inputValue('atrium-statement-list input[name=endMonth]')).toBe(
        window.endMonth,
      );
      const rows = await tableRows(page, 'atrium-statement-list');
      expect(rows).toHaveLength(expected.total);
      const nameColumn = kind === 'fkqkd' ? 'WLDW_NAME' : 'SHMC';
      expect(new Set(rows.map((row) => row[nameColumn]))).toEqual(new Set([merchant]));
      const amountColumn =
        kind === 'fkqkd'
          ? 'JSJE'
          : kind === 'yjfytzd'
            ? 'KKHJ'
            : kind === 'zlfymxd'
              ? 'ZJHJ'
              : 'FYHJ';
      expect(rows.map((row) => row[amountColumn]).sort()).toEqual(
        expected.result.map((row) => formatCurrency(row[amountColumn])).sort(),
      );
      // Dates are YYYY-MM, amounts right-aligned with separators.
      for (const row of rows)
        expect(row[kind === 'fkqkd' ? 'YEARMONTH' : 'NY']).toMatch(/^\d{4}-\d{2}$/);
    },
  );

  it('draws a statement list without moving it as its data, rights and measures arrive', async () => {
    const page = await openAs('SZHY10001', 'Merchant#2026', '/lyfyjsd');
    const shifts = await watchLayoutShifts(page);
    await page.reload();
    const list = page.locator('atrium-statement-list');
    await expect.poll(() => list.locator('[data-count]').getAttribute('data-count')).not.toBeNull();
    await list.locator('[part=toolbar] button').last().waitFor();
    await settler(page)();
    // Nothing drawn moves at all (Lighthouse's limit is 0.1): the toolbar keeps its height,
    // the sideways hint its line, the count its place when buttons arrive.
    const measured = await shifts();
    expect(measured.total, JSON.stringify(measured.shifts)).toBeLessThan(0.005);
    expect((await list.locator('[part=toolbar]').boundingBox())!.height).toBe(36);
  });

  it('filters by text only when it is not empty, and never shows another merchant', async () => {
    const page = await openAs('SZHY10001', 'Merchant#2026', '/lyfyjsd');
    await page.fill('atrium-statement-list input[name=merchant]', '悦茶');
    await page.click('atrium-statement-list [data-action=query]');
    await expect
      .poll(() => page.locator('atrium-statement-list [data-count]').getAttribute('data-count'))
      .toBe('0');
    await page.fill('atrium-statement-list input[name=merchant]', '');
    await page.fill('atrium-statement-list input[name=startMonth]', '');
    await page.click('atrium-statement-list [data-action=query]');
    // One month alone is ignored: every month of this merchant shows.
    await expect
      .poll(async () =>
        Number(await page.locator('atrium-statement-list [data-count]').getAttribute('data-count')),
      )
      .toBeGreaterThan(4);
    const rows = await tableRows(page, 'atrium-statement-list');
    expect(new Set(rows.map((row) => row.SHMC))).toEqual(new Set([merchant]));
  });

  it('says a reversed month range instead of running it, and reset also drops the sort', async () => {
    const host = 'atrium-statement-list';
    const page = await openAs('SZHY10001', 'Merchant#2026', '/lyfyjsd');
    await expect.poll(async () => (await tableRows(page, host)).length).toBeGreaterThan(0);
    const count = await page.locator(`${host} [data-count]`).getAttribute('data-count');
    await page.fill(`${host} input[name=startMonth]`, '2026-10');
    await page.fill(`${host} input[name=endMonth]`, '2026-08');
    await page.click(`${host} [data-action=query]`);
    expect(await page.textContent(`${host} [data-field=filter-error]`)).toBe(
      '开始月份不能晚于结束月份',
    );
    expect(await page.locator(`${host} [data-count]`).getAttribute('data-count')).toBe(count);
    // Changing a filter clears the message.
    await page.fill(`${host} input[name=endMonth]`, '2026-12');
    expect(await page.locator(`${host} [data-field=filter-error]`).count()).toBe(0);

    await page.click(`${host} th[data-column=FYHJ] button`);
    await expect
      .poll(() => page.getAttribute(`${host} th[data-column=FYHJ]`, 'aria-sort'))
      .toBe('ascending');
    await page.click(`${host} [data-action=reset]`);
    await expect
      .poll(() => page.getAttribute(`${host} th[data-column=FYHJ]`, 'aria-sort'))
      .toBeNull();
  });

  it('exports the rows on screen to XLSX', async () => {
    const page = await openAs('SZHY10001', 'Merchant#2026', '/yjfytzd');
    await expect
      .poll(async () => (await tableRows(page, 'atrium-statement-list')).length)
      .toBeGreaterThan(0);
    const screen = await tableRows(page, 'atrium-statement-list');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('atrium-statement-list [data-action=export-xlsx]'),
    ]);
    // The server writes the file; its name carries the row count.
    const total = await page
      .locator('atrium-statement-list [data-count]')
      .getAttribute('data-count');
    expect(download.suggestedFilename()).toBe(`预交费用通知单（${total} 行）.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path())!);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('合同号');
    expect(header).not.toContain('操作');
    expect(sheet.rowCount - 1).toBe(screen.length);
    const contractColumn = header.indexOf('合同号') + 1;
    const amountColumn = header.indexOf('扣款合计') + 1;
    const exported = [];
    for (let r = 2; r <= sheet.rowCount; r++) {
      exported.push({
        HTH: String(sheet.getRow(r).getCell(contractColumn).value),
        KKHJ: formatCurrency(sheet.getRow(r).getCell(amountColumn).value),
      });
    }
    expect(exported).toEqual(screen.map((row) => ({ HTH: row.HTH, KKHJ: row.KKHJ })));
    expect(book.worksheets[1]!.getRow(1).values).toEqual([undefined, '行数', total]);
    expect(book.worksheets[1]!.getRow(2).getCell(1).value).toBe('开始月份');
  });

  it('sales: default window, summary row, and the daily detail drawer', async () => {
    const page = await openAs('SZHY10001', 'Merchant#2026', '/xscx');
    const window = salesWindow();
    expect(await page.inputValue('atrium-sales-query input[name=startDate]')).toBe(window.start);
    expect(await page.inputValue('atrium-sales-query input[name=endDate]')).toBe(window.end);
    const expected = await namedQuery(await apiToken('SZHY10001', 'Merchant#2026'), {
      query: 'sales.monthly',
      filters: { startDate: window.start, endDate: window.end },
    });
    expect(expected.total).toBeGreaterThan(0);
    await expect
      .poll(async () => (await tableRows(page, 'atrium-sales-query')).length)
      .toBe(expected.total);
    const summary = await page
      .locator('atrium-sales-query')
      .evaluate((element) =>
        Object.fromEntries(
          [...element.shadowRoot!.querySelectorAll('tfoot td')].map((cell) => [
            cell.getAttribute('data-column'),
            cell.textContent,
          ]),
        ),
      );
    expect(summary.index).toBe('合计');
    expect(summary.XSJE).toBe(formatCurrency(expected.summary!.XSJE));
    await page.click('atrium-sales-query [data-action=detail] >> nth=0');
    await expect
      .poll(() => page.locator('atrium-sales-query [role=dialog]').textContent())
      .toContain('品牌日销售明细');
    const width = await page
      .locator('atrium-sales-query [role=dialog]')
      .evaluate((node) => node.getBoundingClientRect().width);
    expect(width).toBeCloseTo((await page.evaluate(() => innerWidth)) / 2, 0);
    await expect
      .poll(async () => (await tableRows(page, 'atrium-sales-query [role=dialog]')).length)
      .toBeGreaterThan(0);
  });

  it('contracts: add and edit for the contract manager, read-only for a merchant', async () => {
    const manager = await openAs('contract01', 'Staff#2026', '/ht');
    const window = contractWindow();
    expect(await manager.inputValue('atrium-contract-list input[name=startMonth]')).toBe(
      window.startMonth,
    );
    await expect
      .poll(() => manager.locator('atrium-contract-list [data-action=add]').count())
      .toBe(1);
    const [addWindow] = await Promise.all([
      manager.waitForEvent('popup'),
      manager.click('atrium-contract-list [data-action=add]'),
    ]);
    expect(addWindow.url()).toBe(
      `${baseUrl()}/fvue/statement/template/form/dyzl/add/true?startFlow=false&isNewPage=true`,
    );
    // The registration is the dyzl online form: its rules checked on the page, then saved.
    const shell = 'atrium-statement-shell';
    const input = (name: string) => `${shell} [name="${name}"]`;
    await addWindow.waitForSelector(`${shell} form[data-action=add] [name=F_MDID]`);
    await addWindow.selectOption(input('F_MDID'), 'S01');
    const typed: [string, string][] = [
      ['F_GYSMC', '深圳市丽人坊化妆品有限公司'],
      ['F_PPMC', '丽人坊'],
      ['F_HTH', 'HT-2026-S01-E2E1'],
      ['F_LXR', '王芳'],
      ['F_LXSJH', '12345'],
      ['F_ZSRY', '张晓明'],
      ['F_ZSRYSJH', '13900000005'],
    ];
    for (const [name, value] of typed) await addWindow.fill(input(name), value);
    await addWindow.click(`${shell} [data-action=save]`);
    const errors = addWindow.locator(`${shell} [data-error]`);
    await expect.poll(() => errors.allTextContents()).toEqual(['请输入有效的手机号码']);
    await addWindow.fill(input('F_LXSJH'), '13712345678');
    await expect.poll(() => errors.count()).toBe(0);
    await addWindow.click(`${shell} [data-action=save]`);
    await addWindow.waitForSelector(`${shell} section[data-record]:not([data-record=new])`);
    expect(await addWindow.inputValue(input('F_HTH'))).toBe('HT-2026-S01-E2E1');
    await addWindow.close();
    const [editWindow] = await Promise.all([
      manager.waitForEvent('popup'),
      manager.click('atrium-contract-list [data-action=open-form] >> nth=0'),
    ]);
    expect(editWindow.url()).toMatch(
      /\/fvue\/statement\/template\/form\/dyzl\/edit\/true\?id=[^&]+&startFlow=false&isNewPage=true$/,
    );

    const merchantPage = await openAs('SZHY10001', 'Merchant#2026', '/ht');
    await expect
      .poll(async () => (await tableRows(merchantPage, 'atrium-contract-list')).length)
      .toBeGreaterThan(0);
    expect(await merchantPage.locator('atrium-contract-list [data-action=add]').count()).toBe(0);
    const [getWindow] = await Promise.all([
      merchantPage.waitForEvent('popup'),
      merchantPage.click('atrium-contract-list [data-action=open-form] >> nth=0'),
    ]);
    expect(getWindow.url()).toMatch(/\/dyzl\/get\/true\?id=/);
    // The record page shows what the server keeps beside the form's fields, read-only: both
    // SMS flags and the creation time; not the store's name again beside its picker.
    const fact = (name: string) => `${shell} [data-fact=${name}] input`;
    await getWindow.waitForSelector(fact('F_CJSJ'));
    expect(await getWindow.inputValue(fact('F_CJSJ'))).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    for (const flag of ['F_DXSFFSCG', 'F_ZSRYTZSFCG'])
      expect(['是', '否']).toContain(await getWindow.inputValue(fact(flag)));
    expect(await getWindow.locator(`${shell} [data-fact=F_MD]`).count()).toBe(0);
    expect(await getWindow.getAttribute(fact('F_CJSJ'), 'readonly')).not.toBeNull();
    // An English reader gets the platform's 是 and 否 as Yes and No.
    await getWindow.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await getWindow.reload();
    await getWindow.waitForSelector(fact('F_CJSJ'));
    for (const flag of ['F_DXSFFSCG', 'F_ZSRYTZSFCG'])
      expect(['Yes', 'No']).toContain(await getWindow.inputValue(fact(flag)));
    const rows = await tableRows(merchantPage, 'atrium-contract-list');
    expect(new Set(rows.map((row) => row.F_GYSMC))).toEqual(new Set([merchant]));
    for (const row of rows) expect(row.F_CJSJ).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('says a list that could not load, not "no data", and loads it on Retry', async () => {
    // The list's reads are dropped as a lost connection would drop them (the server is real)
    // until Retry: a live event's refresh meanwhile fails as well, and cannot hide the failure.
    const page = await browser.newPage();
    let connected = false;
    await page.route('**/executeSql*', (route) =>
      connected ? route.continue() : route.abort('connectionreset'),
    );
    const token = await apiToken('SZHY10001', 'Merchant#2026');
    await page.goto(`${baseUrl()}/fvue/lyfyjsd?token=${token}`);
    const retry = page.locator('atrium-statement-list [data-failed] [data-action=retry]');
    await retry.waitFor();
    expect(await page.locator('atrium-statement-list [data-state=empty]').count()).toBe(0);
    connected = true;
    await retry.click();
    await expect
      .poll(async () => (await tableRows(page, 'atrium-statement-list')).length)
      .toBeGreaterThan(0);
    expect(await page.locator('atrium-statement-list [data-failed]').count()).toBe(0);
  });

  it('overdue notices are newest cut-off date first', async () => {
    const page = await openAs('admin', 'Atrium#2026', '/shcjftzd');
    await expect
      .poll(async () => (await tableRows(page, 'atrium-overdue-list')).length)
      .toBeGreaterThan(3);
    const dates = (await tableRows(page, 'atrium-overdue-list')).map((row) => row.F_JZRQ!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

/**
 * What a merchant cannot read at 1366 px: an amount, a date, a status or a number cut short,
 * or covered by a pinned column when the table is scrolled to show it; and a table wider than
 * its box with no way to scroll sideways in the first screen. Every such cell of every table
 * in the element (the drawers too), scrolled into view the way a person would.
 */
function unreadable(page: Page, host: string, within = ':host'): Promise<string[]> {
  return page.locator(host).evaluate((element, within) => {
    const root = element.shadowRoot!;
    const problems: string[] = [];
    const scope = within === ':host' ? root : root.querySelector(within)!;
    for (const box of scope.querySelectorAll<HTMLElement>('[part=table]')) {
      // Wider than its box: a way to scroll sideways in the first screen (its scrollbar, or
      // the hint with its arrows above the table).
      const hint = box.parentElement?.querySelector('[data-scroll-hint]');
      const affordance = hint ?? box;
      if (
        box.scrollWidth > box.clientWidth &&
        affordance.getBoundingClientRect().bottom > innerHeight
      )
        problems.push('no way to scroll sideways in the first screen');
      // Every cell but names (which may end in "…" with a tooltip) and the row's actions; and
      // whatever reads as a number or a code (an amount, a date, a phone, a contract number)
      // however its column is marked.
      const numberLike = /^[-+\d.,:/ A-Z]+$/;
      const cells = box.querySelectorAll<HTMLElement>(
        'tbody td[data-column]:not([data-column=actions])',
      );
      for (const cell of cells) {
        const text = cell.title || cell.textContent?.trim() || '';
        if (!text || cell.childElementCount > 0) continue;
        if (cell.hasAttribute('data-gives-way') && !numberLike.test(text)) continue;
        const name = `${cell.dataset.column}="${cell.textContent}"`;
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name} cut`);
        // In the middle of the box, as a reader scrolls it: clear of the pinned columns.
        cell.scrollIntoView({ block: 'nearest', inline: 'center' });
        const rect = cell.getBoundingClientRect();
        const hit = root.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        if (!hit || !cell.contains(hit)) problems.push(`${name} covered`);
      }
      box.scrollLeft = 0;
    }
    return [...new Set(problems)];
  }, within);
}

describe('nothing hidden at 1366 px', () => {
  const browser = useBrowser();
  const pages: [path: string, host: string][] = [
    ['/lyfyjsd', 'atrium-statement-list'],
    ['/yjfytzd', 'atrium-statement-list'],
    ['/zlfymxd', 'atrium-statement-list'],
    ['/fkqkd', 'atrium-statement-list'],
    ['/xscx', 'atrium-sales-query'],
    ['/ht', 'atrium-contract-list'],
    ['/shcjftzd', 'atrium-overdue-list'],
  ];

  for (const language of ['zh-CN', 'en-US']) {
    it(`every amount, status and contract number of the merchant's lists reads whole in ${language}`, async () => {
      const page = await browser.newPage({ locale: language });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await page.setViewportSize({ width: 1366, height: 768 });
      const token = await apiToken('SZHY10001', 'Merchant#2026');
      await page.goto(`${baseUrl()}/fvue/home?token=${token}`);
      await page.waitForSelector('atrium-home', { state: 'attached' });
      const found: string[] = [];
      for (const [path, host] of pages) {
        await visit(page, path);
        // This page's answer, not the last page's rows under the loading veil.
        await page.waitForSelector(`${host} table:not([aria-busy]) tbody td`);
        found.push(...(await unreadable(page, host)).map((problem) => `${path}: ${problem}`));
      }
      // The sales drawer: a brand's days.
      await visit(page, '/xscx');
      await page.click('atrium-sales-query [data-action=detail] >> nth=0');
      await page.waitForSelector('atrium-sales-query [role=dialog] tbody td.num');
      found.push(
        ...(await unreadable(page, 'atrium-sales-query', '[role=dialog]')).map(
          (problem) => `drawer: ${problem}`,
        ),
      );
      expect(found).toEqual([]);
    });
  }
});
