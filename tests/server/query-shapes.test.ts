import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/database';
import { executeShape, shapeLimit } from '../../server/db/query-shapes';

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/**
 * Compiled SQL by query shape (server/db/query-shapes.ts): a shape is built once, then its text
 * runs with each call's parameters; a shape whose listed parameters are not Kysely's is never
 * kept.
 */
describe.each(kinds)('query shapes on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase(kind === 'postgres' ? { url: process.env.DATABASE_URL } : {});
  });
  afterAll(() => handle.close());

  /** `select $1::int + $2::int as n`, counting its builds. */
  const sum = (db: DatabaseHandle['db'], builds: { count: number }, a: number, b: number) => () => {
    builds.count += 1;
    return db.selectNoFrom(sql<number>`${a}::int + ${b}::int`.as('n'));
  };

  it("builds a shape once and runs its text with each call's parameters", async () => {
    const builds = { count: 0 };
    const shape = `sum ${kind} ${Math.random()}`;
    const answers = [];
    for (const [a, b] of [
      [1, 2],
      [10, 20],
      [100, 200],
    ] as const) {
      answers.push(await executeShape(handle.db, shape, [a, b], sum(handle.db, builds, a, b)));
    }
    expect(answers).toEqual([[{ n: 3 }], [{ n: 30 }], [{ n: 300 }]]);
    expect(builds.count).toBe(1);
  });

  it('never keeps a shape whose parameters the caller listed wrongly', async () => {
    const builds = { count: 0 };
    const shape = `wrong ${kind} ${Math.random()}`;
    // The caller lists one parameter of two, then both in the wrong order.
    expect(await executeShape(handle.db, shape, [1], sum(handle.db, builds, 1, 2))).toEqual([
      { n: 3 },
    ]);
    expect(await executeShape(handle.db, shape, [20, 10], sum(handle.db, builds, 10, 5))).toEqual([
      { n: 15 },
    ]);
    expect(builds.count).toBe(2);
  });

  it('drops the least recently used shape past its limit', async () => {
    const db = handle.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    });
    const builds = { count: 0 };
    const run = (shape: string) => executeShape(db, shape, [1, 2], sum(db, builds, 1, 2));
    await run('first');
    await run('second');
    for (let i = 2; i < shapeLimit; i++) await run(`shape ${i}`);
    await run('first'); // used again: now the most recent
    await run('one too many'); // drops 'second', the least recently used
    expect(builds.count).toBe(shapeLimit + 1);
    await run('first');
    expect(builds.count).toBe(shapeLimit + 1);
    await run('second');
    expect(builds.count).toBe(shapeLimit + 2);
  });

  it('keeps texts apart for a Kysely instance with plugins', async () => {
    const builds = { count: 0 };
    const shape = `plugin ${kind} ${Math.random()}`;
    const seen: string[] = [];
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const withPlugin = handle.db.withPlugin(plugin);
    await executeShape(handle.db, shape, [1, 1], sum(handle.db, builds, 1, 1));
    expect(await executeShape(withPlugin, shape, [2, 2], sum(withPlugin, builds, 2, 2))).toEqual([
      { n: 4 },
    ]);
    expect(builds.count).toBe(2);
    expect(seen).toEqual(['SelectQueryNode']);
  });
});
