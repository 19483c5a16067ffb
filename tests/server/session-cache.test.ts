import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { listen, type Listener } from '../../server/db/notifications';
import { listenerName, SessionCache, sessionChannel } from '../../server/domain/session-cache';
import { resolveSession, revokeOtherSessions } from '../../server/domain/sessions';
import { localStorage } from '../../server/domain/storage';
import { bearer, databaseKinds, freshPostgres, login } from './harness';

/**
 * Issue 18: each process keeps checked sessions briefly; a revocation answers only once every
 * listening process has heard it (SessionCache.settle: a marker after the change, acknowledged
 * by the others), and changes made on other connections arrive by NOTIFY (migration 0019).
 * The two apps stand for two workers: on PostgreSQL each has its own pool and listening
 * connection; PGlite serves one process, where the two apps share the one database.
 */
describe.each(databaseKinds)('session cache across workers on %s', (kind) => {
  const handles: DatabaseHandle[] = [];
  const listeners: Listener[] = [];
  const workers: { app: FastifyInstance; cache: SessionCache }[] = [];
  let dataDir = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  const me = '/uc/api/user/v1/user/getDetailByAccountOrId';

  beforeAll(async () => {
    const template = inject('serverTemplate');
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-session-cache-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-for-atrium-tests-only',
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-static'),
    });
    if (kind === 'postgres') {
      const fresh = await freshPostgres(template.postgresTemplate);
      dropDatabase = fresh.drop;
      handles.push(await openDatabase({ url: fresh.url }), await openDatabase({ url: fresh.url }));
    } else {
      const one = await openDatabase({
        loadDataDir: new Blob([readFileSync(template.pgliteDump)]),
      });
      handles.push(one, one);
    }
    for (const handle of handles) {
      const cache = new SessionCache();
      listeners.push(
        await listen(handle, sessionChannel, {
          onMessage: (payload) => cache.onEvent(payload, handle.db),
          onListening: (listening) => cache.setListening(listening),
          applicationName: listenerName,
        }),
      );
      const storage = localStorage(join(dataDir, 'files'));
      const app = await buildApp(
        { config, db: handle.db, storage, sessionCache: cache },
        { logger: false },
      );
      await app.ready();
      workers.push({ app, cache });
    }
  });

  afterAll(async () => {
    for (const { app } of workers) await app.close();
    for (const listener of listeners) await listener.close();
    for (const handle of new Set(handles)) await handle.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const read = (worker: number, token: string) =>
    workers[worker]!.app.inject({ url: me, headers: bearer(token) });

  it('refuses at once, in both caching processes, a session logged out in either', async () => {
    for (let round = 0; round < 6; round++) {
      const [out, other] = round % 2 ? [1, 0] : [0, 1];
      const token = await login(workers[out]!.app, 'SZHY10001', 'Merchant#2026');
      // Both workers have checked the session and keep it.
      expect((await read(0, token)).statusCode).toBe(200);
      expect((await read(1, token)).statusCode).toBe(200);
      expect(workers[0]!.cache.size).toBeGreaterThan(0);
      expect(workers[1]!.cache.size).toBeGreaterThan(0);
      const logout = await workers[out]!.app.inject({
        method: 'POST',
        url: '/uc/logout',
        headers: bearer(token),
      });
      expect(logout.statusCode).toBe(200);
      expect((await read(other, token)).statusCode).toBe(401);
      expect((await read(out, token)).statusCode).toBe(401);
    }
  });

  it('waits, on a revocation, for the other listening process to acknowledge it', async () => {
    const settled = await workers[0]!.cache.settle(handles[0]!.db);
    // PostgreSQL: two listening connections, so one acknowledgement. PGlite: one process.
    expect(settled).toEqual({ acknowledged: kind === 'postgres' ? 1 : 0, complete: true });
  });

  it('ends the cached sessions of a user disabled in the database, in every worker', async () => {
    const token = await login(workers[0]!.app, 'SZHY10002', 'Merchant#2026');
    expect((await read(0, token)).statusCode).toBe(200);
    expect((await read(1, token)).statusCode).toBe(200);
    const db = handles[0]!.db;
    await db.updateTable('users').set({ status: 0 }).where('account', '=', 'SZHY10002').execute();
    // As revokeSession does: the changing process answers once it has heard its own change.
    await workers[0]!.cache.settle(db);
    try {
      expect((await read(1, token)).statusCode).toBe(401);
      expect((await read(0, token)).statusCode).toBe(401);
    } finally {
      await db.updateTable('users').set({ status: 1 }).where('account', '=', 'SZHY10002').execute();
    }
  });

  it('answers the roles of now after a role is taken away, not the cached ones', async () => {
    const token = await login(workers[0]!.app, 'store01', 'Staff#2026');
    const db = handles[1]!.db;
    const cache = workers[1]!.cache;
    const settings = workers[1]!.app.deps.config;
    const first = await resolveSession(db, settings, token, cache);
    expect(first.roleIds.length).toBeGreaterThan(0);
    // Answered from memory now: the same frozen object.
    expect(await resolveSession(db, settings, token, cache)).toBe(first);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'store01')
      .executeTakeFirstOrThrow();
    const role = first.roleIds[0]!;
    await db
      .updateTable('user_roles')
      .set({ deleted: true })
      .where('user_id', '=', user.id)
      .where('role_id', '=', role)
      .execute();
    // Each cache has heard the change once its own marker comes back after it.
    await workers[0]!.cache.settle(handles[0]!.db);
    await cache.settle(db);
    try {
      const after = await resolveSession(handles[0]!.db, settings, token, workers[0]!.cache);
      expect(after.roleIds).not.toContain(role);
      expect((await resolveSession(db, settings, token, cache)).roleIds).not.toContain(role);
    } finally {
      await sql`update user_roles set deleted = false where user_id = ${user.id} and role_id = ${role}`.execute(
        db,
      );
    }
  });

  it('ends the other sessions at once after a password change, in every worker', async () => {
    const other = await login(workers[1]!.app, 'acct01', 'Staff#2026');
    expect((await read(1, other)).statusCode).toBe(200);
    const db = handles[0]!.db;
    const { id } = await db
      .selectFrom('users')
      .select('id')
      .where('account', '=', 'acct01')
      .executeTakeFirstOrThrow();
    // What a password change does to the other sessions (server/services/uc/password.ts).
    const keep = await login(workers[0]!.app, 'acct01', 'Staff#2026');
    const { sid } = JSON.parse(Buffer.from(keep.split('.')[1]!, 'base64url').toString()) as {
      sid: string;
    };
    expect(await revokeOtherSessions(db, id, sid, workers[0]!.cache)).toBeGreaterThan(0);
    expect((await read(0, keep)).statusCode).toBe(200);
    expect((await read(1, other)).statusCode).toBe(401);
  });
});

