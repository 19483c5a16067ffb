import { sql } from 'kysely';
import type { Db } from '../db/database';
import { UserError } from '../lib/errors';

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counters in the database, so limits hold across restarts and across several server
 * processes. Each limit counts in fixed windows and judges by a sliding estimate: this
 * window's hits plus the previous window's, weighted by how much of it the sliding window
 * still covers. So a burst at the end of one window and the start of the next counts as one
 * burst. A row is kept until the window after its own has ended, then pruned.
 */
function windowOf(limit: Limit, now: number) {
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    start: new Date(start),
    previous: new Date(start - windowMs),
    end: new Date(start + windowMs),
    /** Share of the previous window the sliding window still covers. */
    previousWeight: 1 - (now - start) / windowMs,
    keepUntil: new Date(start + 2 * windowMs),
  };
}

export function tooManyRequests(limit: Limit, now = Date.now()): UserError {
  const seconds = Math.max(1, Math.ceil((windowOf(limit, now).end.getTime() - now) / 1000));
  return new UserError(
    429,
    'server:tooManyRequests',
    { seconds },
    { 'Retry-After': String(seconds) },
  );
}

/** Counts one hit and answers the sliding count, this hit included. */
export async function countHit(db: Db, limit: Limit, now = Date.now()): Promise<number> {
  const window = windowOf(limit, now);
  const { hits } = await db
    .insertInto('rate_limits')
    .values({
      key: limit.key,
      window_start: window.start,
      expires_at: window.keepUntil,
      hits: 1,
    })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const previous = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', limit.key)
    .where('window_start', '=', window.previous)
    .executeTakeFirst();
  // Rounded up: a limit must not let one more through just after a window turns over
  // (with floor, 30 hits split across the turn counted as 29).
  return hits + Math.ceil((previous?.hits ?? 0) * window.previousWeight);
}

/**
 * Takes back a hit counted up front, once the attempt turned out not to count (a sign-in
 * with the right password, a code that was never sent).
 */
export async function releaseHit(db: Db, limit: Limit, now = Date.now()): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`greatest(hits - 1, 0)` })
    .where('key', '=', limit.key)
    .where('window_start', '=', windowOf(limit, now).start)
    .execute();
}

/** Counts a hit against each limit; 429 with the seconds to wait when one is exceeded. */
export async function enforceLimits(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  for (const limit of limits) {
    if ((await countHit(db, limit, now)) > limit.max) throw tooManyRequests(limit, now);
  }
}

/** Windows that have ended count for nothing; removed by a periodic job. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('expires_at', '<=', new Date(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
