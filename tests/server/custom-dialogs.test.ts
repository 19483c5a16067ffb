import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogAliases } from '../../server/db/seed/forms-dialogs';
import { oneDatabase, login, startTestServer, type TestServer } from './harness';
import { as, tokenOf } from './shell-support';

/**
 * Custom dialogs (issue 17; docs/forms.md "Custom dialogs"): getByAlias and getListData on
 * the seeded dialogs, the caller's scope, roles, and requests an attacker would send.
 */
type Call = ReturnType<typeof as>;
const base = '/form/form/customDialog/v1';
const { contracts, staff, storeFloors, externalStores, leaseContracts } = dialogAliases;

interface Node {
  id: string;
  parentId: string;
  name: string;
  children: Node[];
}

describe.each(oneDatabase)('custom dialogs on %s', (kind) => {
  let server: TestServer;
  let admin: Call;
  let merchant: Call;
  let emp01: Call;
  let english: Call;
  let store01: Call;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = as(server.app, await tokenOf(server.app, 'admin'));
    merchant = as(server.app, await tokenOf(server.app, 'SZHY10001'));
    const empToken = await login(server.app, 'emp01', 'Staff#2026');
    emp01 = as(server.app, empToken);
    english = as(server.app, empToken, 'en-US');
    store01 = as(server.app, await tokenOf(server.app, 'store01'));
  });
  afterAll(() => server.close());

  const list = (call: Call, alias: string, body: unknown = {}) =>
    call('POST', `${base}/getListData?alias=${alias}`, body);

  it('describes a dialog in the caller language, without its address', async () => {
    const zh = await emp01('GET', `${base}/getByAlias?alias=${contracts}`);
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({
      alias: contracts,
      name: '商户合同',
      style: 'list',
      selectNum: 0,
      dsType: 'query',
      needPage: true,
      pageSize: 20,
    });
    expect(zh.body.displayfield.map((f: { field: string }) => f.field)).toEqual([
      'contractNo',
      'merchantName',
      'storeName',
      'shopNo',
      'endsOn',
    ]);
    expect(zh.body.conditionfield[0]).toMatchObject({ field: 'contractNo', comment: '合同号' });
    const en = await english('GET', `${base}/getByAlias?alias=${contracts}`);
    expect(en.body.name).toBe('Merchant contracts');
    expect(en.body.conditionfield[1].comment).toBe('Merchant name');
    const external = await emp01('GET', `${base}/getByAlias?alias=${externalStores}`);
    expect(external.body.dsType).toBe('url');
    expect(JSON.stringify(external.body)).not.toContain('demoExternal');
    const tree = await emp01('GET', `${base}/getByAlias?alias=${storeFloors}`);
    expect(tree.body).toMatchObject({
      style: 'tree',
      treeIdField: 'id',
      treeParentField: 'parentId',
    });
  });

  it('refuses an unknown alias, a bad alias and a call without a token', async () => {
    const missing = await emp01('GET', `${base}/getByAlias?alias=noSuchDialog`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ state: false, message: '未找到别名对应的对话框' });
    const missingEn = await english('POST', `${base}/getListData?alias=noSuchDialog`, {});
    expect(missingEn.status).toBe(404);
    expect(missingEn.body.message).toBe('No custom dialog with this alias');
    for (const bad of ["a'%20or%201=1", '', 'a'.repeat(65)]) {
      const answer = await emp01('GET', `${base}/getByAlias?alias=${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body.state).toBe(false);
    }
    const anonymous = as(server.app, null);
    expect((await anonymous('GET', `${base}/getByAlias?alias=${contracts}`)).status).toBe(401);
    expect((await list(anonymous, contracts)).status).toBe(401);
  });

  it('pages, searches and sorts the contracts', async () => {
    const first = await list(admin, contracts, { pageBean: { page: 1, pageSize: 10 } });
    expect(first.status).toBe(200);
    expect(first.body.rows).toHaveLength(10);
    const { count } = await server.db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(first.body.total).toBe(Number(count));
    expect(Object.keys(first.body.rows[0]).sort()).toEqual(
      ['contractNo', 'endsOn', 'merchantName', 'shopNo', 'storeName'].sort(),
    );
    const numbers = first.body.rows.map((row: { contractNo: string }) => row.contractNo);
    expect(numbers).toEqual([...numbers].sort());
    const second = await list(admin, contracts, { pageBean: { page: 2, pageSize: 10 } });
    expect(second.body.rows[0].contractNo > numbers[9]).toBe(true);
    const descending = await list(admin, contracts, {
      pageBean: { pageSize: 5 },
      sorter: [{ property: 'contractNo', direction: 'DESC' }],
    });
    expect(descending.body.rows[0].contractNo >= numbers[9]).toBe(true);

    const wanted = numbers[3] as string;
    const found = await list(admin, contracts, {
      querys: [{ property: 'contractNo', value: wanted.slice(-6), operation: 'LIKE' }],
    });
    expect(found.body.rows.map((row: { contractNo: string }) => row.contractNo)).toContain(wanted);
    expect(found.body.total).toBeLessThan(first.body.total);
    const none = await list(admin, contracts, {
      querys: [{ property: 'merchantName', value: '不存在的商户%', operation: 'LIKE' }],
    });
    expect(none.body).toMatchObject({ rows: [], total: 0 });
  });

  it("keeps each caller to their scope: a merchant sees only its own unit's contracts", async () => {
    const own = await server.db
      .selectFrom('contracts as c')
      .innerJoin('merchants as m', 'm.code', 'c.merchant_code')
      .select(['c.number', 'm.name'])
      .where('c.merchant_code', '=', '10001')
      .execute();
    expect(own.length).toBeGreaterThan(0);
    const mine = await list(merchant, contracts, { pageBean: { pageSize: 100 } });
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(own.length);
    expect(
      new Set(mine.body.rows.map((row: { merchantName: string }) => row.merchantName)),
    ).toEqual(new Set([own[0]!.name]));
    // Asking for another merchant by name finds nothing, not their rows.
    const other = await server.db
      .selectFrom('merchants')
      .select('name')
      .where('code', '=', '10002')
      .executeTakeFirstOrThrow();
    const forged = await list(merchant, contracts, {
      querys: [{ property: 'merchantName', value: other.name }],
    });
    expect(forged.body.total).toBe(0);
    // Staff without a contract role see none; the store role sees its own stores only.
    expect((await list(emp01, contracts)).body.total).toBe(0);
    const stores = await list(store01, contracts, { pageBean: { pageSize: 100 } });
    expect(stores.body.total).toBeGreaterThan(0);
    const names = await server.db
      .selectFrom('stores')
      .select('name')
      .where('code', 'in', ['S01', 'S02'])
      .execute();
    const allowed = new Set(names.map((store) => store.name));
    expect(stores.body.rows.every((row: { storeName: string }) => allowed.has(row.storeName))).toBe(
      true,
    );
  });

  it('answers 403 for a dialog the caller has no role for', async () => {
    const refused = await merchant('GET', `${base}/getByAlias?alias=${staff}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ state: false, message: '您没有使用该对话框的权限' });
    expect((await list(merchant, staff)).status).toBe(403);
    const people = await list(emp01, staff, {
      querys: [{ property: 'fullname', value: '马明' }],
    });
    expect(people.status).toBe(200);
    expect(people.body.rows).toEqual([
      { account: 'mgr01', fullname: '马明', orgName: expect.any(String) },
    ]);
    // Merchants are not staff: they are not in the list.
    const all = await list(emp01, staff, { pageBean: { pageSize: 100 } });
    expect(all.body.rows.some((row: { account: string }) => row.account.startsWith('SZHY'))).toBe(
      false,
    );
  });

  it('finds staff as the people picker does, departments in the reader language', async () => {
    const picked = async (call: Call, value: string) => {
      const answer = await list(call, staff, {
        querys: [{ property: 'fullname', value }],
        pageBean: { pageSize: 100 },
      });
      expect(answer.status).toBe(200);
      return answer.body.rows as { account: string; fullname: string; orgName: string }[];
    };
    const picker = async (keyword: string) => {
      const answer = await emp01('POST', '/uc/api/user/v1/users/listJson', {
        querys: [{ property: 'keyword', value: keyword }],
        pageBean: { page: 1, pageSize: 50 },
      });
      return (answer.body.rows as { account: string }[]).map((row) => row.account).sort();
    };
    // Pinyin initials, full pinyin, the account, a department's name: one rule for both.
    for (const keyword of ['mm', 'MaMing', 'mgr01', '马', '信息部', 'IT', '%', '_']) {
      const accounts = (await picked(emp01, keyword)).map((row) => row.account).sort();
      expect(accounts, keyword).toEqual(await picker(keyword));
    }
    expect((await picked(emp01, 'mm')).map((row) => row.account)).toContain('mgr01');
    const [zh] = await picked(emp01, 'mgr01');
    const [en] = await picked(english, 'mgr01');
    const org = await server.db
      .selectFrom('wf_org_members as m')
      .innerJoin('wf_orgs as o', 'o.id', 'm.org_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['o.name', 'o.name_en'])
      .where('u.account', '=', 'mgr01')
      .orderBy('m.is_main', 'desc')
      .executeTakeFirstOrThrow();
    expect(org.name_en).not.toBe('');
    expect(zh).toEqual({ account: 'mgr01', fullname: '马明', orgName: org.name });
    expect(en).toEqual({ account: 'mgr01', fullname: '马明', orgName: org.name_en });
  });

  it('answers a tree of stores and floors, and a search keeps the path to each match', async () => {
    const tree = await list(emp01, storeFloors);
    expect(tree.status).toBe(200);
    const roots = tree.body.nodes as Node[];
    expect(roots.map((node) => node.id)).toEqual(['S01', 'S02', 'S03', 'S04']);
    expect(roots[0]!.children.length).toBeGreaterThanOrEqual(6);
    expect(roots[0]!.children.every((node) => node.parentId === 'S01')).toBe(true);
    expect(roots[0]!.children[0]!.id).toMatch(/^S01\/B/);
    const found = await list(emp01, storeFloors, { querys: [{ property: 'name', value: 'L5' }] });
    const matched = found.body.nodes as Node[];
    expect(matched).toHaveLength(4);
    expect(
      matched.every((node) => node.children.length === 1 && node.children[0]!.id.endsWith('/L5')),
    ).toBe(true);
    expect(found.body.total).toBe(4);
    const inEnglish = await list(english, storeFloors);
    expect((inEnglish.body.nodes as Node[])[0]!.name).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it('reads a configured address: list key, total key, conditions passed on', async () => {
    const all = await list(emp01, externalStores);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.rows[0]).toEqual({
      storeCode: 'S01',
      storeName: '海雅百货宝安店',
      city: '深圳',
    });
    const shenzhen = await list(emp01, externalStores, {
      querys: [{ property: 'city', value: '深圳' }],
    });
    expect(shenzhen.body.rows.map((row: { storeCode: string }) => row.storeCode)).toEqual([
      'S01',
      'S03',
    ]);
    // The address cannot be chosen by the request: a url parameter is ignored.
    const steered = await emp01(
      'POST',
      `${base}/getListData?alias=${externalStores}&url=http://169.254.169.254/`,
      { params: { url: 'http://169.254.169.254/' } },
    );
    expect(steered.status).toBe(200);
    expect(steered.body.rows).toEqual(all.body.rows);
  });

  it('every seeded dialog searches on each of its conditions and answers its display fields', async () => {
    for (const alias of Object.values(dialogAliases)) {
      const definition = (await admin('GET', `${base}/getByAlias?alias=${alias}`)).body;
      for (const condition of definition.conditionfield.filter(
        (field: { defaultType: string }) => field.defaultType === '1',
      )) {
        const answer = await list(admin, alias, {
          querys: [{ property: condition.field, value: 'x' }],
        });
        expect(answer.status, `${alias}.${condition.field}`).toBe(200);
      }
      const answer = await list(admin, alias);
      const first = (answer.body.rows ?? answer.body.nodes)[0];
      for (const field of definition.displayfield) {
        expect(first[field.field], `${alias}.${field.field}`).not.toBeNull();
      }
    }
  });

  it('applies a fixed condition itself: a request can neither see nor drop it', async () => {
    const definition = await admin('GET', `${base}/getByAlias?alias=${leaseContracts}`);
    expect(definition.body.conditionfield[1]).toMatchObject({
      field: 'mode',
      defaultType: '2',
      defaultValue: '',
    });
    const { count } = await server.db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('mode', '=', 'lease')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(0);
    const leases = await list(admin, leaseContracts, { pageBean: { pageSize: 100 } });
    expect(leases.body.total).toBe(Number(count));
    expect((await list(admin, contracts)).body.total).toBeGreaterThan(Number(count));
    const dropped = await list(admin, leaseContracts, {
      querys: [{ property: 'mode', value: 'joint' }],
    });
    expect(dropped.status).toBe(400);
    expect(dropped.body.message).toBe('不支持的查询条件：mode');
  });

  it('posts to a configured address, and a broken answer or address is one clear 502', async () => {
    const row = {
      name: '测试',
      style: 'list' as const,
      select_num: 0,
      displayfield: JSON.stringify([{ field: 'storeCode', comment: '编码' }]),
      resultfield: JSON.stringify([{ field: 'storeCode', comment: '编码' }]),
      conditionfield: JSON.stringify([
        {
          field: 'city',
          comment: '城市',
          condition: 'LIKE',
          dbType: 'varchar',
          defaultType: '1',
          defaultValue: '',
        },
      ]),
      ds_type: 'url' as const,
      list_key: 'data.list',
    };
    await server.db
      .insertInto('custom_dialogs')
      .values([
        {
          ...row,
          id: 't1',
          alias: 'testPost',
          request_type: 'POST',
          url: '/form/form/customQuery/v1/demoExternal/stores',
        },
        {
          ...row,
          id: 't2',
          alias: 'testNoArray',
          url: '/form/form/customQuery/v1/demoExternal/no-array',
        },
        {
          ...row,
          id: 't3',
          alias: 'testNotJson',
          url: '/form/form/customQuery/v1/demoExternal/not-json',
        },
        { ...row, id: 't4', alias: 'testRefused', url: 'http://127.0.0.1:1/stores' },
        { ...row, id: 't5', alias: 'testScheme', url: 'file:///etc/passwd' },
      ])
      .execute();
    try {
      const posted = await list(emp01, 'testPost', {
        querys: [{ property: 'city', value: '惠州' }],
      });
      expect(posted.status).toBe(200);
      expect(posted.body.rows).toEqual([{ storeCode: 'S02' }]);
      for (const alias of ['testNoArray', 'testNotJson', 'testRefused', 'testScheme']) {
        const failed = await list(english, alias);
        expect(failed.status, alias).toBe(502);
        expect(failed.body).toEqual({
          state: false,
          message: "The dialog's data service did not answer properly; please try again later",
        });
      }
    } finally {
      await server.db
        .deleteFrom('custom_dialogs')
        .where('id', 'in', ['t1', 't2', 't3', 't4', 't5'])
        .execute();
    }
  });

  it('refuses forged condition fields, bad values, NUL bytes and deep JSON, and changes nothing', async () => {
    const forged = await list(merchant, contracts, {
      querys: [{ property: 'merchantCode', value: '10002' }],
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ state: false, message: '不支持的查询条件：merchantCode' });
    const forgedEn = await list(english, storeFloors, {
      querys: [{ property: 'storeCode', value: 'S01' }],
    });
    expect(forgedEn.body.message).toBe('Unsupported condition: storeCode');
    const sortForged = await list(admin, contracts, {
      sorter: [{ property: 'merchantCode', direction: 'ASC' }],
    });
    expect(sortForged.status).toBe(400);
    expect(sortForged.body.message).toBe('不支持的排序字段：merchantCode');
    const badDirection = await list(admin, contracts, {
      sorter: [{ property: 'contractNo', direction: 'DROP' }],
    });
    expect(badDirection.status).toBe(400);
    for (const body of [
      { querys: [{ property: 'contractNo', value: { $ne: 1 } }] },
      { querys: [{ property: 'contractNo', value: 'x'.repeat(201) }] },
      { pageBean: { pageSize: 1000 } },
      { pageBean: { page: 0 } },
      { querys: 'contractNo' },
    ]) {
      const answer = await list(admin, contracts, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.state).toBe(false);
    }
    const nul = await list(admin, contracts, {
      querys: [{ property: 'contractNo', value: 'a\u0000b' }],
    });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('请求中含有不允许的字符（NUL 或无效的 Unicode 字符）');
    const nulAlias = await admin('GET', `${base}/getByAlias?alias=${contracts}%00`);
    expect(nulAlias.status).toBe(400);
    const deep = await admin(
      'POST',
      `${base}/getListData?alias=${contracts}`,
      `{"params":${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}}`,
      { 'content-type': 'application/json' },
    );
    expect(deep.status).toBe(400);
    expect(deep.body.state).toBe(false);
    const { count } = await server.db
      .selectFrom('custom_dialogs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(5);
  });
});