describe('session cache rules', () => {
  const user = {
    id: 'u1',
    account: 'a',
    fullname: 'A',
    sessionId: 's1',
    roleIds: ['r'],
    storeCodes: [],
    seesEverything: false,
    mustChangePassword: false,
  };
  const entry = (now: number) => ({
    user,
    expiresAt: now + 60_000,
    lastSeenAt: now,
    freshForMs: 30_000,
  });

  it('keeps nothing while the listening connection is down', () => {
    const cache = new SessionCache();
    const now = Date.now();
    cache.put('t', entry(now), cache.mark(), now);
    expect(cache.get('t', now)).toBeNull();
    cache.setListening(true);
    cache.put('t', entry(now), cache.mark(), now);
    expect(cache.get('t', now)?.id).toBe('u1');
    cache.setListening(false);
    expect(cache.get('t', now)).toBeNull();
  });

  it('does not keep a row read before a revocation it heard of meanwhile', () => {
    const cache = new SessionCache();
    cache.setListening(true);
    const now = Date.now();
    const mark = cache.mark();
    cache.onEvent('s:s1');
    cache.put('t', entry(now), mark, now);
    expect(cache.get('t', now)).toBeNull();
  });

  it('forgets by session, by user, or all; and after its lifetime, expiry or idle touch', () => {
    const cache = new SessionCache(5_000);
    cache.setListening(true);
    const now = Date.now();
    const fill = () => cache.put('t', entry(now), cache.mark(), now);
    fill();
    cache.onEvent('s:other');
    expect(cache.get('t', now)).not.toBeNull();
    cache.onEvent('s:s1');
    expect(cache.get('t', now)).toBeNull();
    fill();
    cache.onEvent('u:u1');
    expect(cache.get('t', now)).toBeNull();
    fill();
    cache.onEvent('*');
    expect(cache.get('t', now)).toBeNull();
    fill();
    expect(cache.get('t', now + 5_000)).toBeNull();
    cache.put('t', { ...entry(now), expiresAt: now + 1000 }, cache.mark(), now);
    expect(cache.get('t', now + 1000)).toBeNull();
    cache.put('t', { ...entry(now), lastSeenAt: now - 30_001 }, cache.mark(), now);
    expect(cache.get('t', now)).toBeNull();
  });
});
