import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catchUp, newestEventId } from '../../server/live/catch-up';
import { LiveHub, liveChannel } from '../../server/live/hub';
import { publish } from '../../server/live/publish';
import { liveCursorHeader, type LiveEvent } from '../../src/core/live/events';
import { bearer, databaseKinds, withServer } from './harness';
import { openStream, type StreamReader } from './live-support';
import { Client, leaveForm, staffId } from './workflow-harness';

/**
 * The live stream (docs/live.md) on both databases: events come from the database's
 * triggers and NOTIFY, which differ between PGlite (in-process) and PostgreSQL (a listening
 * connection). Who receives what, the catch-up after a reconnect, the end of a stream when
 * its session ends, and the refusals (bad Last-Event-ID, too many streams).
 */
describe.each(databaseKinds)('live stream on %s', (kind) => {
  const server = withServer(kind, { LIVE_STREAMS_PER_USER: '3', LIVE_STREAMS_PER_PROCESS: '12' });
  const client = new Client(server);
  let baseUrl = '';
  const open: StreamReader[] = [];

  beforeAll(async () => {
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterEach(async () => {
    for (const stream of open.splice(0)) stream.close();
    await vi.waitFor(() => expect(server.app.deps.live!.streams).toBe(0));
  });

  async function stream(account: string | null, options: Parameters<typeof openStream>[2] = {}) {
    const token = account ? await client.token(account) : null;
    const reader = await openStream(baseUrl, token, options);
    open.push(reader);
    return reader;
  }

  async function ready(account: string) {
    const reader = await stream(account);
    expect(reader.status).toBe(200);
    await reader.next('ready');
    return reader;
  }

  /**
   * An event published to the user after everything before it: once their stream has it,
   * it has every earlier event meant for them (NOTIFY arrives in commit order).
   */
  async function fence(reader: StreamReader, account: string) {
    const messageId = `fence-${Math.random()}`;
    await publish(server.db, staffOrUser(account), 'message', {
      messageId,
      kind: 'urge',
      instId: null,
    });
    await reader.next('message', (event) => event.data.messageId === messageId);
  }

  const userIds = new Map<string, string>();
  const staffOrUser = (account: string) => userIds.get(account)!;
  beforeAll(async () => {
    const rows = await server.db.selectFrom('users').select(['id', 'account']).execute();
    for (const row of rows) userIds.set(row.account, row.id);
  });

  it('refuses a caller without a session, or with a stale token', async () => {
    const anonymous = await stream(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ state: false, message: '请先登录' });
    const forged = await openStream(baseUrl, 'not.a.token', { language: 'en-US' });
    expect(forged.status).toBe(401);
    expect(forged.body?.message).toMatch(/log in/i);
  });

  it('a new task reaches its approver, its result the applicant, and nobody else', async () => {
    const [lead, applicant, stranger] = [
      await ready('lead01'),
      await ready('emp01'),
      await ready('emp02'),
    ];
    const instId = await client.start('emp01', 'leave', leaveForm(2));
    const taskId = await client.task(instId, 'lead01');
    const arrived = await lead.next('task-arrived', (event) => event.data.taskId === taskId);
    expect(arrived.data).toEqual({ taskId, instId });
    expect(Number(arrived.id)).toBeGreaterThan(0);

    await client.act('lead01', instId, 'agree');
    const left = await lead.next('task-left', (event) => event.data.taskId === taskId);
    expect(left.data).toMatchObject({ state: 'done', by: staffId('lead01') });
    expect(left.data.byName).not.toBe('');
    const result = await applicant.next('result', (event) => event.data.instId === instId);
    expect(result.data).toEqual({ instId, status: 'end', result: 'agree' });
    await applicant.next('message', (event) => event.data.instId === instId);

    await fence(stranger, 'emp02');
    const aboutIt = stranger.events.filter(
      (event) => 'instId' in event.data && event.data.instId === instId,
    );
    expect(aboutIt).toEqual([]);
    // The approver is not told the applicant's result either.
    await fence(lead, 'lead01');
    expect(lead.events.filter((event) => event.kind === 'result')).toEqual([]);
  });

  it("a leader's to-do changes reach their secretary, only for the flows the secretary keeps", async () => {
    // sec01 keeps mgr01's lists for every flow and mgr02's for claims only.
    const limited = sql`update wf_secretaries set def_keys = ${['claim']}
      where leader_id = ${staffId('mgr02')} and secretary_id = ${staffId('sec01')}`;
    await limited.execute(server.db);
    try {
      const secretary = await ready('sec01');
      const instId = await client.start('emp01', 'leave', leaveForm(5));
      await client.act('lead01', instId, 'agree');
      const taskId = await client.task(instId, 'mgr01');
      const told = await secretary.next('task-arrived', (event) => event.data.taskId === taskId);
      expect(told.data).toEqual({ taskId, instId, forLeader: staffId('mgr01') });
      await fence(secretary, 'sec01');
      const copies = secretary.events.filter(
        (event) => event.kind === 'task-arrived' && event.data.instId === instId,
      );
      expect(copies.map((event) => (event.data as { forLeader?: string }).forLeader)).toEqual([
        staffId('mgr01'),
      ]);
    } finally {
      await sql`update wf_secretaries set def_keys = '{}'
        where leader_id = ${staffId('mgr02')} and secretary_id = ${staffId('sec01')}`.execute(
        server.db,
      );
    }
  });

  it("a merchant is told of their own new notices, never another merchant's", async () => {
    const [mine, other] = [await ready('SZHY10001'), await ready('SZHY10002')];
    await sql`insert into dunning_notices
      select (jsonb_populate_record(null::dunning_notices,
        to_jsonb(d) || jsonb_build_object('id', 'live-test-' || d.id))).*
      from dunning_notices d where d.merchant_code = '10001'
      order by d.id limit 2`.execute(server.db);
    const told = await mine.next('merchant');
    expect(told.data).toEqual({ what: 'dunning', count: 2 });
    await fence(other, 'SZHY10002');
    expect(other.events.filter((event) => event.kind === 'merchant')).toEqual([]);
  });

  it('news for merchants reaches merchants only; a changed menu reaches everyone', async () => {
    const [merchant, staff] = [await ready('SZHY10001'), await ready('emp01')];
    const newsId = `live-news-${kind}`;
    await server.db
      .insertInto('news')
      .values({
        id: newsId,
        kind: 'announcement',
        title: '商户通知',
        drafter: 'admin',
        audience: 'roles',
        audience_roles: ['merchant'],
        attachments: '[]',
      })
      .execute();
    expect((await merchant.next('news')).data).toEqual({ newsId });
    await fence(staff, 'emp01');
    expect(staff.events.filter((event) => event.kind === 'news')).toEqual([]);

    await sql`update menus set sn = sn where id = (select min(id) from menus)`.execute(server.db);
    await Promise.all([merchant.next('menu'), staff.next('menu')]);
  });

  it('a reconnect with Last-Event-ID catches up on what it missed, and only that', async () => {
    const first = await ready('lead01');
    const cursor = first.events.find((event) => event.kind === 'ready')!.id;
    expect(cursor).toMatch(/^[1-9][0-9]*$/);
    first.close();
    const instId = await client.start('emp01', 'leave', leaveForm(1));
    const taskId = await client.task(instId, 'lead01');

    const again = await stream('lead01', { lastEventId: cursor });
    const caught = await again.next('task-arrived', (event) => event.data.taskId === taskId);
    const readyAgain = await again.next('ready');
    expect(again.events.indexOf(caught)).toBeLessThan(again.events.indexOf(readyAgain));
    // Everything caught up is the caller's own (or everyone's): never another user's.
    const ids = again.events.filter((event) => event.id).map((event) => Number(event.id));
    const { rows } = await sql<{ user_id: string | null }>`
      select user_id from live_events where id = any(${ids})`.execute(server.db);
    expect(rows.every((row) => row.user_id === null || row.user_id === staffId('lead01'))).toBe(
      true,
    );
  });

  it("a signed-in caller's answers carry the live cursor; a first stream from it misses nothing after", async () => {
    const token = await client.token('lead01');
    const me = '/uc/api/user/v1/user/getDetailByAccountOrId';
    const answer = await server.app.inject({ method: 'GET', url: me, headers: bearer(token) });
    const cursor = answer.headers[liveCursorHeader.toLowerCase()];
    expect(cursor).toMatch(/^[1-9][0-9]*$/);
    const { rows } = await sql<{ id: string }>`select max(id) as id from live_events`.execute(
      server.db,
    );
    expect(Number(cursor)).toBeLessThanOrEqual(Number(rows[0]!.id));
    const anonymous = await server.app.inject({ method: 'GET', url: me });
    expect(anonymous.headers[liveCursorHeader.toLowerCase()]).toBeUndefined();

    // What happens after the answer and before the page's stream opens reaches the stream.
    const instId = await client.start('emp01', 'leave', leaveForm(1));
    const taskId = await client.task(instId, 'lead01');
    const first = await stream('lead01', { lastEventId: String(cursor) });
    await first.next('task-arrived', (event) => event.data.taskId === taskId);
  });

  const urge = (messageId: string) => ({ messageId, kind: 'urge' as const, instId: null });

  it('a first stream from a cursor is not sent again what had committed before it', async () => {
    const watcher = await ready('lead01');
    await publish(server.db, staffOrUser('lead01'), 'message', urge('read-1'));
    await publish(server.db, staffOrUser('lead01'), 'message', urge('read-2'));
    const cursor = await watcher.next('message', (event) => event.data.messageId === 'read-2');
    // A page whose lists were read at `cursor` saw read-1 in them: only what follows comes.
    const page = await stream('lead01', { lastEventId: cursor.id });
    await page.next('ready');
    expect(page.events.filter((event) => event.kind === 'message')).toEqual([]);
  });

  it('after a restart, a page that read after it is not sent again what had committed before', async () => {
    await publish(server.db, staffOrUser('lead01'), 'message', urge('before-restart-1'));
    await publish(server.db, staffOrUser('lead01'), 'message', urge('before-restart-2'));
    // A process starting now: it heard none of these, its first cursor is the newest event.
    const restarted = new LiveHub(server.db);
    restarted.heardUpTo(await newestEventId(server.db));
    const caughtUp = (cursor: string) =>
      catchUp(server.db, staffOrUser('lead01'), Number(cursor), (id) =>
        restarted.committedBefore(id, cursor),
      );
    expect(await caughtUp(restarted.cursor)).toEqual([]);
    // An event heard after the start follows everything from before it.
    await publish(server.db, staffOrUser('lead01'), 'message', urge('after-restart'));
    const after = await newestEventId(server.db);
    const payload = { id: after, u: staffOrUser('lead01'), k: 'message', d: urge('after-restart') };
    restarted.hear(liveChannel, JSON.stringify(payload));
    expect(restarted.cursor).toBe(after);
    expect(await caughtUp(restarted.cursor)).toEqual([]);
    // A cursor newer than anything heard here (another process's) still gets the overlap.
    await publish(server.db, staffOrUser('lead01'), 'message', urge('elsewhere'));
    const sent = await caughtUp(await newestEventId(server.db));
    expect(sent).not.toBe('resync');
    const messages = (sent as LiveEvent[]).map(
      (event) => (event.data as { messageId?: string }).messageId,
    );
    expect(messages).toEqual(expect.arrayContaining(['before-restart-2', 'after-restart']));
  });

  it.skipIf(kind === 'pglite')(
    'an event numbered before the cursor but committed after it still reaches the page',
    async () => {
      const watcher = await ready('lead01');
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let numbered!: () => void;
      const hasNumber = new Promise<void>((resolve) => (numbered = resolve));
      const late = server.db.transaction().execute(async (transaction) => {
        await publish(transaction, staffOrUser('lead01'), 'message', urge('late'));
        numbered();
        await committing;
      });
      await hasNumber;
      await publish(server.db, staffOrUser('lead01'), 'message', urge('early'));
      const cursor = await watcher.next('message', (event) => event.data.messageId === 'early');
      commit();
      await late;
      const heard = await watcher.next('message', (event) => event.data.messageId === 'late');
      expect(Number(heard.id)).toBeLessThan(Number(cursor.id));
      const page = await stream('lead01', { lastEventId: cursor.id });
      await page.next('message', (event) => event.data.messageId === 'late');
    },
  );

  it('a Last-Event-ID no longer kept (or never given) asks the page to read everything again', async () => {
    const { rows } = await sql<{ id: number }>`select max(id) as id from live_events`.execute(
      server.db,
    );
    const unknown = String(Number(rows[0]!.id) + 1000);
    const reader = await stream('emp01', { lastEventId: unknown });
    expect(reader.status).toBe(200);
    await reader.next('resync');
    await reader.next('ready');
  });

  it.each(['abc', '0', '-5', '1.5', '1e3', '0x1f', '99999999999999999999', '12, 13'])(
    'refuses Last-Event-ID %j with a message in the reader language, and opens nothing',
    async (value) => {
      const zh = await stream('emp01', { lastEventId: value });
      expect(zh.status).toBe(400);
      expect(zh.body?.message).toContain('Last-Event-ID 无效');
      const en = await stream('emp01', { lastEventId: value, language: 'en-US' });
      expect(en.status).toBe(400);
      expect(en.body?.message).toContain('Last-Event-ID is not valid');
      expect(server.app.deps.live!.streams).toBe(0);
    },
  );

  it('sign-out ends the stream with session-revoked, and the token opens no other', async () => {
    const token = await client.token('hr01');
    const reader = await openStream(baseUrl, token);
    open.push(reader);
    await reader.next('ready');
    const out = await server.app.inject({
      method: 'POST',
      url: '/uc/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    await reader.next('session-revoked');
    await reader.ended;
    const after = await openStream(baseUrl, token);
    expect(after.status).toBe(401);
  });

  it('a user holds at most their streams, even asked for 100 at once', async () => {
    const token = await client.token('mgr02');
    const attempts = await Promise.all(
      Array.from({ length: 100 }, () => openStream(baseUrl, token)),
    );
    open.push(...attempts);
    const statuses = attempts.map((attempt) => attempt.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(97);
    const refused = attempts.find((attempt) => attempt.status === 429)!;
    expect(refused.body?.message).toContain('最多 3 个');
  });

  it('a process holds at most its streams: the next is told to come back later', async () => {
    const accounts = ['emp01', 'emp02', 'fin01', 'lead01'];
    for (const account of accounts) for (let n = 0; n < 3; n++) await ready(account);
    expect(server.app.deps.live!.streams).toBe(12);
    const over = await stream('mgr02');
    expect(over.status).toBe(503);
    expect(over.body?.message).toBe('服务器实时连接已满，请稍后重试');
  });
});
