import type { Db } from '../db/database';
import { newId } from '../lib/ids';
import { UserError } from '../lib/errors';
import type { AuthUser } from '../lib/context';
import type { SessionCache } from './session-cache';
import { readToken, signToken } from './tokens';
import { executePrepared } from '../db/prepared-statements';
import { authUserColumns } from './grants';

export interface SessionSettings {
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  defaultIdleMinutes: number;
}

/** last_seen_at is written at most this often, so reads stay reads. */
const touchEverySeconds = 30;

export async function createSession(
  db: Db,
  settings: SessionSettings,
  userId: string,
): Promise<string> {
  const sessionId = newId();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      expires_at: new Date(Date.now() + settings.tokenTtlSeconds * 1000),
    })
    .execute();
  return signToken(
    settings.jwtSecret,
    'session',
    { sub: userId, sid: sessionId },
    settings.tokenTtlSeconds,
  );
}

/** With the process's cache: answers once every process has been told (SessionCache.settle). */
export async function revokeSession(
  db: Db,
  sessionId: string,
  cache?: SessionCache,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await cache?.settle(db);
}

/** Ends every session of a user but one (after a password change, the one that made it). */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  cache?: SessionCache,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await cache?.settle(db);
  return Number(result.numUpdatedRows);
}

/**
 * The user behind a session token, checked against the database on every request: a revoked
 * session, an expired one, one idle for longer than the user's limit, or a disabled account
 * all end here with 401. With a cache (server/domain/session-cache.ts) a session checked a
 * moment ago is answered from memory; the cache forgets it on any change the database
 * announces.
 */
export async function resolveSession(
  db: Db,
  settings: SessionSettings,
  token: string,
  cache?: SessionCache,
): Promise<AuthUser> {
  const cached = cache?.get(token, Date.now());
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const claims = await readToken(settings.jwtSecret, 'session', token);
  if (!claims || typeof claims.sid !== 'string') throw new UserError(401, 'server:sessionEnded');
  // A named statement (prepared-statements.ts): every request whose session is not cached
  // in this process reads it, and the tables' shape changes only by migration.
  const [row] = await executePrepared(
    db,
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id as session_id',
        's.last_seen_at',
        's.expires_at',
        's.revoked_at',
        ...authUserColumns(),
        'u.idle_minutes',
      ])
      .where('s.id', '=', claims.sid),
  );
  const now = Date.now();
  if (!row || row.revoked_at || row.expires_at.getTime() <= now || row.status !== 1) {
    throw new UserError(401, 'server:sessionEnded');
  }
  const idleLimitMs = (row.idle_minutes ?? settings.defaultIdleMinutes) * 60_000;
  const idleMs = now - row.last_seen_at.getTime();
  if (idleMs > idleLimitMs) {
    await revokeSession(db, row.session_id);
    throw new UserError(401, 'server:loginTimeout');
  }
  let lastSeenAt = row.last_seen_at.getTime();
  if (idleMs > touchEverySeconds * 1000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.session_id)
      .execute();
    lastSeenAt = now;
  }
  const user: AuthUser = {
    id: row.id,
    account: row.account,
    fullname: row.fullname,
    sessionId: row.session_id,
    roleIds: row.role_ids,
    storeCodes: row.store_codes,
    seesEverything: row.sees_everything,
    mustChangePassword: row.must_change_password,
  };
  if (cache) {
    const tokenExpiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : now;
    return cache.put(
      token,
      {
        user,
        expiresAt: Math.min(row.expires_at.getTime(), tokenExpiresAt),
        lastSeenAt,
        // Used only while no touch is due, which also keeps it inside the idle limit.
        freshForMs: Math.min(touchEverySeconds * 1000, idleLimitMs),
      },
      mark,
      now,
    );
  }
  return user;
}
