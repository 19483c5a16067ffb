import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthUser } from '../lib/context';

/** The channel of migration 0019's notifications. */
export const sessionChannel = 'atrium_sessions';

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
 * "At once": PostgreSQL sends a notification to every listener as the change commits. A
 * process that revokes waits (settle) until its own listener has heard everything up to its
 * change before it answers, so by the time anyone learns of a logout, every listener has
 * been sent it.
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

interface Entry extends CachedSession {
  cachedAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every event: a read that began before one must not be cached after it. */
  private events = 0;
  private readonly waiters = new Map<string, () => void>();

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
      storeIds: Object.freeze([...session.user.storeIds]) as string[],
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
   * Waits until this process's listener has heard every notification committed before now
   * (notifications arrive in commit order: a marker of our own comes after them). At most
   * `timeoutMs`; nothing to wait for while not listening.
   */
  async settle(db: Db, timeoutMs = 2_000): Promise<void> {
    if (!this.listening) return;
    const marker = `sync:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.waiters.set(marker, resolve);
      timer = setTimeout(resolve, timeoutMs);
    });
    try {
      await sql`select pg_notify(${sessionChannel}, ${marker})`.execute(db);
      await heard;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(marker);
    }
  }

  /** A payload of NOTIFY atrium_sessions: `s:<session id>`, `u:<user id>` or `*`. */
  onEvent(payload: string): void {
    if (payload.startsWith('sync:')) {
      // A marker (settle): ours ends a wait; another process's changes nothing.
      this.waiters.get(payload)?.();
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
