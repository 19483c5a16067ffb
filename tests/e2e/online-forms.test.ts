import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, toasts, useBrowser } from './support';

/**
 * Online forms in the browser (issue 17): the fitting-out form with its works, rules shown
 * all at once, formulas as values change, save, list, edit, export and import with a bad
 * row reported; drafts saved and resumed. store01 manages the form; SZHY10002 (a merchant
 * no other e2e file writes as) keeps a draft.
 */
const shell = 'atrium-statement-shell';
const passwords: Record<string, string> = { SZHY10002: 'Merchant#2026', admin: 'Atrium#2026' };

async function open(page: Page, path: string, account: string) {
  const token = await apiToken(account, passwords[account] ?? 'Staff#2026');
  await page.goto(`${baseUrl()}/fvue${path}${path.includes('?') ? '&' : '?'}token=${token}`);
}

const field = (name: string) => `${shell} [name="${name}"]`;

describe('online forms in the browser', () => {
  const browser = useBrowser();

  it('fills the fitting-out form with works, shows both broken rules, computes, saves, edits, exports and imports', async () => {
    const page = await browser.newPage({ acceptDownloads: true });
    await open(page, '/statement/template/form/fitOut/add', 'store01');
    await page.waitForSelector(`${shell} [data-form=fitOut]`);
    await page.selectOption(field('store'), 'S02');
    await page.fill(field('shopNo'), 'L3-09');
    await page.fill(field('brand'), '测试品牌E2E');
    await page.fill(field('contact'), '赵敏');
    await page.fill(field('phone'), '12345'); // broken: not a phone number
    await page.fill(field('startDate'), '2026-12-10');
    await page.fill(field('endDate'), '2026-12-01'); // broken: before the start
    await page.fill(field('budget'), '88000');
    await page.click(`${shell} [data-action=add-row]`);
    await page.click(`${shell} [data-action=add-row]`);
    const row = (index: number, name: string) =>
      `${shell} [data-sub-row="${index}"] [name="${name}"]`;
    await page.selectOption(row(0, 'kind'), 'decoration');
    await page.fill(row(0, 'content'), '吊顶');
    await page.fill(row(0, 'cost'), '1200.10');
    await page.selectOption(row(1, 'kind'), 'signage');
    await page.fill(row(1, 'content'), '门头招牌');
    await page.fill(row(1, 'cost'), '800.20');
    // Formulas follow the values at once: capitals of the budget, the works' total.
    await expect.poll(() => page.inputValue(field('budgetCapitals'))).toBe('捌万捌仟元整');
    await expect.poll(() => page.inputValue(field('worksTotal'))).toBe('2000.3');
    await page.click(`${shell} [data-action=save]`);
    const errors = page.locator(`${shell} [data-error]`);
    await expect.poll(() => errors.count()).toBe(2);
    expect((await errors.allTextContents()).join('|')).toMatch(
      /手机号码.*\|.*不能早于|不能早于.*\|.*手机号码/,
    );
    await page.fill(field('phone'), '13900139000');
    await page.fill(field('endDate'), '2026-12-20');
    await expect.poll(() => page.inputValue(field('days'))).toBe('11');
    await expect.poll(() => errors.count()).toBe(0);
    await page.click(`${shell} [data-action=save]`);
    await page.waitForSelector(`${shell} section[data-record]:not([data-record=new])`);

    // Found in the list by its shop number, then edited.
    await open(page, '/statement/template/preview/fitOut', 'store01');
    await page.fill(`${shell} input[name=shopNo]`, 'L3-09');
    await page.click(`${shell} [data-action=search]`);
    await expect.poll(() => page.locator(`${shell} [data-action=open-record]`).count()).toBe(1);
    await page.click(`${shell} [data-action=open-record]`);
    await page.waitForSelector(field('brand'));
    await expect.poll(() => page.inputValue(field('brand'))).toBe('测试品牌E2E');
    await page.fill(field('brand'), '测试品牌E2E改');
    await page.click(`${shell} [data-action=save]`);
    await page.click(`${shell} [data-action=back]`);
    await page.fill(`${shell} input[name=shopNo]`, 'L3-09');
    await page.click(`${shell} [data-action=search]`);
    await expect
      .poll(() => page.locator(`${shell} [data-form-list]`).textContent())
      .toContain('测试品牌E2E改');

    // Batch edit of the selected record: a bad value is refused by the server, a good one set.
    await page.locator(`${shell} [data-select]`).first().check();
    await page.click(`${shell} [data-action=batch-edit]`);
    await page.selectOption(`${shell} select[name=batchField]`, 'phone');
    await page.fill(`${shell} [role=dialog] input[name=phone]`, 'bad');
    await page.click(`${shell} [data-action=apply-batch]`);
    await expect
      .poll(() => page.locator(`${shell} [role=dialog] [role=alert]`).textContent())
      .toMatch(/联系电话/);
    await page.fill(`${shell} [role=dialog] input[name=phone]`, '13700137000');
    await page.click(`${shell} [data-action=apply-batch]`);
    await page.waitForSelector(`${shell} [role=dialog]`, { state: 'detached' });
    // Export what is on screen: the file holds the record.
    const exported = page.waitForEvent('download');
    await page.click(`${shell} [data-action=export]`);
    const file = await (await exported).path();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toContain('测试品牌E2E改');

    // Import two rows, one bad: the report names the row and nothing is added.
    const header = sheet.getRow(1).values as string[];
    const source = new ExcelJS.Workbook();
    const rows = source.addWorksheet('data');
    const labels = [
      '门店',
      '铺位号',
      '品牌',
      '联系人',
      '联系电话',
      '开工日期',
      '完工日期',
      '装修预算',
    ];
    expect(header).toEqual(expect.arrayContaining(labels));
    rows.addRow(labels);
    rows.addRow([
      'S01',
      'L1-01',
      '导入一',
      '钱',
      '13800138001',
      '2026-12-01',
      '2026-12-05',
      '1000',
    ]);
    rows.addRow(['S01', 'L1-02', '导入二', '孙', 'bad', '2026-12-01', '2026-12-05', '1000']);
    const upload = join(tmpdir(), `atrium-import-${Date.now()}.xlsx`);
    await writeFile(upload, Buffer.from(await source.xlsx.writeBuffer()));
    await page.setInputFiles(`${shell} [data-import-file]`, upload);
    await page.waitForSelector(`${shell} [data-import-report] [data-problem-row="3"]`);
    expect(await page.locator(`${shell} [data-problem-row]`).count()).toBe(1);
  });

  it('keeps a draft of a merchant and resumes it from /statement/draftList, in English', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(`${baseUrl()}/fvue/`);
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await open(page, '/statement/template/form/fitOut/add', 'SZHY10002');
    await page.waitForSelector(field('brand'));
    await page.fill(field('brand'), 'Draft brand');
    await page.fill(field('shopNo'), 'B1-03');
    await page.click(`${shell} [data-action=save-draft]`);
    await page.waitForSelector(`${shell} section[data-draft]`);
    await open(page, '/statement/draftList', 'SZHY10002');
    await page.waitForSelector(`${shell} [data-drafts] [data-action=resume]`);
    expect(await page.locator(`${shell} [data-drafts]`).textContent()).toContain('My drafts');
    await page.click(`${shell} [data-action=resume]`);
    await page.waitForSelector(field('brand'));
    await expect.poll(() => page.inputValue(field('brand'))).toBe('Draft brand');
    expect(await page.locator(`${shell} [data-action=save]`).textContent()).toBe('Save');
  });

  it('lets the administrator change a definition beside its live preview and save a version', async () => {
    const page = await browser.newPage();
    await open(page, '/formDesigner/meetingBooking', 'admin');
    const designer = 'atrium-form-designer';
    await page.waitForSelector(`${designer} [data-preview] [data-form=meetingBooking]`);
    const area = `${designer} textarea[name=definition]`;
    const before = JSON.parse(await page.inputValue(area)) as { fields: object[] };
    // Broken JSON: a message, no preview, no saving.
    await page.fill(area, '{ "fields": [');
    await page.waitForSelector(`${designer} [data-error]`);
    expect(await page.isDisabled(`${designer} [data-action=save-definition]`)).toBe(true);
    // A new required field appears in the preview at once and is checked there.
    const next = {
      ...before,
      fields: [
        ...before.fields,
        { name: 'notes', label: '会议纪要', type: 'textarea', required: true },
      ],
    };
    await page.fill(area, JSON.stringify(next, null, 2));
    await page.waitForSelector(`${designer} [data-preview] textarea[name=notes]`);
    await page.click(`${designer} [data-action=check-preview]`);
    await expect
      .poll(() => page.locator(`${designer} [data-preview] [data-error]`).count())
      .toBeGreaterThan(0);
    await page.click(`${designer} [data-action=save-definition]`);
    await expect
      .poll(() => page.locator(`${designer} label`).filter({ hasText: '当前版本 2' }).count())
      .toBe(1);
  });

  it('lets the administrator say who may view a form, which the server then enforces', async () => {
    const headers = async (account: string) => ({
      Authorization: `Bearer ${await apiToken(account, passwords[account] ?? 'Staff#2026')}`,
      'Content-Type': 'application/json',
    });
    const rightsUrl = `${baseUrl()}/form/form/dataTemplate/v1/getRights?templateKey=inspection`;
    const seeded = (await (await fetch(rightsUrl, { headers: await headers('admin') })).json()) as {
      value: { managers: string[]; rights: object };
    };
    const listAs = async (account: string) =>
      (
        await fetch(`${baseUrl()}/form/form/dataTemplate/v1/dataList_inspection`, {
          method: 'POST',
          headers: await headers(account),
          body: '{}',
        })
      ).status;
    expect(await listAs('emp01')).toBe(403);
    // A merchant opening the staff-only list is told so, in their language.
    const merchant = await browser.newPage();
    await open(merchant, '/statement/template/preview/inspection', 'SZHY10002');
    await merchant.waitForSelector(`${shell} [role=alert]:has-text("无权查看该表单的记录")`);

    const page = await browser.newPage();
    await open(page, '/formDesigner/inspection', 'admin');
    const panel = 'atrium-form-designer details[data-form-rights=inspection]';
    await page.click(`${panel} summary`);
    const view = `${panel} [data-right=read]`;
    await page.waitForSelector(`${view} .nobody:text-is("仅管理者")`);
    expect(await page.locator(`${panel} [data-right=managers] li span`).allTextContents()).toEqual([
      '门店',
    ]);
    await page.selectOption(`${view} select[aria-label="添加角色…"]`, { label: '员工' });
    await page.waitForSelector(`${view} li:has-text("员工")`);
    expect(await page.locator(`${view} .nobody`).count()).toBe(0);
    await page.click(`${panel} [data-action=save-rights]`);
    await expect.poll(() => toasts(page)).toContain('权限已保存');
    expect(await listAs('emp01')).toBe(200);
    // Removed again: the chip's own button, named for what it removes.
    await page.click(`${view} button[aria-label="移除 员工"]`);
    await page.click(`${panel} [data-action=save-rights]`);
    await expect.poll(() => listAs('emp01')).toBe(403);
    await fetch(`${baseUrl()}/form/form/dataTemplate/v1/saveRights`, {
      method: 'POST',
      headers: await headers('admin'),
      body: JSON.stringify({
        templateKey: 'inspection',
        managers: seeded.value.managers,
        rights: seeded.value.rights,
      }),
    });
  });

  it('shows a data template in a home column (dataMode 4) through the column preview', async () => {
    const page = await browser.newPage();
    await open(page, '/column/preview/meetingBookings', 'emp01');
    const column = 'atrium-home section[data-column=meetingBookings] atrium-data-template';
    await page.waitForSelector(`${column} [data-form-list] [data-action=open-record]`);
    expect(await page.locator(`${column} [data-form-list] h2`).textContent()).toBe('会议预约');
  });

  it('picks a dialog field through the custom dialog and saves it', async () => {
    const page = await browser.newPage();
    await open(page, '/statement/template/form/inspection/add', 'store01');
    await page.waitForSelector(`${shell} [data-form=inspection]`);
    await page.selectOption(field('store'), 'S01');
    await page.fill(field('inspectedOn'), '2026-11-20');
    await page.fill(field('area'), '三楼童装区E2E');
    await page.selectOption(field('result'), 'pass');
    await page.fill(field('score'), '88');
    const picker = `${shell} atrium-custom-dialog[data-field=inspector]`;
    await page.click(`${picker} [data-action=open-dialog]:not([disabled])`);
    // Found by name (郑强 is ops01), then chosen.
    await page.fill(`${picker} [role=dialog] input[name=fullname]`, '郑强');
    await page.click(`${picker} [role=dialog] [data-action=search]`);
    await page.click(`${picker} [role=dialog] tr[data-value=ops01]`);
    await page.click(`${picker} [role=dialog] [data-action=confirm]`);
    await expect
      .poll(() => page.locator(picker).evaluate((element) => (element as HTMLInputElement).value))
      .toBe('ops01');
    await page.click(`${shell} [data-action=save]`);
    await page.waitForSelector(`${shell} section[data-record]:not([data-record=new])`);
    const id = await page.getAttribute(`${shell} section[data-record]`, 'data-record');
    const token = await apiToken('store01', 'Staff#2026');
    const answer = await fetch(
      `${baseUrl()}/form/form/dataTemplate/v1/getForm/inspection/inspection?id=${id}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const saved = (await answer.json()) as { value: { data: Record<string, unknown> } };
    expect(saved.value.data).toMatchObject({ inspector: 'ops01', area: '三楼童装区E2E' });
  });
});
