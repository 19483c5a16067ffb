import { describe, expect, it } from 'vitest';
import { countHit, enforceLimits, pruneRateLimits } from '../../server/domain/rate-limit';
import { oneDatabase, withServer } from './harness';

/**
 * The sliding-window limiter (server/domain/rate-limit.ts) at the moments that matter: a
 * burst split across the turn of a window must count as one burst, and what has ended is
 * pruned. Times are given, so the window boundaries are where the test puts them.
 */
// One database: window arithmetic at given times (docs/testing.md).
describe.each(oneDatabase)('rate limits on %s', (kind) => {
  const server = withServer(kind);

  const windowSeconds = 300;
  const turn = Math.ceil(Date.now() / 300_000) * 300_000 + 300_000;

  it('counts a burst split across the turn of a window as one burst', async () => {
    const limit = { key: `test:turn:${kind}`, max: 30, windowSeconds };
    for (let i = 0; i < 20; i++) await countHit(server.db, limit, turn - 1000 + i);
    // Just after the turn: 20 in the previous window, nearly all still covered.
    let count = 0;
    for (let i = 0; i < 11; i++) count = await countHit(server.db, limit, turn + 10 + i);
    expect(count).toBe(31);
    await expect(enforceLimits(server.db, [limit], turn + 50)).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('forgets the previous window as the sliding window leaves it, and prunes ended rows', async () => {
    const limit = { key: `test:slide:${kind}`, max: 5, windowSeconds };
    for (let i = 0; i < 5; i++) await countHit(server.db, limit, turn - 2000 + i);
    // Halfway through the next window half the old hits still count (rounded up).
    expect(await countHit(server.db, limit, turn + 150_000)).toBe(1 + 3);
    // A window later the first five count for nothing (only the halfway hit, in the window
    // just ended, still does), and their row can go.
    expect(await countHit(server.db, limit, turn + 300_000 + 1)).toBe(1 + 1);
    expect(await pruneRateLimits(server.db, turn + 600_000 + 1)).toBeGreaterThanOrEqual(1);
  });
});
