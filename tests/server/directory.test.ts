import { beforeAll, describe, expect, it } from 'vitest';
import { staffId } from '../../server/db/seed/workflow/people';
import { fillNameSpellings, nameSpellings } from '../../server/domain/directory/spelling';
import {
  fillSeededPostNames,
  seededPostNames,
} from '../../server/db/migrations/0027-english-posts-messages';
import { oneDatabase, login, withServer } from './harness';
import { as, tokenOf } from './shell-support';

/**
 * The people directory (issue 12, part 5): every call, what a row may
 * show, and the attacker's cases (no token, NUL bytes, huge pages, text meant as SQL).
 */
interface Person {
  id: string;
  account: string;
  fullname: string;
  orgName: string;
  pathName: string;
  orgNames: string;
  postNames: string;
}
interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

const keyword = (value: string, extra: object = {}) => ({
  pageBean: { page: 1, pageSize: 20 },
  querys: [{ property: 'keyword', value, operation: 'LIKE' }],
  ...extra,
});

describe.each(oneDatabase)('people directory on %s', (kind) => {
  const server = withServer(kind);
  let emp01: ReturnType<typeof as>;
  let emp01En: ReturnType<typeof as>;
  let merchant: ReturnType<typeof as>;
  const anonymous = () => as(server.app, null);
  beforeAll(async () => {
    const token = await login(server.app, 'emp01', 'Staff#2026');
    emp01 = as(server.app, token);
    emp01En = as(server.app, token, 'en-US');
    merchant = as(server.app, await tokenOf(server.app, 'SZHY10001'));
  });

  const people = async (body: unknown, caller = emp01) => {
    const answer = await caller('POST', '/uc/api/user/v1/users/listJson', body);
    expect(answer.status).toBe(200);
    return answer.body as Page<Person>;
  };

  it('finds people by name, account, pinyin initials, full pinyin, org and post', async () => {
    const byName = await people(keyword('刘洋'));
    expect(byName.rows.map((row) => row.account)).toEqual(['emp01']);
    expect(byName.rows[0]).toMatchObject({
      fullname: '刘洋',
      orgName: '信息部',
      pathName: '海雅商业集团/信息部',
      postNames: '软件工程师',
    });
    expect((await people(keyword('ly'))).rows.map((row) => row.account)).toContain('emp01');
    expect((await people(keyword('LiuYang'))).rows.map((row) => row.account)).toEqual(['emp01']);
    expect((await people(keyword('cashier'))).rows.map((row) => row.fullname)).toEqual(['钱多多']);
    const finance = await people(keyword('财务部'));
    expect(finance.rows.map((row) => row.account).sort()).toEqual(['acct01', 'cashier01', 'fin01']);
    expect((await people(keyword('出纳'))).rows.map((row) => row.account)).toEqual(['cashier01']);
    // Initials match from the start: "yl" is not 刘洋.
    expect((await people(keyword('yl'))).rows.map((row) => row.account)).not.toContain('emp01');
  });

  it('names orgs in English for an English reader, and finds people by the English name', async () => {
    const tree = (await emp01En('POST', '/uc/api/org/v1/orgs/getByParentAndDem', {})).body as {
      name: string;
      pathName: string;
    }[];
    expect(tree.map((org) => org.name)).toEqual([
      'Haiya Commercial Group',
      "General Manager's Office",
      'IT Department',
      'Operations Department',
      'Legal Department',
      'Finance Department',
      'Human Resources Department',
    ]);
    const person = (await people(keyword('刘洋'), emp01En)).rows[0]!;
    expect(person).toMatchObject({
      orgName: 'IT Department',
      pathName: 'Haiya Commercial Group/IT Department',
      orgNames: 'IT Department',
    });
    expect(
      (await people(keyword('IT Department'), emp01En)).rows.map((row) => row.account),
    ).toContain('emp01');
    // Posts too: named in English, found by the English name (migration 0027).
    expect(person.postNames).toBe('Software engineer');
    expect(
      (await people(keyword('Software engineer'), emp01En)).rows.map((row) => row.account),
    ).toContain('emp01');
    const posts = await emp01En('POST', '/uc/api/org/v1/orgPosts/getOrgPostPage', {
      ...keyword('Cashier'),
    });
    expect((posts.body.rows as { name: string }[]).map((post) => post.name)).toEqual(['Cashier']);
    // The seed and migration 0027 (for databases seeded before it) give the same English.
    const seeded = await server.db.selectFrom('posts').select(['code', 'name_en']).execute();
    expect(seeded.length).toBeGreaterThan(10);
    for (const post of seeded) expect(post.name_en, post.code).toBe(seededPostNames[post.code]);
    // The migration fills a post without English and keeps an administrator's own.
    await server.db.updateTable('posts').set({ name_en: '' }).where('code', '=', 'CW-CN').execute();
    await server.db
      .updateTable('posts')
      .set({ name_en: 'Treasurer' })
      .where('code', '=', 'CW-JL')
      .execute();
    await fillSeededPostNames(server.db as never);
    const after = await server.db
      .selectFrom('posts')
      .select(['code', 'name_en'])
      .where('code', 'in', ['CW-CN', 'CW-JL'])
      .orderBy('code')
      .execute();
    expect(after).toEqual([
      { code: 'CW-CN', name_en: 'Cashier' },
      { code: 'CW-JL', name_en: 'Treasurer' },
    ]);
    await server.db
      .updateTable('posts')
      .set({ name_en: 'Finance manager' })
      .where('code', '=', 'CW-JL')
      .execute();
    // An org without English keeps its Chinese name in English.
    await server.db.updateTable('wf_orgs').set({ name_en: '' }).where('code', '=', 'it').execute();
    try {
      expect((await people(keyword('刘洋'), emp01En)).rows[0]!.orgName).toBe('信息部');
    } finally {
      await server.db
        .updateTable('wf_orgs')
        .set({ name_en: 'IT Department' })
        .where('code', '=', 'it')
        .execute();
    }
  });

  it('shows colleagues only: no merchants, no secrets, no mobiles', async () => {
    const everyone = await people({ pageBean: { page: 1, pageSize: 50 } });
    const accounts = everyone.rows.map((row) => row.account);
    expect(accounts).toContain('gm01');
    expect(accounts).toContain('admin');
    expect(accounts.some((account) => account.startsWith('SZHY'))).toBe(false);
    expect(everyone.total).toBe(everyone.rows.length);
    const text = JSON.stringify(everyone);
    expect(text).not.toMatch(/password|scrypt|mobile|email|1380000/i);
    expect(Object.keys(everyone.rows[0]!).sort()).toEqual([
      'account',
      'fullname',
      'id',
      'orgId',
      'orgName',
      'orgNames',
      'pathName',
      'postNames',
    ]);
    // A merchant may search too, and still sees no merchant.
    const fromMerchant = await people(keyword('SZHY'), merchant);
    expect(fromMerchant.rows).toEqual([]);
    expect((await people(keyword('丽人坊'))).rows).toEqual([]);
  });

  it('answers named people by id or account (the picker’s saved value)', async () => {
    const ids = [staffId('gm01'), 'mgr01'].join(',');
    const answer = await people({ querys: [{ property: 'ids', value: ids, operation: 'IN' }] });
    expect(answer.rows.map((row) => row.account).sort()).toEqual(['gm01', 'mgr01']);
  });

  it('walks the org tree: dimensions, children, page, master org, people of an org', async () => {
    const dems = (await emp01('GET', '/uc/api/demension/v1/dems/getAll')).body;
    expect(dems).toEqual([
      expect.objectContaining({ code: 'xzwd', demName: '行政维度', isDefault: 1 }),
    ]);
    expect((await emp01En('GET', '/uc/api/demension/v1/dems/getAll')).body[0].demName).toBe(
      'Administrative',
    );
    const demPage = (await emp01('POST', '/uc/api/demension/v1/dems/getDemListAll', {})).body;
    expect(demPage).toMatchObject({ total: 1, page: 1 });

    const all = (
      await emp01('POST', '/uc/api/org/v1/orgs/getByParentAndDem', { demId: dems[0].id })
    ).body as { id: string; name: string; parentId: string; isParent: boolean }[];
    expect(all[0]).toMatchObject({ name: '海雅商业集团', parentId: '0', isParent: true });
    expect(all.map((org) => org.name)).toEqual([
      '海雅商业集团',
      '总经办',
      '信息部',
      '运营部',
      '法务部',
      '财务部',
      '人力资源部',
    ]);
    const children = (
      await emp01('POST', '/uc/api/org/v1/orgs/getByParentAndDem', { parentId: all[0]!.id })
    ).body as { name: string; pathName: string }[];
    expect(children).toHaveLength(6);
    expect(children[1]).toMatchObject({ name: '信息部', pathName: '海雅商业集团/信息部' });
    const unknownDem = await emp01('POST', '/uc/api/org/v1/orgs/getByParentAndDem', {
      demId: 'nope',
    });
    expect(unknownDem.body).toEqual([]);

    const page = (
      await emp01('POST', '/uc/api/org/v1/orgs/getOrgPage', {
        pageBean: { page: 1, pageSize: 2 },
        querys: [{ property: 'name', value: '部', operation: 'LIKE' }],
      })
    ).body as Page<{ name: string }>;
    expect(page.total).toBe(5);
    expect(page.rows).toHaveLength(2);

    const master = (await emp01('GET', '/uc/api/org/v1/org/getOrgMaster')).body;
    expect(master).toMatchObject({ state: true, value: { name: '信息部', code: 'it' } });
    const masterEn = (await emp01En('GET', '/uc/api/org/v1/org/getOrgMaster')).body;
    expect(masterEn).toMatchObject({
      value: { name: 'IT Department', pathName: 'Haiya Commercial Group/IT Department' },
    });
    const merchantMaster = (await merchant('GET', '/uc/api/org/v1/org/getOrgMaster')).body;
    expect(merchantMaster).toEqual({ state: true, value: null });

    const it = all.find((org) => org.name === '信息部')!;
    const members = (
      await emp01('POST', '/uc/api/user/v1/users/getOrgUserQuery', {
        querys: [{ property: 'orgId', value: it.id, operation: 'EQUAL' }],
      })
    ).body as Page<Person>;
    expect(members.rows.map((row) => row.account).sort()).toEqual([
      'emp01',
      'emp02',
      'lead01',
      'mgr01',
      'newhire',
    ]);
    const group = (
      await emp01('POST', '/uc/api/user/v1/users/getOrgUserQuery', {
        querys: [{ property: 'orgId', value: all[0]!.id }],
        params: { includeSub: true },
        pageBean: { page: 1, pageSize: 50 },
      })
    ).body as Page<Person>;
    expect(group.total).toBeGreaterThan(15);
    const noOrg = await emp01('POST', '/uc/api/user/v1/users/getOrgUserQuery', {});
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.message).toBe('请选择组织');
    const noOrgEn = await emp01En('POST', '/uc/api/user/v1/users/getOrgUserQuery', {});
    expect(noOrgEn.body.message).toBe('Please choose an organisation');
  });

  it('lists roles and posts, and a user’s posts', async () => {
    const roles = (await emp01('POST', '/uc/api/role/v1/roles/getRolePage', keyword('经理')))
      .body as Page<{ code: string; name: string }>;
    expect(roles.rows.map((role) => role.name).sort()).toEqual(['总经理', '部门经理']);

    const posts = (
      await emp01('POST', '/uc/api/org/v1/orgPosts/getOrgPostPage', {
        querys: [{ property: 'userId', value: staffId('mgr01'), operation: 'EQUAL' }],
      })
    ).body as Page<{ name: string; pathName: string; userNames: string; isLeader: number }>;
    expect(posts.rows).toEqual([
      expect.objectContaining({
        name: '信息部经理',
        pathName: '海雅商业集团/信息部/信息部经理',
        userNames: '马明',
        isLeader: 0,
      }),
    ]);
    const leaders = (
      await emp01('POST', '/uc/api/org/v1/orgPosts/getOrgPostPage', keyword('负责人'))
    ).body as Page<{ name: string; isLeader: number; userNames: string }>;
    expect(leaders.rows).toEqual([
      expect.objectContaining({ name: '信息部负责人', isLeader: 1, userNames: '陈伟' }),
    ]);
  });

  it('answers one person by account, and nobody outside the directory', async () => {
    const gm = await emp01('POST', '/uc/api/user/v1/user/getByAccount', { account: 'gm01' });
    expect(gm.status).toBe(200);
    expect(gm.body).toMatchObject({ fullname: '赵国强', postNames: '总经理' });
    expect(JSON.stringify(gm.body)).not.toMatch(/mobile|email|password/);
    const outsider = await emp01('POST', '/uc/api/user/v1/user/getByAccount', {
      account: 'SZHY10001',
    });
    expect(outsider.status).toBe(404);
    expect(outsider.body.message).toBe('通讯录中没有该用户');
    // A merchant may still look themself up.
    const self = await merchant('POST', '/uc/api/user/v1/user/getByAccount', {
      account: 'SZHY10001',
    });
    expect(self.status).toBe(200);
    expect(self.body.account).toBe('SZHY10001');
  });

  it('refuses callers without a session, NUL bytes and unknown conditions', async () => {
    for (const [method, url] of [
      ['GET', '/uc/api/demension/v1/dems/getAll'],
      ['POST', '/uc/api/demension/v1/dems/getDemListAll'],
      ['POST', '/uc/api/org/v1/orgs/getByParentAndDem'],
      ['POST', '/uc/api/org/v1/orgs/getOrgPage'],
      ['GET', '/uc/api/org/v1/org/getOrgMaster'],
      ['POST', '/uc/api/role/v1/roles/getRolePage'],
      ['POST', '/uc/api/org/v1/orgPosts/getOrgPostPage'],
      ['POST', '/uc/api/user/v1/users/listJson'],
      ['POST', '/uc/api/user/v1/users/getOrgUserQuery'],
      ['POST', '/uc/api/user/v1/user/getByAccount'],
    ] as const) {
      const answer = await anonymous()(method, url, method === 'POST' ? {} : undefined);
      expect(answer.status, url).toBe(401);
    }
    const nul = await emp01('POST', '/uc/api/user/v1/users/listJson', keyword('刘\u0000洋'));
    expect(nul.status).toBe(400);
    expect(nul.body.message).toContain('请求中含有不允许的字符');
    const unknown = await emp01('POST', '/uc/api/user/v1/users/listJson', {
      querys: [{ property: 'password_hash', value: 'x' }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('不支持的查询条件：password_hash');
    const object = await emp01('POST', '/uc/api/user/v1/users/listJson', {
      querys: [{ property: 'keyword', value: { $ne: 1 } }],
    });
    expect(object.status).toBe(400);
  });

  it('caps the page size', async () => {
    const huge = await people({ pageBean: { page: 1, pageSize: 200 } });
    expect(huge.pageSize).toBe(50);
    expect(huge.rows.length).toBeLessThanOrEqual(50);
    const tooBig = await emp01('POST', '/uc/api/user/v1/users/listJson', {
      pageBean: { page: 1, pageSize: 100_000 },
    });
    expect(tooBig.status).toBe(400);
  });

  it('uses search text only as a bound value', async () => {
    const before = (await people({ pageBean: { page: 1, pageSize: 50 } })).total;
    for (const text of ["' or '1'='1", "'); drop table users; --", '%', '_', '\\', "刘洋' --"]) {
      const answer = await people(keyword(text));
      expect(answer.rows, text).toEqual([]);
    }
    const orgAttack = await emp01('POST', '/uc/api/user/v1/users/getOrgUserQuery', {
      querys: [{ property: 'orgId', value: "x' or '1'='1" }],
    });
    expect(orgAttack.body.rows).toEqual([]);
    const roleAttack = await emp01(
      'POST',
      '/uc/api/role/v1/roles/getRolePage',
      keyword("' or 1=1 --"),
    );
    expect(roleAttack.body.rows).toEqual([]);
    const postAttack = await emp01('POST', '/uc/api/org/v1/orgPosts/getOrgPostPage', keyword('%'));
    expect(postAttack.body.rows).toEqual([]);
    expect((await people({ pageBean: { page: 1, pageSize: 50 } })).total).toBe(before);
  });

  it('spells names in pinyin, surnames as surnames, and fills accounts that lack it', async () => {
    expect(nameSpellings('刘洋')).toEqual({ initials: 'ly', pinyin: 'liuyang' });
    expect(nameSpellings('单丽')).toEqual({ initials: 'sl', pinyin: 'shanli' });
    expect(nameSpellings('Anna 王')).toEqual({ initials: 'aw', pinyin: 'annawang' });
    // An account made without a spelling (as before the migration) is found once filled.
    await server.db
      .updateTable('users')
      .set({ name_initials: '', name_pinyin: '' })
      .where('account', '=', 'emp02')
      .execute();
    expect((await people(keyword('ht'))).rows.map((row) => row.account)).not.toContain('emp02');
    expect(await fillNameSpellings(server.db)).toBe(1);
    expect((await people(keyword('ht'))).rows.map((row) => row.account)).toContain('emp02');
  });
});
