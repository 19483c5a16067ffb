import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../src/core/forms/definition';
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
  /** A tab whose portal speaks this language (the choice a user makes, kept in storage). */
  const pageIn = async (language: 'zh-CN' | 'en-US') => {
    const page = await browser.newPage({ locale: language });
    await page.goto(`${baseUrl()}/fvue/`);
    await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
    return page;
  };

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

  it('lets the administrator build fields visually beside the live preview, with the JSON as the advanced view', async () => {
    const page = await browser.newPage();
    await open(page, '/formDesigner/meetingBooking', 'admin');
    const designer = 'atrium-form-designer';
    const main = `${designer} [data-field-group=""]`;
    await page.waitForSelector(`${designer} [data-preview] [data-form=meetingBooking]`);
    const rows = () =>
      page
        .locator(`${main} li[data-field]`)
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-field')));
    const first = await rows();

    // A long-text field, added at the end and opened at once: label, name, required.
    await page.selectOption(`${main} select[name=newFieldType]`, 'textarea');
    await page.click(`${main} [data-action=add-field]`);
    const settings = `${main} [data-field-settings]`;
    await page.fill(`${settings} input[name=label]`, '会议纪要');
    // A name the server would refuse is said, and not taken.
    await page.fill(`${settings} input[name=name]`, '1notes');
    await expect
      .poll(() => page.textContent(`${settings} [data-error]`))
      .toBe('须以字母开头，只含字母、数字和下划线，最多 40 个字符');
    await page.fill(`${settings} input[name=name]`, 'notes');
    await page.check(`${settings} input[name=required]`);
    await page.waitForSelector(`${designer} [data-preview] textarea[name=notes]`);
    expect(await rows()).toEqual([...first, 'notes']);

    // Rules in words: a maximum length chosen from the list, its length typed; the rule text
    // (the advanced view) holds the same rules, and the preview enforces them.
    const rules = `${settings} [data-rules]`;
    await page.selectOption(`${rules} select[name=addRule]`, { label: '最多字符数' });
    await page.fill(`${rules} li[data-rule=maxLength] input[name=ruleArg0]`, '');
    // Without its length the rule is a problem on the row, in words.
    await expect
      .poll(() => page.locator(`${main} li[data-field=notes] ul[role=alert]`).textContent())
      .toBe('规则“最多字符数”还没有填写参数');
    await page.fill(`${rules} li[data-rule=maxLength] input[name=ruleArg0]`, '10');
    await page.click(`${rules} summary`);
    await expect.poll(() => page.inputValue(`${rules} input[name=rules]`)).toBe('maxLength:10');
    await page.fill(`${designer} [data-preview] textarea[name=notes]`, '本次会议纪要超过十个字符');
    await page.click(`${designer} [data-action=check-preview]`);
    await expect
      .poll(() => page.locator(`${designer} [data-preview] [data-error]`).allTextContents())
      .toContain('最多输入10个字符');
    // The rule text edited by hand is the list: a rule per row, each removed by its ×.
    await page.fill(`${rules} input[name=rules]`, 'min:2|maxLength:10');
    await expect
      .poll(() =>
        page
          .locator(`${rules} li[data-rule]`)
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-rule'))),
      )
      .toEqual(['min', 'maxLength']);
    expect(await page.inputValue(`${rules} li[data-rule=min] input[name=ruleArg0]`)).toBe('2');
    await page.click(`${rules} button[aria-label="删除规则 最少字符数"]`);
    await expect.poll(() => page.inputValue(`${rules} input[name=rules]`)).toBe('maxLength:10');

    // Up one place; the preview follows the order.
    await page.click(`${main} li[data-field=notes] [data-action=move-up]`);
    expect(await rows()).toEqual([...first.slice(0, -1), 'notes', first.at(-1)]);

    // A formula naming a field that does not exist is a problem on its row, in words;
    // inserting a real field's name from the buttons makes it one that runs.
    await page.selectOption(`${main} select[name=newFieldType]`, 'number');
    await page.click(`${main} [data-action=add-field]`);
    await page.fill(`${settings} input[name=label]`, '总时长');
    await page.fill(`${settings} textarea[name=formula]`, 'nosuch * 2');
    await expect
      .poll(() => page.textContent(`${main} li[data-field=field1] .problems`))
      .toBe('1 个问题');
    await page.fill(`${settings} textarea[name=formula]`, '');
    await page.click(`${settings} [data-insert=hours]`);
    await expect.poll(() => page.inputValue(`${settings} textarea[name=formula]`)).toBe('hours');
    await expect.poll(() => page.locator(`${main} .problems`).count()).toBe(0);

    // 撤销 takes back the last change (the inserted name).
    await page.click(`${designer} [data-action=undo]`);
    await expect.poll(() => page.inputValue(`${settings} textarea[name=formula]`)).toBe('');

    // The JSON view is the same definition; broken JSON keeps the visual view waiting.
    await page.click(`${designer} [role=tab]:has-text("JSON")`);
    const area = `${designer} textarea[name=definition]`;
    const json = JSON.parse(await page.inputValue(area)) as { fields: { name: string }[] };
    expect(json.fields.map((field) => field.name)).toEqual([
      ...first.slice(0, -1),
      'notes',
      first.at(-1),
      'field1',
    ]);
    await page.fill(area, '{ "fields": [');
    await page.waitForSelector(`${designer} [data-error]`);
    expect(await page.isDisabled(`${designer} [data-action=save-definition]`)).toBe(true);
    await page.click(`${designer} [role=tab]:has-text("可视化设计")`);
    await page.waitForSelector(`${designer} [role=alert]:has-text("JSON 有误")`);
    await page.click(`${designer} [role=tab]:has-text("JSON")`);
    await page.fill(area, JSON.stringify(json, null, 2));
    await page.click(`${designer} [role=tab]:has-text("可视化设计")`);
    await page.waitForSelector(`${main} li[data-field=notes]`);

    // A sub-table, added with a column of its own.
    await page.click(`${designer} [data-action=add-sub-table]`);
    const table = `${designer} [data-field-group=table1]`;
    await page.fill(`${table} input[name=tableLabel]`, '会议物品');
    await page.selectOption(`${table} select[name=newFieldType]`, 'number');
    await page.click(`${table} [data-action=add-field]`);
    await page.fill(`${table} [data-field-settings] input[name=label]`, '数量');
    await expect
      .poll(() => page.locator(`${table} li[data-field] button.open`).allTextContents())
      .toEqual(['新字段field1单行文本', '数量field2数字']);

    // The preview checks the new required field; saving stores the next version.
    await page.click(`${designer} [data-action=check-preview]`);
    await expect
      .poll(() => page.locator(`${designer} [data-preview] [data-error]`).count())
      .toBeGreaterThan(0);
    await page.click(`${designer} [data-action=save-definition]`);
    await expect.poll(() => toasts(page)).toContain('保存成功');
    await page.click(`${designer} [role=tab]:has-text("JSON")`);
    await expect
      .poll(() => page.locator(`${designer} label`).filter({ hasText: '当前版本 2' }).count())
      .toBe(1);
    // What the server stores: the rule and the sub-table with its column.
    const stored = (await (
      await fetch(`${baseUrl()}/form/form/form/v1/getByKey?formKey=meetingBooking`, {
        headers: { Authorization: `Bearer ${await apiToken('admin', passwords.admin!)}` },
      })
    ).json()) as { value: { definition: FormDefinition } };
    const saved = stored.value.definition;
    expect(saved.fields.find((each) => each.name === 'notes')?.rules).toBe('maxLength:10');
    expect(saved.subTables.find((sub) => sub.name === 'table1')).toMatchObject({
      label: '会议物品',
      fields: [
        { name: 'field1', type: 'text' },
        { name: 'field2', label: '数量', type: 'number' },
      ],
    });
  });

  it('shows why the server refuses a definition whose formula names an unknown field, in both languages', async () => {
    const expected = {
      'zh-CN':
        '表单定义有误，未保存：字段“总计”（total）的公式「hours * nosuch」：公式中有未知的字段：nosuch',
      'en-US':
        'The form definition was not saved: field “Total” (total), formula “hours * nosuch”: Unknown field in formula: nosuch',
    };
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await pageIn(language);
      await open(page, '/formDesigner/meetingBooking', 'admin');
      const designer = 'atrium-form-designer';
      await page.waitForSelector(`${designer} [data-preview] [data-form=meetingBooking]`);
      // The visual view names fields and types in the reader's language, and rules too.
      expect(await page.textContent(`${designer} li[data-field=endAt] button.open`)).toBe(
        language === 'en-US' ? 'EndsendAtTextƒx' : '结束时间endAt单行文本ƒx',
      );
      await page.click(`${designer} li[data-field=subject] button.open`);
      const rule = `${designer} li[data-field=subject] li[data-rule=maxLength]`;
      expect(await page.textContent(`${rule} select[name=ruleKind] option:checked`)).toBe(
        language === 'en-US' ? 'Maximum length' : '最多字符数',
      );
      expect(await page.inputValue(`${rule} input[name=ruleArg0]`)).toBe('60');
      await page.click(`${designer} [role=tab]:nth-child(2)`);
      const area = `${designer} textarea[name=definition]`;
      const before = JSON.parse(await page.inputValue(area)) as { fields: object[] };
      const broken = {
        ...before,
        fields: [
          ...before.fields,
          {
            name: 'total',
            label: '总计',
            labelEn: 'Total',
            type: 'number',
            formula: 'hours * nosuch',
          },
        ],
      };
      await page.fill(area, JSON.stringify(broken, null, 2));
      await page.waitForSelector(`${designer} [data-preview] [name=total]`);
      await page.click(`${designer} [data-action=save-definition]`);
      await expect
        .poll(() => page.locator(`${designer} [role=alert]`).allTextContents())
        .toContain(expected[language]);
      await page.close();
    }
  });

  it('lists every problem of every row of a refused import, in both languages', async () => {
    const source = new ExcelJS.Workbook();
    const sheet = source.addWorksheet('data');
    sheet.addRow(['门店', '巡检日期', '区域', '结论', '得分']);
    sheet.addRow(['海雅百货不存在', '2026-11-01', '一楼', '很好', 150]);
    sheet.addRow(['海雅百货惠城店', '2026-11-02', '二楼', '不合格', 60]);
    sheet.addRow(['S01', '2026-11-03', '', '合格', 90]);
    const upload = join(tmpdir(), `atrium-import-report-${Date.now()}.xlsx`);
    await writeFile(upload, Buffer.from(await source.xlsx.writeBuffer()));
    const expected = {
      'zh-CN': [
        '第 2 行: 门店「海雅百货不存在」：不是可选的值（可选：海雅百货宝安店、海雅百货惠城店、海雅缤纷城、天汇广场）',
        '第 2 行: 结论「很好」：不是可选的值（可选：合格、限期整改、不合格）',
        '第 2 行: 得分「150」：不能大于100',
        '第 4 行: 区域：此项为必填项',
      ],
      'en-US': [
        "Row 2: Store “海雅百货不存在”: Not one of the choices (Haiya Department Store Bao'an, Haiya Department Store Huicheng, Haiya Binfen Shopping Centre, Tianhui Square)",
        'Row 2: Result “很好”: Not one of the choices (Pass, Rectify by deadline, Fail)',
      ],
    };
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await pageIn(language);
      await open(page, '/statement/template/preview/inspection', 'store01');
      await page.waitForSelector(`${shell} [data-action=import]`);
      await page.setInputFiles(`${shell} [data-import-file]`, upload);
      await page.waitForSelector(`${shell} [data-import-report] [data-problem-row="4"]`);
      const items = await page.locator(`${shell} [data-problem-row]`).allTextContents();
      expect(items).toHaveLength(4);
      expect(items).toEqual(expect.arrayContaining(expected[language]));
      await page.close();
    }
  });

  it('opens a list filtered by the conditions its address presets', async () => {
    const page = await browser.newPage();
    await open(page, '/statement/template/preview/inspection', 'store01');
    await page.waitForSelector(`${shell} td[data-column=store]`);
    const everything = await page.locator(`${shell} td[data-column=store]`).allTextContents();
    const store = await page.$eval(
      `${shell} select[name=store] option[value=S02]`,
      (option) => option.textContent ?? '',
    );
    // The list holds other stores' records too, so a preset that did nothing would show.
    expect(everything.some((text) => text !== store)).toBe(true);
    for (const presets of ['store=S02', JSON.stringify({ store: 'S02', unknown: 'x' })]) {
      await open(page, `/statement/template/preview/inspection/false/${encodeURIComponent(presets)}`, 'store01'); // prettier-ignore
      await expect.poll(() => page.inputValue(`${shell} select[name=store]`)).toBe('S02');
      await expect
        .poll(async () => [
          ...new Set(await page.locator(`${shell} td[data-column=store]`).allTextContents()),
        ])
        .toEqual([store]);
    }
    await page.close();
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
    // Found by pinyin initials, as the people picker finds him (郑强 is ops01), then chosen.
    await page.fill(`${picker} [role=dialog] input[name=fullname]`, 'zq');
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

  it('finds a staff member in the dialog by account and pinyin, departments in English', async () => {
    const page = await pageIn('en-US');
    await open(page, '/statement/template/form/inspection/add', 'store01');
    const picker = `${shell} atrium-custom-dialog[data-field=inspector]`;
    await page.click(`${picker} [data-action=open-dialog]:not([disabled])`);
    for (const text of ['zq', 'ops01']) {
      await page.fill(`${picker} [role=dialog] input[name=fullname]`, text);
      await page.click(`${picker} [role=dialog] [data-action=search]`);
      await expect.poll(() => page.locator(`${picker} [role=dialog] tbody tr`).count()).toBe(1);
      const row = page.locator(`${picker} [role=dialog] tr[data-value=ops01]`);
      const cells = await row.locator('td').allTextContents();
      expect(cells).toContain('郑强');
      // The department, the last column, in English as the people picker shows it.
      expect(cells[cells.length - 1]).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
