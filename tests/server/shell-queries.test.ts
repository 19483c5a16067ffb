import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/people';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { as, tokenOf } from './shell-support';
import { contractPrintRecord } from './form-fixtures';

describe.each(databaseKinds)('shell custom queries and query views on %s', (kind) => {
  let server: TestServer;
  let call: Record<string, ReturnType<typeof as>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    call = {};
    for (const account of ['store01', 'admin', 'SZHY10001']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
    call.english = as(server.app, await tokenOf(server.app, 'store01'), 'en-US');
  });
  afterAll(() => server.close());

  const definition = async (alias: string) => {
    const answer = await call.store01!(
      'POST',
      `/form/form/customQuery/v1/getByAlias?alias=${alias}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const isJson = (text: string) => {
    try {
      JSON.parse(text);
      return true;
    } catch {
      return false;
    }
  };

  it('serves a definition with its JSON settings as text, by query, raw body or object', async () => {
    const stores = await definition('storeList');
    expect(stores).toMatchObject({ alias: 'storeList', dsType: 'dataSource', needPage: true });
    expect(JSON.parse(stores.conditionfield)[0]).toEqual({
      field: 'storeName',
      comment: '门店名称',
      commentEn: 'Store',
      defaultValue: '',
      defaultType: '1',
    });
    const raw = await call.store01!('POST', '/form/form/customQuery/v1/getByAlias', 'storeList', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(raw.body.alias).toBe('storeList');
    const object = await call.store01!('POST', '/form/form/customQuery/v1/getByAlias', {
      alias: 'demoStores',
    });
    expect(object.body).toMatchObject({
      dsType: 'restful',
      requestType: 'GET',
      url: '/form/form/customQuery/v1/demoExternal/stores',
      listKey: 'data.list',
    });
    expect(JSON.parse(object.body.header)).toEqual({ 'X-Demo': 'atrium' });
  });

  it('keeps each broken external definition as seeded, for the browser to report', async () => {
    expect(await definition('demoEmptyUrl')).toMatchObject({ dsType: 'restful', url: '' });
    const params = await definition('demoBadParams');
    expect(params.requestType).toBe('POST');
    expect(isJson(params.dataParam)).toBe(false);
    expect(isJson((await definition('demoBadHeader')).header)).toBe(false);
    expect(isJson((await definition('demoBadConditions')).conditionfield)).toBe(false);
    for (const alias of ['demoEmptyAnswer', 'demoNotJson', 'demoNoArray']) {
      expect((await definition(alias)).url).toMatch(
        /^\/form\/form\/customQuery\/v1\/demoExternal\//,
      );
    }
  });

  it('answers each external shape at the demo endpoints', async () => {
    const open = as(server.app, null);
    const get = (path: string) => open('GET', `/form/form/customQuery/v1/demoExternal/${path}`);
    const stores = await get('stores?city=%E6%B7%B1%E5%9C%B3');
    expect(stores.body.data.list.map((store: { storeCode: string }) => store.storeCode)).toEqual([
      'S01',
      'S03',
    ]);
    const empty = await get('empty');
    expect(empty.status).toBe(200);
    expect(empty.raw.length).toBe(0);
    const text = await get('not-json');
    expect(isJson(text.raw.toString())).toBe(false);
    const noArray = await get('no-array');
    expect(Array.isArray(noArray.body.data.list)).toBe(false);
  });

  it('answers an unknown alias with a clear 404 in the caller language', async () => {
    const zh = await call.store01!('POST', '/form/form/customQuery/v1/getByAlias?alias=nope');
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ state: false, message: '未找到别名对应的关联查询' });
    const en = await call.english!(
      'POST',
      '/form/form/customQuery/v1/doQuery?alias=nope&page=1',
      '{}',
      {
        'content-type': 'text/plain',
      },
    );
    expect(en.body.message).toBe('Related query with alias not found');
  });

  it('pages a named query with the filter rules, from a raw queryData body', async () => {
    const query = (body: string, page = 1) =>
      call.store01!(
        'POST',
        `/form/form/customQuery/v1/doQuery?alias=storeList&page=${page}`,
        body,
        {
          'content-type': 'text/plain',
        },
      );
    const all = await query('{}');
    expect(all.body).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(all.body.rows.map((row: { storeCode: string }) => row.storeCode)).toEqual([
      'S01',
      'S02',
      'S03',
      'S04',
    ]);
    const shenzhen = await query(JSON.stringify({ city: '深圳', storeName: '' }));
    expect(shenzhen.body.rows.map((row: { storeName: string }) => row.storeName)).toEqual([
      '海雅百货宝安店',
      '海雅缤纷城',
    ]);
    expect((await query('{"storeName": "%"}')).body.total).toBe(0);
    expect((await query('{}', 2)).body.rows).toEqual([]);
    const bad = await query('{"city": ');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('查询条件不是有效的 JSON 对象');
    const unknown = await query('{"sql": "select 1"}');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('不支持的查询条件：sql');
    const external = await call.store01!(
      'POST',
      '/form/form/customQuery/v1/doQuery?alias=demoStores',
      {},
    );
    expect(external.status).toBe(400);
  });

  it("scopes a query to the caller's own rows", async () => {
    const card = await call.store01!(
      'POST',
      '/form/form/customQuery/v1/doQuery?alias=attendanceCard',
      {},
    );
    expect(card.body.rows).toHaveLength(1);
    expect(card.body.rows[0].account).toBe('store01');
    expect(card.body.rows[0].exceptionCount).toBeGreaterThanOrEqual(1);
    const reads = await call.store01!(
      'POST',
      '/form/form/customQuery/v1/doQuery?alias=myNewsReads',
      {},
    );
    expect(reads.body.total).toBe(0);
    const news = await server.db.selectFrom('news').select('id').limit(2).execute();
    for (const { id } of news) {
      await call.admin!('POST', '/bpm-runtime/message/SaveNewsItem', { ggbm: id });
    }
    await call.store01!('POST', '/bpm-runtime/message/SaveNewsItem', { ggbm: news[0]!.id });
    expect(
      (await call.store01!('POST', '/form/form/customQuery/v1/doQuery?alias=myNewsReads', {})).body
        .total,
    ).toBe(1);
    expect(
      (await call.admin!('POST', '/form/form/customQuery/v1/doQuery?alias=myNewsReads', {})).body
        .total,
    ).toBe(2);
  });

  it('serves the attendance and leave views with their columns and conditions', async () => {
    const view = await call.store01!(
      'GET',
      '/form/form/query/queryView/getJson?sqlAlias=kqyc&alias=kqycmx',
    );
    expect(view.body).toMatchObject({ sqlAlias: 'kqyc', alias: 'kqycmx', name: '考勤异常明细' });
    expect(view.body.columns.map((column: { field: string }) => column.field)).toEqual([
      'day',
      'fullname',
      'kindName',
      'minutes',
      'note',
    ]);
    expect(view.body.conditions.map((condition: { field: string }) => condition.field)).toEqual([
      'day',
      'kind',
    ]);
    const leave = await call.english!(
      'GET',
      '/form/form/query/queryView/getJson?sqlAlias=grqjmx&alias=grqj',
    );
    expect(leave.body.name).toBe('My leave');
    const missing = await call.store01!(
      'GET',
      '/form/form/query/queryView/getJson?sqlAlias=kqyc&alias=x',
    );
    expect(missing.status).toBe(404);
  });

  it('pages view rows scoped to the caller, with date pairs applied only when complete', async () => {
    const data = (account: string, body: unknown) =>
      call[account]!('POST', '/form/form/query/queryView/data_kqyc/kqycmx', body);
    const own = await server.db
      .selectFrom('attendance_exceptions')
      .select(['day', 'kind'])
      .where('user_id', '=', userId(5))
      .orderBy('day', 'desc')
      .execute();
    const first = await data('store01', { pageBean: { page: 1, pageSize: 3 } });
    expect(first.body).toMatchObject({ total: own.length, page: 1, pageSize: 3 });
    expect(first.body.rows.map((row: { day: string }) => row.day)).toEqual(
      own.slice(0, 3).map((row) => row.day),
    );
    expect(new Set(first.body.rows.map((row: { account: string }) => row.account))).toEqual(
      new Set(['store01']),
    );
    const all = await server.db
      .selectFrom('attendance_exceptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect((await data('admin', null)).body.total).toBe(Number(all.n));
    expect((await data('SZHY10001', null)).body.total).toBe(0);

    const from = own[own.length - 1]!.day;
    const to = own[0]!.day;
    const pair = await data('store01', {
      querys: [{ property: 'day', value: [to, to], operation: 'BETWEEN' }],
    });
    expect(pair.body.total).toBe(own.filter((row) => row.day === to).length);
    const halfOpen = await data('store01', {
      querys: [{ property: 'day', value: from, operation: 'GREAT_EQUAL' }],
    });
    expect(halfOpen.body.total).toBe(own.length);
    const late = await data('store01', {
      querys: [{ property: 'kind', value: 'late', operation: 'EQUAL' }],
    });
    expect(late.body.total).toBe(own.filter((row) => row.kind === 'late').length);
    // Only the view's declared conditions filter.
    const undeclared = await data('store01', { querys: [{ property: 'account', value: 'admin' }] });
    expect(undeclared.status).toBe(400);
    const badDate = await data('store01', {
      querys: [{ property: 'day', value: ['yesterday', 'today'], operation: 'BETWEEN' }],
    });
    expect(badDate.body.message).toBe('查询条件 day 的日期格式应为 yyyy-mm-dd');

    const leave = await call.store01!('POST', '/form/form/query/queryView/data_grqjmx/grqj', {});
    expect(leave.body.total).toBe(3);
    expect(leave.body.rows[0]).toMatchObject({
      kind: 'compensatory',
      kindName: '调休',
      statusName: '审批中',
    });
  });
});

describe.each(databaseKinds)('shell data templates (dyzl) on %s', (kind) => {
  let server: TestServer;
  let call: Record<string, ReturnType<typeof as>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    call = {};
    for (const account of ['store01', 'contract01', 'acct01', 'SZHY10001', 'admin']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
    call.english = as(server.app, await tokenOf(server.app, 'contract01'), 'en-US');
  });
  afterAll(() => server.close());

  const valid = contractPrintRecord('HT-2026-S01-9001');
  const save = (account: string, body: Record<string, unknown>) =>
    call[account]!('POST', '/form/form/dataTemplate/v1/boSave/dyzl', body);
  const count = async () =>
    Number(
      (
        await server.db
          .selectFrom('contract_prints')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('describes the template with fields, rule strings and who may add', async () => {
    const info = async (account: string) =>
      (
        await call[account]!(
          'GET',
          '/form/form/dataTemplate/v1/getBpmDataTemplateInfo?templateKey=dyzl',
        )
      ).body.value;
    const store = await info('store01');
    expect(store).toMatchObject({ templateKey: 'dyzl', boAlias: 'dyzl', formKey: 'dyzl' });
    expect(store.fields.find((field: { name: string }) => field.name === 'F_LXSJH')).toMatchObject({
      rules: 'phone',
      required: true,
    });
    expect(store.permission.add).toBe(true);
    expect((await info('contract01')).permission.add).toBe(true);
    expect((await info('acct01')).permission.add).toBe(false);
    expect((await info('SZHY10001')).permission.add).toBe(false);
    const missing = await call.store01!(
      'GET',
      '/form/form/dataTemplate/v1/getBpmDataTemplateInfo?templateKey=x',
    );
    expect(missing.status).toBe(404);
  });

  it('lists the rows each role may see', async () => {
    const list = (account: string, body: unknown = {}) =>
      call[account]!('POST', '/form/form/dataTemplate/v1/dataList_dyzl', body);
    const everything = await count();
    expect((await list('contract01')).body.total).toBe(everything);
    const storeRows = await server.db
      .selectFrom('contract_prints')
      .select('id')
      .where('store_code', 'in', ['S01', 'S02'])
      .execute();
    const store = await list('store01', { pageBean: { page: 1, pageSize: 200 } });
    expect(store.body.total).toBe(storeRows.length);
    expect(new Set(store.body.rows.map((row: { F_MDID: string }) => row.F_MDID))).toEqual(
      new Set(['S01', 'S02']),
    );
    const merchantRows = await server.db
      .selectFrom('contract_prints')
      .select('id')
      .where((eb) => eb.or([eb('merchant_code', '=', '10001'), eb('contact_mobile', '=', '10001')]))
      .execute();
    expect((await list('SZHY10001')).body.total).toBe(merchantRows.length);
    expect((await list('acct01')).body.total).toBe(0);
    const first = (await list('contract01', { pageBean: { page: 1, pageSize: 1 } })).body.rows[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        'ID_',
        'F_MD',
        'F_MDID',
        'F_GYSDM',
        'F_GYSMC',
        'F_PPMC',
        'F_HTH',
        'F_LXR',
        'F_LXSJH',
        'F_DXSFFSCG',
        'F_ZSRY',
        'F_ZSRYSJH',
        'F_ZSRYTZSFCG',
        'F_CJSJ',
      ].sort(),
    );
  });

  it('checks every value against the rule strings on the server, saving nothing on failure', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, F_GYSMC: '  ' }, '商户名称：此项为必填项'],
      [{ ...valid, F_LXSJH: '12345' }, '联系人手机号：请输入有效的手机号码'],
      [{ ...valid, F_HTH: 'HT 2026/1' }, '合同号：格式不正确'],
      [{ ...valid, F_PPMC: '品'.repeat(61) }, '品牌：最多输入60个字符'],
      [
        { ...valid, F_MDID: 'S99' },
        '门店：不是可选的值（可选：海雅百货宝安店、海雅百货惠城店、海雅缤纷城、天汇广场）',
      ],
      [{ ...valid, F_GYSDM: '99999' }, '往来单位编码不存在'],
      [{ ...valid, F_LXR: { nested: true } }, '品牌联系人：值的类型不正确'],
    ];
    for (const [body, message] of cases) {
      const answer = await save('contract01', body);
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 400,
        message,
      });
    }
    const english = await call.english!('POST', '/form/form/dataTemplate/v1/boSave/dyzl', {
      ...valid,
      F_GYSMC: '',
    });
    expect(english.body.message).toBe('Merchant: This field is required');
    expect(await count()).toBe(before);
  });

  it('lets only the contract and store roles add, the store role only for its stores', async () => {
    const before = await count();
    expect((await save('acct01', valid)).status).toBe(403);
    expect((await save('SZHY10001', valid)).status).toBe(403);
    const otherStore = await save('store01', { ...valid, F_MDID: 'S03' });
    expect(otherStore.status).toBe(403);
    expect(otherStore.body.message).toBe('您没有新增或编辑该数据的权限');
    expect(await count()).toBe(before);

    const added = await save('store01', {
      ...valid,
      F_MD: 'forged',
      F_CJSJ: '2000-01-01',
      F_DXSFFSCG: '否',
    });
    expect(added.body).toMatchObject({ state: true, message: '保存成功' });
    const row = await server.db
      .selectFrom('contract_prints')
      .selectAll()
      .where('id', '=', added.body.value)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      store_code: 'S01',
      merchant_name: '深圳市丽人坊化妆品有限公司',
      contact_mobile: '13712345678',
      brand_sms_ok: true,
      liaison_sms_ok: true,
    });
    expect(Date.now() - new Date(row.created_at).getTime()).toBeLessThan(60_000);
    const sms = await server.db
      .selectFrom('sms_outbox')
      .select(['mobile', 'body'])
      .where('body', 'like', '%HT-2026-S01-9001%')
      .orderBy('id')
      .execute();
    expect(sms.map((message) => message.mobile)).toEqual(['13712345678', '13900000005']);
    expect(await count()).toBe(before + 1);

    const anywhere = await save('contract01', {
      ...valid,
      F_MDID: 'S04',
      F_HTH: 'HT-2026-S04-9002',
    });
    expect(anywhere.body.state).toBe(true);
  });

  it('edits for the two roles within their scope and shows the record read-only to others', async () => {
    const id = (
      await save('store01', {
        ...valid,
        F_HTH: 'HT-2026-S02-9003',
        F_MDID: 'S02',
        F_GYSDM: '10001',
      })
    ).body.value as string;
    const form = (account: string, query = `?id=${id}`) =>
      call[account]!('GET', `/form/form/dataTemplate/v1/getForm/dyzl/dyzl${query}`);
    expect((await form('store01')).body.value).toMatchObject({
      readonly: false,
      data: { ID_: id, F_MDID: 'S02', F_HTH: 'HT-2026-S02-9003' },
    });
    expect((await form('contract01')).body.value.readonly).toBe(false);
    // The merchant of the row sees it, read-only; someone outside its scope does not see it.
    const merchant = await form('SZHY10001');
    expect(merchant.body.value).toMatchObject({ readonly: true, data: { F_GYSDM: '10001' } });
    expect((await form('acct01')).status).toBe(404);
    // No id: an empty record, for those who may add only.
    expect((await form('store01', '')).body.value).toMatchObject({ data: {}, readonly: false });
    expect((await form('SZHY10001', '')).status).toBe(403);

    const edited = await save('store01', {
      ...valid,
      ID_: id,
      F_MDID: 'S02',
      F_PPMC: '丽人坊美妆',
    });
    expect(edited.body.state).toBe(true);
    const moved = await save('store01', { ...valid, ID_: id, F_MDID: 'S04' });
    expect(moved.status).toBe(403);
    const byMerchant = await save('SZHY10001', { ...valid, ID_: id, F_MDID: 'S02' });
    expect(byMerchant.status).toBe(403);
    const row = await server.db
      .selectFrom('contract_prints')
      .select(['brand', 'store_code'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ brand: '丽人坊美妆', store_code: 'S02' });
    // A row of another store is not the store role's to edit, even by id.
    const foreign = await server.db
      .selectFrom('contract_prints')
      .select('id')
      .where('store_code', '=', 'S03')
      .executeTakeFirstOrThrow();
    const refused = await save('store01', { ...valid, ID_: foreign.id, F_MDID: 'S01' });
    expect(refused.status).toBe(404);
  });

  it('exports every row of a view under its conditions, scoped, the count in the file name', async () => {
    const exported = async (account: string, body: unknown, language = 'zh-CN') =>
      server.app.inject({
        method: 'POST',
        url: '/form/form/query/queryView/export?sqlAlias=kqyc&alias=kqycmx',
        headers: {
          authorization: `Bearer ${await tokenOf(server.app, account)}`,
          'accept-language': language,
        },
        payload: body as Record<string, unknown>,
      });
    const rowsOf = async (payload: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(payload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      return { header: sheet.getRow(1).values as unknown[], count: sheet.rowCount - 1 };
    };
    const own = await server.db
      .selectFrom('attendance_exceptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId(5))
      .executeTakeFirstOrThrow();
    const mine = await exported('store01', { pageBean: { page: 1, pageSize: 3 } });
    expect(mine.statusCode).toBe(200);
    expect(decodeURIComponent(String(mine.headers['content-disposition']))).toContain(
      `(${Number(own.n)}).xlsx`,
    );
    // Every row, not the page on screen.
    expect((await rowsOf(mine.rawPayload)).count).toBe(Number(own.n));
    const all = await server.db
      .selectFrom('attendance_exceptions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const admin = await exported('admin', {});
    expect((await rowsOf(admin.rawPayload)).count).toBe(Number(all.n));
    const merchant = await exported('SZHY10001', {});
    expect((await rowsOf(merchant.rawPayload)).count).toBe(0);
    const english = await exported('store01', {}, 'en-US');
    expect((await rowsOf(english.rawPayload)).header).toContain('Date');
    const undeclared = await exported('store01', { querys: [{ property: 'account', value: 'x' }] });
    expect(undeclared.statusCode).toBe(400);
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/form/form/query/queryView/export?sqlAlias=kqyc&alias=nope',
      headers: { authorization: `Bearer ${await tokenOf(server.app, 'store01')}` },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/form/form/query/queryView/export?sqlAlias=kqyc&alias=kqycmx',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
    // The same export 100 times at once: the export limit (10 a minute a user) answers 429.
    const merchantToken = await tokenOf(server.app, 'SZHY10001');
    const burst = await Promise.all(
      Array.from({ length: 100 }, () =>
        server.app.inject({
          method: 'POST',
          url: '/form/form/query/queryView/export?sqlAlias=kqyc&alias=kqycmx',
          headers: { authorization: `Bearer ${merchantToken}` },
          payload: {},
        }),
      ),
    );
    const statuses = burst.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    const served = statuses.filter((status) => status === 200).length;
    expect(served).toBeGreaterThan(0);
    expect(served).toBeLessThanOrEqual(10);
  });
});
