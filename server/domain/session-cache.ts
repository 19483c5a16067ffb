import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthUser } from '../lib/context';

/** The channel of migration 0019's notifications. */
export const sessionChannel = 'atrium_sessions';

/** The application_name of each process's listening connection: settle() counts them. */
export const listenerName = 'atrium-session-listener';

/**
 * A brief per-process memory of checked sessions, so a signed-in request costs neither a
 * token verification nor a database round trip (issue 18: the session check was the largest
 * fixed cost of every request).
 *
 * Revocation still takes effect at once in every process: the database announces each change
 * that can end a session or change its rights (migration 0019: NOTIFY atrium_sessions), each
 * process listens and forgets what it was told. While the listening connection is down the
 * cache is off (every request reads the database), so a missed notification cannot keep a
 * revoked session alive. An entry also lives at most `ttlMs`, and the idle rules stay exact:
 * an entry is used only while the session's last_seen_at is recent enough that no touch is due.
 *
 * "At once": PostgreSQL sends a notification to every listener as the change commits, but
 * another process reads its socket when its event loop gets to it. So a process that revokes
 * waits (settle) until every listening process has heard everything up to its change: it
 * sends a marker after the change, and each other listener acknowledges the marker once it
 * has heard it (a listener hears in commit order, so it has then dropped the revoked entries).
 * Only then does the logout answer. Listening connections carry `listenerName`, so the
 * waiting process counts how many acknowledgements to expect.
 */
export interface CachedSession {
  user: AuthUser;
  /** The earlier of the session's and the token's expiry (epoch ms). */
  expiresAt: number;
  /** last_seen_at as this process last knew it (read or written). */
  lastSeenAt: number;
  /** How long this entry may be used without a touch of last_seen_at. */
  freshForMs: number;
}

/** A settle() under way: its own marker heard yet, and the acknowledgements still due. */
interface Waiter {
  heard: boolean;
  due: number;
  done: () => void;
}

interface Entry extends CachedSession {
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every event: a read that began before one must not be cached after it. */
  private events = 0;
  /** The markers this process waits for: each counts the acknowledgements still due. */
  private readonly waiters = new Map<string, Waiter>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 20_000,
  ) {}

  /** The listening connection is up (true) or lost (false: forget everything, stop caching). */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.events++;
    this.entries.clear();
  }

  /** Where a read of the database begins: pass it back to put(). */
  mark(): number {
    return this.events;
  }

  get(token: string, now: number): AuthUser | null {
    if (!this.listening) return null;
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (
      now - entry.cachedAt >= this.ttlMs ||
      now >= entry.expiresAt ||
      now - entry.lastSeenAt > entry.freshForMs
    ) {
      this.entries.delete(token);
      return null;
    }
    return entry.user;
  }

  /** Keeps a checked session; answers the (frozen) user to hand out. */
  put(token: string, session: CachedSession, mark: number, now: number): AuthUser {
    const user = Object.freeze({
      ...session.user,
      roleIds: Object.freeze([...session.user.roleIds]) as string[],
      storeCodes: Object.freeze([...session.user.storeCodes]) as string[],
    });
    // An event arrived while the row was read: it may be older than the revocation.
    if (!this.listening || mark !== this.events) return user;
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { ...session, user, cachedAt: now });
    return user;
  }

  /**
   * Waits until every listening process (this one included) has heard every notification
   * committed before now: our marker comes after them in each listener's stream, and the
   * others acknowledge it. At most `timeoutMs` (a process that died meanwhile never answers;
   * its memory died with it); nothing to wait for while not listening. Answers how many
   * other processes acknowledged, and whether all that were counted did.
   */
  async settle(db: Db, timeoutMs = 2_000): Promise<{ acknowledged: number; complete: boolean }> {
    if (!this.listening) return { acknowledged: 0, complete: true };
    const marker = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const waiter: Waiter = { heard: false, due: 0, done: () => undefined };
    const everyone = new Promise<void>((resolve) => {
      waiter.done = resolve;
      timer = setTimeout(resolve, timeoutMs);
    });
    this.waiters.set(marker, waiter);
    try {
      // Counted before the marker goes out: a listener that connects later starts empty.
      const { rows } = await sql<{ listeners: number }>`
        select count(*)::int as listeners from pg_stat_activity
        where application_name = ${listenerName} and datname = current_database()`.execute(db);
      const others = Math.max(0, (rows[0]?.listeners ?? 0) - 1);
      waiter.due += others;
      await sql`select pg_notify(${sessionChannel}, ${`sync:${marker}`})`.execute(db);
      this.settled(waiter);
      await everyone;
      return {
        acknowledged: others - Math.max(0, waiter.due),
        complete: waiter.heard && waiter.due <= 0,
      };
    } finally {
      clearTimeout(timer);
      this.waiters.delete(marker);
    }
  }

  private settled(waiter: Waiter): void {
    if (waiter.heard && waiter.due <= 0) waiter.done();
  }

  /**
   * A payload of NOTIFY atrium_sessions: `s:<session id>`, `u:<user id>` or `*` change what
   * is kept; `sync:<marker>` and `ack:<marker>` are settle()'s. `db` answers other processes'
   * markers.
   */
  onEvent(payload: string, db?: Db): void {
    if (payload.startsWith('sync:') || payload.startsWith('ack:')) {
      const marker = payload.slice(payload.indexOf(':') + 1);
      const waiter = this.waiters.get(marker);
      if (payload.startsWith('ack:')) {
        if (waiter) waiter.due--;
      } else if (waiter) {
        waiter.heard = true;
      } else if (db) {
        // Another process's marker: everything before it has been heard here.
        void sql`select pg_notify(${sessionChannel}, ${`ack:${marker}`})`
          .execute(db)
          .catch(() => undefined);
      }
      if (waiter) this.settled(waiter);
      return;
    }
    this.events++;
    if (payload.startsWith('s:')) {
      const sessionId = payload.slice(2);
      for (const [token, entry] of this.entries)
        if (entry.user.sessionId === sessionId) this.entries.delete(token);
    } else if (payload.startsWith('u:')) {
      const userId = payload.slice(2);
      for (const [token, entry] of this.entries)
        if (entry.user.id === userId) this.entries.delete(token);
    } else {
      this.entries.clear();
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
