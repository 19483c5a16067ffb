import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { databaseKinds } from './harness';
import {
  contractRegistrationRecord,
  fitOutApplication,
  workbook,
  xlsxUpload,
} from './form-fixtures';
import { useServerAndClient } from './workflow-harness';

const base = '/form/form/dataTemplate/v1';
type Rows = { rows: Record<string, unknown>[]; total: number };

const fitOut = fitOutApplication;

describe.each(databaseKinds)('online forms on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const list = async (account: string, key: string, body: unknown = {}) =>
    (await client.post(account, `${base}/dataList_${key}`, body)).body as unknown as Rows;
  const raw = async (
    account: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    extra: object = {},
  ) =>
    server.app.inject({
      method,
      url,
      ...extra,
      headers: {
        authorization: `Bearer ${await client.token(account)}`,
        'accept-language': 'zh-CN',
        ...(extra as { headers?: Record<string, string> }).headers,
      },
    });

  it('answers the template with its definition and the caller’s buttons', async () => {
    const store = await client.get('store01', `${base}/getBpmDataTemplateInfo?templateKey=fitOut`);
    expect(store.status).toBe(200);
    const value = store.body.value as {
      form: { subTables: { name: string }[] };
      permission: Record<string, boolean>;
    };
    expect(value.form.subTables.map((table) => table.name)).toEqual(['works']);
    expect(value.permission).toMatchObject({
      add: true,
      edit: true,
      del: true,
      export: true,
      import: true,
    });
    const merchant = await client.get(
      'SZHY10001',
      `${base}/getBpmDataTemplateInfo?templateKey=fitOut`,
    );
    expect((merchant.body.value as typeof value).permission).toMatchObject({
      add: true,
      del: false,
      export: false,
    });
  });

  it('saves a record with its works, computing formulas and capitals on the server', async () => {
    const saved = await client.post('SZHY10001', `${base}/boSave/fitOut`, {
      ...fitOut(),
      worksTotal: '999', // a computed field from the request is not taken
      days: 1,
    });
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({
      state: true,
      message: '保存成功',
    });
    const id = saved.body.value as string;
    const form = await client.get('SZHY10001', `${base}/getForm/fitOut/fitOut?id=${id}`);
    const data = (form.body.value as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({ worksTotal: '0.3', days: 10, budgetCapitals: '壹拾贰万元伍角' });
    expect((data.works as unknown[]).length).toBe(2);
    const sub = await client.get(
      'SZHY10001',
      `${base}/getSubData?templateKey=fitOut&id=${id}&subTable=works`,
    );
    expect((sub.body.value as unknown[]).length).toBe(2);
    // Another merchant neither sees nor reads it; the store role does.
    expect((await client.get('SZHY10002', `${base}/getForm/fitOut/fitOut?id=${id}`)).status).toBe(
      404,
    );
    expect((await client.get('store01', `${base}/getForm/fitOut/fitOut?id=${id}`)).status).toBe(
      200,
    );
    const own = await list('SZHY10001', 'fitOut', { pageBean: { page: 1, pageSize: 100 } });
    expect(own.rows.some((row) => row.ID_ === id)).toBe(true);
    const others = await list('SZHY10002', 'fitOut', { pageBean: { page: 1, pageSize: 100 } });
    expect(others.rows.some((row) => row.ID_ === id)).toBe(false);
    const all = await list('store01', 'fitOut');
    expect(all.total).toBeGreaterThan(own.total);
  });

  it('refuses what the browser would have caught, and changes nothing', async () => {
    const before = (await list('store01', 'fitOut')).total;
    const cases: [Record<string, unknown>, RegExp][] = [
      [fitOut({ phone: '123' }), /联系电话/],
      [fitOut({ endDate: '2026-11-01' }), /完工日期/],
      [fitOut({ store: 'S99' }), /门店：不是可选的值/],
      [fitOut({ budget: '1.234' }), /两位小数/],
      [fitOut({ brand: 'a\u0000b' }), /NUL/],
      [fitOut({ brand: 'a\u0001b' }), /控制字符/],
      [
        fitOut({ works: [{ kind: 'decoration', content: '', cost: '1' }] }),
        /工程项目 第 1 行 内容/,
      ],
      [fitOut({ drawings: ['9999999999'] }), /附件/],
    ];
    for (const [body, message] of cases) {
      const answer = await client.post('SZHY10001', `${base}/boSave/fitOut`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const english = await client.call(
      'SZHY10001',
      'POST',
      `${base}/boSave/fitOut`,
      fitOut({ phone: '1' }),
      'en-US',
    );
    expect(english.body.message).toMatch(/^Phone: /);
    expect((await list('store01', 'fitOut')).total).toBe(before);
  });

  it('keeps contract numbers unique (the exists rule, looked up by the server)', async () => {
    const body = contractRegistrationRecord('HT20261000');
    const taken = await client.post('contract01', `${base}/boSave/contractRegistration`, body);
    expect(taken.status).toBe(400);
    expect(taken.body.message).toMatch(/合同号：输入的值已存在/);
    const fresh = await client.post('contract01', `${base}/boSave/contractRegistration`, {
      ...body,
      contractNo: 'HT-NEW-1',
    });
    expect(fresh.body.state).toBe(true);
    const record = await client.get(
      'contract01',
      `${base}/getForm/contractRegistration/contractRegistration?id=${fresh.body.value}`,
    );
    expect((record.body.value as { data: Record<string, unknown> }).data).toMatchObject({
      deposit: '3000',
      depositCapitals: '叁仟元整',
    });
  });

  it('filters and sorts on the definition’s fields only', async () => {
    const s01 = await list('store01', 'inspection', {
      querys: [{ property: 'store', value: 'S01', operation: 'EQUAL' }],
      sorter: [{ property: 'score', direction: 'ASC' }],
      pageBean: { page: 1, pageSize: 50 },
    });
    expect(s01.rows.length).toBeGreaterThan(0);
    expect(s01.rows.every((row) => row.store === 'S01')).toBe(true);
    const scores = s01.rows.map((row) => Number(row.score));
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    const unknown = await client.post('store01', `${base}/dataList_inspection`, {
      querys: [{ property: 'data; drop table users', value: 'x' }],
    });
    expect(unknown.status).toBe(400);
    const badSort = await client.post('store01', `${base}/dataList_inspection`, {
      sorter: [{ property: 'created_by', direction: 'ASC' }],
    });
    expect(badSort.status).toBe(400);
  });

  it('updates several records at once, all or nothing, and deletes only with the right', async () => {
    const rows = (await list('store01', 'inspection', { pageBean: { page: 1, pageSize: 2 } })).rows;
    const ids = rows.map((row) => row.ID_ as string);
    const bad = await client.post('store01', `${base}/boBatchUpdate/inspection`, {
      ids,
      values: { score: '101' },
    });
    expect(bad.status).toBe(400);
    const computed = await client.post('store01', `${base}/boBatchUpdate/inspection`, {
      ids,
      values: { findingCount: 9 },
    });
    expect(computed.status).toBe(400);
    const good = await client.post('store01', `${base}/boBatchUpdate/inspection`, {
      ids,
      values: { area: '中庭' },
    });
    expect(good.body, JSON.stringify(good.body)).toMatchObject({ state: true, value: 2 });
    const after = (await list('store01', 'inspection', { pageBean: { page: 1, pageSize: 2 } }))
      .rows;
    expect(after.map((row) => row.area)).toEqual(['中庭', '中庭']);
    // A merchant may not delete; the store role may, but not a record it cannot see.
    const merchantDelete = await client.call(
      'SZHY10001',
      'DELETE',
      `${base}/boDel/inspection?ids=${ids[0]}`,
    );
    expect(merchantDelete.status).toBe(403);
    const missing = await client.call(
      'store01',
      'DELETE',
      `${base}/boDel/inspection?ids=${ids[0]},1`,
    );
    expect(missing.status).toBe(404);
    const injected = await client.call('store01', 'DELETE', `${base}/boDel/inspection?ids=1;drop`);
    expect(injected.status).toBe(400);
    const deleted = await client.call(
      'store01',
      'DELETE',
      `${base}/boDel/inspection?ids=${ids[0]}`,
    );
    expect(deleted.body).toMatchObject({ state: true, value: 1 });
    expect(
      (await client.get('store01', `${base}/getForm/inspection/inspection?id=${ids[0]}`)).status,
    ).toBe(404);
  });

  it('keeps drafts per user: saved, resumed, listed, removed, never another’s', async () => {
    const saved = await client.post('SZHY10001', `${base}/boSaveDraft`, {
      templateKey: 'fitOut',
      title: '二楼装修',
      data: { brand: '半成', phone: '12' },
    });
    expect(saved.body.state).toBe(true);
    const id = saved.body.value as string;
    const draft = await client.get('SZHY10001', `${base}/getTempDraftData/${id}`);
    expect((draft.body.value as { data: unknown }).data).toEqual({ brand: '半成', phone: '12' });
    expect((await client.get('SZHY10002', `${base}/getTempDraftData/${id}`)).status).toBe(404);
    const mine = (await client.post('SZHY10001', `${base}/getMyDraftList`, {}))
      .body as unknown as Rows;
    expect(mine.rows.map((row) => row.id)).toContain(id);
    const theirs = (await client.post('SZHY10002', `${base}/getMyDraftList`, {}))
      .body as unknown as Rows;
    expect(theirs.rows.map((row) => row.id)).not.toContain(id);
    expect(
      (await client.call('SZHY10002', 'DELETE', `${base}/removeTempDraft?ids=${id}`)).status,
    ).toBe(404);
    const updated = await client.post('SZHY10001', `${base}/boSaveDraft`, {
      templateKey: 'fitOut',
      id,
      data: { brand: '半成品' },
    });
    expect(updated.body.value).toBe(id);
    expect(
      (await client.call('SZHY10001', 'DELETE', `${base}/removeTempDraft?ids=${id}`)).body.state,
    ).toBe(true);
    expect((await client.get('SZHY10001', `${base}/getTempDraftData/${id}`)).status).toBe(404);
  });

  it('exports every matching record and imports rows back, refusing a file with a bad row', async () => {
    const exported = await raw('store01', 'POST', `${base}/export?templateKey=inspection`, {
      payload: { querys: [{ property: 'store', value: 'S02' }] },
    });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const total = (
      await list('store01', 'inspection', { querys: [{ property: 'store', value: 'S02' }] })
    ).total;
    expect(sheet.rowCount - 1).toBe(total);
    expect(sheet.getRow(1).getCell(1).text).toBe('门店');

    const template = await raw('store01', 'POST', `${base}/downloadMainTempFile/inspection`);
    expect(template.statusCode).toBe(200);
    const before = (await list('store01', 'inspection')).total;
    const header = ['门店', '巡检日期', '区域', '结论', '得分'];
    const badFile = await workbook([
      header,
      ['S01', '2026-11-01', '一楼', 'pass', 90],
      ['S01', '2026-11-02', '二楼', 'pass', 150],
    ]);
    const refused = await raw(
      'store01',
      'POST',
      `${base}/importMain?templateKey=inspection`,
      xlsxUpload(badFile),
    );
    expect(refused.statusCode, refused.body).toBe(400);
    const report = JSON.parse(refused.body) as {
      message: string;
      value: { row: number; message: string }[];
    };
    expect(report.message).toBe('导入失败：1 行共 1 处错误，未导入任何记录');
    expect(report.value).toEqual([
      { row: 3, field: '得分', value: '150', message: expect.stringMatching(/^得分「150」：/) },
    ]);
    expect((await list('store01', 'inspection')).total).toBe(before);
    const goodFile = await workbook([
      header,
      ['S01', '2026-11-01', '一楼', 'pass', 90],
      ['S02', '2026-11-02', '二楼', 'fail', 50],
    ]);
    const imported = await raw(
      'store01',
      'POST',
      `${base}/importMain?templateKey=inspection`,
      xlsxUpload(goodFile),
    );
    expect(JSON.parse(imported.body)).toMatchObject({ state: true, value: 2 });
    expect((await list('store01', 'inspection')).total).toBe(before + 2);
    const merchant = await raw(
      'SZHY10001',
      'POST',
      `${base}/importMain?templateKey=inspection`,
      xlsxUpload(goodFile),
    );
    expect(merchant.statusCode).toBe(403);
    const wrongHeader = await workbook([
      ['门店', 'password'],
      ['S01', 'x'],
    ]);
    const header400 = await raw(
      'store01',
      'POST',
      `${base}/importMain?templateKey=inspection`,
      xlsxUpload(wrongHeader),
    );
    expect(header400.statusCode).toBe(400);
  });

  it('refuses strangers, forged ids and hostile bodies', async () => {
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `${base}/dataList_fitOut`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await client.get('SZHY10001', `${base}/getForm/fitOut/fitOut?id=1`)).status).toBe(404);
    const deep = `{"brand":${'['.repeat(5000)}"x"${']'.repeat(5000)}}`;
    const deepAnswer = await raw('SZHY10001', 'POST', `${base}/boSave/fitOut`, {
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(deepAnswer.statusCode).toBeGreaterThanOrEqual(400);
    expect(deepAnswer.statusCode).toBeLessThan(500);
    const notForm = await client.post('store01', `${base}/boSaveDraft`, {
      templateKey: 'dyzl',
      data: {},
    });
    expect(notForm.status).toBe(400);
  });

  it('saves definitions as versions for administrators only, checked', async () => {
    const current = await client.get('admin', '/form/form/form/v1/getByKey?formKey=meetingBooking');
    const { version, definition } = current.body.value as {
      version: number;
      definition: { fields: unknown[] };
    };
    const next = {
      ...definition,
      fields: [...definition.fields, { name: 'notes', label: '备注', type: 'textarea' }],
    };
    const stored = (definition.fields as { dictionary?: string; options?: unknown }[]).map(
      ({ options: _o, ...field }) => field,
    );
    const body = {
      ...next,
      fields: [...stored, { name: 'notes', label: '备注', type: 'textarea' }],
    };
    expect(
      (await client.post('emp01', '/form/form/form/v1/save', { definition: body })).status,
    ).toBe(403);
    const saved = await client.post('admin', '/form/form/form/v1/save', { definition: body });
    expect(saved.body).toMatchObject({ state: true, value: version + 1 });
    const twice = await client.post('admin', '/form/form/form/v1/save', {
      definition: { ...body, fields: [...stored, { name: 'subject', label: 'x', type: 'text' }] },
    });
    expect(twice.status).toBe(400);
    const subs = await client.get('emp01', '/form/form/form/v1/getSubEntsByFormKey?formKey=fitOut');
    expect(subs.body.value).toEqual([{ name: 'works', label: '工程项目', labelEn: 'Works' }]);
  });
});
