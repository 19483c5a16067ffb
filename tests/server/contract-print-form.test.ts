import { beforeAll, describe, expect, it } from 'vitest';
import { oneDatabase, withServer } from './harness';
import { up as convertDyzl } from '../../server/db/migrations/0025-dyzl-form';
import { as, tokenOf } from './shell-support';
import { contractPrintRecord } from './form-fixtures';

/**
 * dyzl as an online form (docs/forms.md, "Record stores"): its definition is checked on every
 * save, its records stay the rows of contract_prints within the caller's financeScope, and
 * the definition screen may not break the binding to the table's columns.
 */
describe.each(oneDatabase)('the dyzl form over contract_prints on %s', (kind) => {
  const server = withServer(kind);
  let call: Record<string, ReturnType<typeof as>>;
  const base = '/form/form/dataTemplate/v1';
  beforeAll(async () => {
    call = {};
    for (const account of ['store01', 'contract01', 'SZHY10001', 'SZHY10002', 'admin']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
    call.english = as(server.app, await tokenOf(server.app, 'store01'), 'en-US');
  });

  const valid = contractPrintRecord('HT-2026-S01-7001');
  const save = (account: string, body: Record<string, unknown>) =>
    call[account]!('POST', `${base}/boSave/dyzl`, body);
  /** Every contract_prints row and every dyzl record of form_records, as text. */
  const fingerprint = async () => {
    const prints = await server.db
      .selectFrom('contract_prints')
      .selectAll()
      .orderBy('id')
      .execute();
    const records = await server.db
      .selectFrom('form_records')
      .select('id')
      .where('form_key', '=', 'dyzl')
      .execute();
    return JSON.stringify([prints, records]);
  };
  const rowOf = (store: string, merchant?: string) => {
    let query = server.db
      .selectFrom('contract_prints')
      .select(['id', 'store_code'])
      .where('store_code', '=', store);
    if (merchant) query = query.where('merchant_code', '=', merchant);
    return query.orderBy('id').executeTakeFirstOrThrow();
  };

  it('answers the form, its plain list and the caller’s buttons; lists within scope', async () => {
    const info = (await call.store01!('GET', `${base}/getBpmDataTemplateInfo?templateKey=dyzl`))
      .body.value;
    expect(info.list).toBe('query');
    expect(info.form.key).toBe('dyzl');
    const store = info.form.fields.find((field: { name: string }) => field.name === 'F_MDID');
    // The stores dictionary is filled in for the page.
    expect(store.options.map((option: { value: string }) => option.value)).toContain('S03');
    expect(info.permission).toMatchObject({ add: true, del: true, export: false, import: false });
    const merchant = (
      await call.SZHY10001!('GET', `${base}/getBpmDataTemplateInfo?templateKey=dyzl`)
    ).body.value.permission;
    expect(merchant).toMatchObject({ add: false, del: false });

    const list = await call.store01!('POST', `${base}/dataList_dyzl`, {
      pageBean: { page: 1, pageSize: 200 },
    });
    expect(list.body.rows.length).toBeGreaterThan(0);
    expect(new Set(list.body.rows.map((row: { F_MDID: string }) => row.F_MDID))).toEqual(
      new Set(['S01', 'S02']),
    );
  });

  it('refuses a save that breaks a rule with the rule’s message, writing nothing', async () => {
    const before = await fingerprint();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, F_ZSRYSJH: '1390000000' }, '对接人员手机号：请输入有效的手机号码'],
      [{ ...valid, F_HTH: '' }, '合同号：此项为必填项'],
      [{ ...valid, F_GYSDM: 'AB-1' }, '往来单位编码：格式不正确'],
      [{ ...valid, F_LXR: 'a\u0001b' }, '品牌联系人：不能包含控制字符'],
      [{ ...valid, F_LXR: 'a\u0000b' }, '请求中含有不允许的字符（NUL 或无效的 Unicode 字符）'],
    ];
    for (const [body, message] of cases) {
      const answer = await save('store01', body);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    const english = await call.english!('POST', `${base}/boSave/dyzl`, {
      ...valid,
      F_LXSJH: 'x',
    });
    expect(english.body.message).toMatch(/^Contact mobile: /);
    expect(await fingerprint()).toBe(before);
  });

  it('saves a valid record into contract_prints, never into form_records', async () => {
    const saved = await save('store01', { ...valid, F_CJSJ: '2000-01-01', F_MD: 'forged' });
    expect(saved.body).toMatchObject({ state: true, message: '保存成功' });
    const row = await server.db
      .selectFrom('contract_prints')
      .selectAll()
      .where('id', '=', saved.body.value)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store_code: 'S01', contract_no: 'HT-2026-S01-7001' });
    expect(Date.now() - new Date(row.created_at).getTime()).toBeLessThan(60_000);
    const records = await server.db
      .selectFrom('form_records')
      .select('id')
      .where('form_key', '=', 'dyzl')
      .execute();
    expect(records).toEqual([]);
    // The record page reads it back through the same store.
    const form = await call.store01!('GET', `${base}/getForm/dyzl/dyzl?id=${saved.body.value}`);
    expect(form.body.value).toMatchObject({
      readonly: false,
      data: { F_HTH: 'HT-2026-S01-7001', F_MDID: 'S01' },
    });
  });

  it('keeps each caller to their financeScope on read, save and delete', async () => {
    // SZHY10002 trades in S03 and S04; store01 holds S01 and S02.
    const foreign = await rowOf('S03', '10002');
    const before = await fingerprint();
    const read = (account: string, id: string) =>
      call[account]!('GET', `${base}/getForm/dyzl/dyzl?id=${id}`);
    expect((await read('SZHY10001', foreign.id)).status).toBe(404);
    expect((await read('store01', foreign.id)).status).toBe(404);
    expect((await read('SZHY10002', foreign.id)).body.value.readonly).toBe(true);

    expect((await save('store01', { ...valid, ID_: foreign.id })).status).toBe(404);
    expect((await save('SZHY10002', { ...valid, ID_: foreign.id, F_MDID: 'S03' })).status).toBe(
      403,
    );
    const del = (account: string, ids: string[]) =>
      call[account]!('DELETE', `${base}/boDel/dyzl?ids=${ids.join(',')}`);
    const own = await rowOf('S01');
    expect((await del('store01', [foreign.id])).status).toBe(404);
    // One foreign id among its own: nothing is deleted.
    expect((await del('store01', [own.id, foreign.id])).status).toBe(404);
    expect((await del('SZHY10002', [foreign.id])).status).toBe(403);
    expect((await call.admin!('DELETE', `${base}/boDel/dyzl?ids=${foreign.id}`)).status).toBe(403);
    expect(await fingerprint()).toBe(before);

    const gone = await del('store01', [own.id]);
    expect(gone.body).toMatchObject({ state: true, value: 1 });
    const left = await server.db
      .selectFrom('contract_prints')
      .select('id')
      .where('id', '=', own.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('refuses the calls of form_records (export, import, batch update, drafts) for dyzl', async () => {
    const before = await fingerprint();
    const own = await rowOf('S02');
    const answers = [
      await call.contract01!('POST', `${base}/export?templateKey=dyzl`, {}),
      await call.contract01!('POST', `${base}/boBatchUpdate/dyzl`, {
        ids: [own.id],
        values: { F_PPMC: '改' },
      }),
      await call.store01!('POST', `${base}/boSaveDraft`, { templateKey: 'dyzl', data: {} }),
    ];
    for (const answer of answers) {
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message: '该表单的记录保存在专用数据表中，不支持此操作',
      });
    }
    expect(await fingerprint()).toBe(before);
    // A refused export is not an export: it does not count against the caller's 10 a minute.
    const contract01 = await server.db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'contract01')
      .executeTakeFirstOrThrow();
    const counted = await server.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', '=', `form-export:user:${contract01.id}`)
      .execute();
    expect(counted).toEqual([]);
  });

  it('lets the definition screen edit labels, rules and order, never the binding', async () => {
    const current = (await call.admin!('GET', '/form/form/form/v1/getByKey?formKey=dyzl')).body
      .value as { version: number; definition: { fields: Record<string, unknown>[] } };
    // getByKey fills the dictionary's choices in; a definition is saved without them.
    const stored = current.definition.fields.map(({ options: _choices, ...field }) => field);
    const saveDefinition = (fields: Record<string, unknown>[]) =>
      call.admin!('POST', '/form/form/form/v1/save', {
        definition: { ...current.definition, fields },
      });
    const change = (name: string, patch: Record<string, unknown>) =>
      stored.map((field) => (field.name === name ? { ...field, ...patch } : field));
    const refusals: [Record<string, unknown>[], string][] = [
      [change('F_PPMC', { name: 'brand' }), '该表单的字段绑定到数据表的列'],
      [
        [...stored, { name: 'F_NOTE', label: '备注', type: 'text' }],
        '该表单的字段绑定到数据表的列',
      ],
      [stored.slice(1), '该表单的字段绑定到数据表的列'],
      [change('F_PPMC', { type: 'textarea' }), '字段 F_PPMC 绑定到数据表的列'],
      [change('F_MDID', { dictionary: 'workKind' }), '字段 F_MDID 绑定到数据表的列'],
      [change('F_LXSJH', { required: false }), '字段 F_LXSJH 是数据表必需的值'],
      [change('F_HTH', { rules: 'exists' }), '字段 F_HTH：该表单的记录保存在专用数据表中'],
    ];
    for (const [fields, message] of refusals) {
      const answer = await saveDefinition(fields);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    const versions = async () =>
      (
        await server.db
          .selectFrom('form_defs')
          .select('version')
          .where('form_key', '=', 'dyzl')
          .execute()
      ).length;
    expect(await versions()).toBe(1);

    // Allowed: a label, a stricter rule, a new required mark, another order.
    const edited = change('F_PPMC', { label: '品牌名称', rules: 'max:4' }).map((field) =>
      field.name === 'F_GYSDM' ? { ...field, required: true } : field,
    );
    const saved = await saveDefinition([...edited].reverse());
    expect(saved.body).toMatchObject({ state: true, value: 2 });
    const before = await fingerprint();
    const tooLong = await save('contract01', { ...valid, F_GYSDM: '10001', F_PPMC: '丽人坊美妆' });
    expect(tooLong.body.message).toBe('品牌名称：最多输入4个字符');
    const noVendor = await save('contract01', valid);
    expect(noVendor.body.message).toBe('往来单位编码：此项为必填项');
    expect(await fingerprint()).toBe(before);
  });

  it('turns the older dyzl template of a database seeded before into the form (0025)', async () => {
    await server.db.deleteFrom('form_defs').where('form_key', '=', 'dyzl').execute();
    await server.db
      .updateTable('data_templates')
      .set({ source: 'store' })
      .where('template_key', '=', 'dyzl')
      .execute();
    const info = () => call.store01!('GET', `${base}/getBpmDataTemplateInfo?templateKey=dyzl`);
    expect((await info()).status).toBe(400);
    await convertDyzl(server.db as never);
    const converted = await info();
    expect(converted.body.value).toMatchObject({ list: 'query', form: { key: 'dyzl' } });
    expect((await save('store01', { ...valid, F_HTH: 'HT-2026-S01-7002' })).body.state).toBe(true);
    // Run again (or on a fresh database): nothing to do.
    await convertDyzl(server.db as never);
    const versions = await server.db
      .selectFrom('form_defs')
      .select('version')
      .where('form_key', '=', 'dyzl')
      .execute();
    expect(versions).toEqual([{ version: 1 }]);
  });
});
