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
 * Fixed-window counters in the database, so limits hold across restarts and across several
 * server processes. Throws 429 with the seconds to wait when a limit is exceeded.
 */
export async function enforceLimits(db: Db, limits: Limit[], now = Date.now()): Promise<void> {
  for (const limit of limits) {
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
    const { hits } = await db
      .insertInto('rate_limits')
      .values({ key: limit.key, window_start: windowStart, hits: 1 })
      .onConflict((conflict) =>
        conflict.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (hits > limit.max) {
      const seconds = Math.ceil((windowStart.getTime() + windowMs - now) / 1000);
      throw new UserError(
        429,
        'server:tooManyRequests',
        { seconds },
        { 'Retry-After': String(seconds) },
      );
    }
  }
}

/** Old windows are useless; removed by a periodic job. */
export async function pruneRateLimits(db: Db, olderThanSeconds = 86_400): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(Date.now() - olderThanSeconds * 1000))
    .execute();
}
