import { beforeAll, describe, expect, it } from 'vitest';
import { userId } from '../../server/db/seed/people';
import { oneDatabase, withServer } from './harness';
import { as, tokenOf } from './shell-support';

// One database: greetings, dots and the tour, one request at a time (docs/testing.md).
describe.each(oneDatabase)('shell top bar on %s', (kind) => {
  const server = withServer(kind);
  let call: Record<string, ReturnType<typeof as>>;
  beforeAll(async () => {
    call = {};
    for (const account of ['store01', 'contract01', 'acct01', 'SZHY10001', 'admin']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
  });

  it('gives each user one greeting a day, the same on every call', async () => {
    const greet = async (account: string) =>
      (await call[account]!('POST', '/portal/bpm/haiyaapi/getManageGreets')).body;
    const first = await greet('store01');
    expect(first.state).toBe(true);
    const texts = (await server.db.selectFrom('greetings').select('text').execute()).map(
      (row) => row.text,
    );
    expect(texts).toContain(first.value.zswb);
    expect((await greet('store01')).value.zswb).toBe(first.value.zswb);
    // A user's own texts take precedence over the general ones.
    await server.db
      .insertInto('greetings')
      .values({ id: 'own-greeting', user_id: userId(6), text: '李静，合同季辛苦了！' })
      .execute();
    expect((await greet('contract01')).value.zswb).toBe('李静，合同季辛苦了！');
  });

  it('gives the general greeting in English to an English reader; a typed one stays as typed', async () => {
    const greet = async (account: string, language: string) =>
      (
        await as(
          server.app,
          await tokenOf(server.app, account),
          language,
        )('POST', '/portal/bpm/haiyaapi/getManageGreets')
      ).body.value.zswb as string;
    const chinese = await greet('acct01', 'zh-CN');
    const row = await server.db
      .selectFrom('greetings')
      .select('text_en')
      .where('text', '=', chinese)
      .executeTakeFirstOrThrow();
    expect(row.text_en).toMatch(/^[\x20-\x7e’]+$/);
    expect(await greet('acct01', 'en-US')).toBe(row.text_en);
    // contract01's own text (the test above) is theirs: shown as typed in both languages.
    expect(await greet('contract01', 'en-US')).toBe('李静，合同季辛苦了！');
  });

  it("answers the caller's asset unit, names and details", async () => {
    const summary = await call.store01!('POST', '/portal/bpm/haiyaapi/getZcmc');
    expect(summary.body.value).toEqual({
      dwmc: '海雅百货宝安店运营部',
      items: [
        { zcmc: '对讲机', count: 2 },
        { zcmc: '手持收银终端', count: 1 },
        { zcmc: '笔记本电脑', count: 1 },
      ],
    });
    const radios = await call.store01!(
      'POST',
      `/portal/bpm/haiyaapi/getGrzcmx?zcmc=${encodeURIComponent('对讲机')}`,
    );
    expect(radios.body.value).toHaveLength(2);
    expect(radios.body.value[0]).toMatchObject({
      zcmc: '对讲机',
      ggxh: 'Motorola XiR C1200',
      dwmc: '海雅百货宝安店运营部',
    });
    expect(radios.body.value[0].zcid).toMatch(/^ZC2022\d{5}$/);
    expect((await call.store01!('POST', '/portal/bpm/haiyaapi/getGrzcmx')).body.value).toHaveLength(
      4,
    );
    // Only one's own: contract01 holds no radios, a merchant holds nothing.
    const theirs = await call.contract01!(
      'POST',
      `/portal/bpm/haiyaapi/getGrzcmx?zcmc=${encodeURIComponent('对讲机')}`,
    );
    expect(theirs.body.value).toEqual([]);
    expect((await call.SZHY10001!('POST', '/portal/bpm/haiyaapi/getZcmc')).body.value).toEqual({
      dwmc: '',
      items: [],
    });
  });

  it('raises the contacts dot for unread news until each is read', async () => {
    const unread = async () =>
      (await call.acct01!('GET', '/portal/bpm/haiyaapi/isReadNews?account=acct01')).body.value;
    const running = await server.db
      .selectFrom('news')
      .select('id')
      .where('published', '=', true)
      .execute();
    const before = await unread();
    expect(before.hasUnread).toBe(true);
    expect(before.count).toBeGreaterThan(0);
    expect(before.count).toBeLessThanOrEqual(running.length);
    for (const { id } of running) {
      await call.acct01!('POST', '/bpm-runtime/message/SaveNewsItem', { ggbm: id });
    }
    expect(await unread()).toEqual({ hasUnread: false, count: 0, mailCount: 0 });
    // Someone else's reads do not count for store01.
    expect(
      (await call.store01!('GET', '/portal/bpm/haiyaapi/isReadNews')).body.value.hasUnread,
    ).toBe(true);
    const other = await call.store01!('GET', '/portal/bpm/haiyaapi/isReadNews?account=acct01');
    expect(other.status).toBe(403);
  });

  it('makes the tour due on first login and on a newer version, until completed or exited', async () => {
    const guide = async (account: string) =>
      (await call[account]!('POST', `/portal/bpm/haiyaapi/getManageGuide?account=${account}`)).body
        .value;
    // store01 never saw it; contract01 completed version 1 of 2; acct01 exited version 2.
    expect(await guide('store01')).toEqual({ due: true, version: 2, seenVersion: 0, outcome: '' });
    expect(await guide('contract01')).toMatchObject({ due: true, seenVersion: 1 });
    expect(await guide('acct01')).toEqual({
      due: false,
      version: 2,
      seenVersion: 2,
      outcome: 'exit',
    });
    const done = await call.store01!(
      'POST',
      '/portal/bpm/haiyaapi/updateManageGuide?account=store01',
      {
        outcome: 'complete',
      },
    );
    expect(done.body).toMatchObject({ state: true, value: { due: false, version: 2 } });
    expect(await guide('store01')).toMatchObject({ due: false, outcome: 'complete' });
    await call.contract01!('POST', '/portal/bpm/haiyaapi/updateManageGuide?outcome=exit');
    expect(await guide('contract01')).toMatchObject({
      due: false,
      seenVersion: 2,
      outcome: 'exit',
    });
    // A new tour version makes it due again for everyone.
    await server.db
      .updateTable('system_settings')
      .set({ value: JSON.stringify(3) })
      .where('key', '=', 'guideTourVersion')
      .execute();
    expect(await guide('store01')).toMatchObject({ due: true, version: 3, seenVersion: 2 });
    const forged = await call.store01!(
      'POST',
      '/portal/bpm/haiyaapi/updateManageGuide?account=acct01',
    );
    expect(forged.status).toBe(403);
    expect(await guide('acct01')).toMatchObject({ due: true, seenVersion: 2 });
  });

  it('answers the tenant with its front logo', async () => {
    const tenant = await server.db.selectFrom('tenants').selectAll().executeTakeFirstOrThrow();
    const answer = await as(server.app, null)(
      'GET',
      `/uc/uc/tenantManage/v1/getJson?id=${tenant.id}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.value).toMatchObject({ id: tenant.id, code: 'hy', name: '海雅商业集团' });
    expect(JSON.parse(answer.body.value.frontLogo)).toEqual([
      { id: tenant.logo_file_id, name: '海雅商业标志.png' },
    ]);
    const missing = await as(server.app, null)('GET', '/uc/uc/tenantManage/v1/getJson?id=none');
    expect(missing.status).toBe(404);
  });

  it("lists the caller's orgs and posts with their paths and switches the master org", async () => {
    const detail = async () =>
      (await call.store01!('GET', '/uc/api/user/v1/user/getDetailByAccountOrId')).body.value;
    const before = await detail();
    expect(before.overTime).toBeNull();
    expect(before.orgs).toEqual([
      expect.objectContaining({
        orgname: '运营部',
        pathname: '海雅商业集团/运营部',
        ismaster: true,
      }),
    ]);
    expect(before.posts.map((post: { pathname: string }) => post.pathname)).toEqual([
      '海雅商业集团/运营部/商户对接专员',
      '海雅商业集团/运营部/门店运营主管',
    ]);
    // Give store01 a second org, then switch to it.
    const finance = await server.db
      .selectFrom('wf_orgs')
      .select('id')
      .where('code', '=', 'finance')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('wf_org_members')
      .values({ org_id: finance.id, user_id: userId(5), is_main: false, is_leader: false })
      .execute();
    const path = `/bpm-runtime/bpm/atriumScript/setMasterByorgId?orgid=${finance.id}`;
    const switched = await call.store01!('PUT', `${path}&userid=${userId(5)}`);
    expect(switched.body).toEqual({ state: true, message: '已切换主岗位' });
    const after = await detail();
    expect(after.orgs.filter((org: { ismaster: boolean }) => org.ismaster)).toEqual([
      expect.objectContaining({ orgId: finance.id, orgname: '财务部' }),
    ]);
    // Only one's own user id, only one's own orgs.
    const forOther = await call.store01!('PUT', `${path}&userid=${userId(7)}`);
    expect(forOther.status).toBe(403);
    const legal = await server.db
      .selectFrom('wf_orgs')
      .select('id')
      .where('code', '=', 'legal')
      .executeTakeFirstOrThrow();
    const notMine = await call.store01!(
      'PUT',
      `/bpm-runtime/bpm/atriumScript/setMasterByorgId?orgid=${legal.id}&userid=store01`,
    );
    expect(notMine.status).toBe(400);
    expect(notMine.body.message).toBe('所选组织不是您的任职组织');
    expect((await detail()).orgs.find((org: { ismaster: boolean }) => org.ismaster).orgId).toBe(
      finance.id,
    );
  });

  it('logs a user out on the server after their own idle limit (overTime)', async () => {
    await server.db
      .updateTable('users')
      .set({ idle_minutes: 1 })
      .where('id', '=', userId(7))
      .execute();
    const token = await tokenOf(server.app, 'acct01');
    const acct = as(server.app, token);
    expect(
      (await acct('GET', '/uc/api/user/v1/user/getDetailByAccountOrId')).body.value.overTime,
    ).toBe(1);
    const idleFor = (seconds: number) =>
      server.db
        .updateTable('sessions')
        .set({ last_seen_at: new Date(Date.now() - seconds * 1000) })
        .where('user_id', '=', userId(7))
        .where('revoked_at', 'is', null)
        .execute();
    await idleFor(50);
    expect((await acct('POST', '/portal/bpm/haiyaapi/getManageGreets')).status).toBe(200);
    await idleFor(61);
    const out = await acct('POST', '/portal/bpm/haiyaapi/getManageGreets');
    expect(out.status).toBe(401);
    expect(out.body).toEqual({ state: false, message: '登录超时' });
    // The session is over, not only idle: the same token stays refused.
    expect((await acct('POST', '/portal/bpm/haiyaapi/getManageGreets')).status).toBe(401);
  });
});
