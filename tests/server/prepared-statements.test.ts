import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { executePrepared, usePreparedStatements } from '../../server/db/prepared-statements';
import type { Database } from '../../server/db/schema';
import { caller, loginAll, seededToday, shiftMonth } from './finance-support';
import { withServer } from './harness';

/**
 * The finance lists run as named prepared statements on PostgreSQL (issue 18: parsing and
 * planning cost PostgreSQL ten times the running). One connection in the pool, so the
 * statements it prepared are the ones `pg_prepared_statements` shows.
 */
describe.runIf(process.env.DATABASE_URL)('named prepared statements on postgres', () => {
  const server = withServer('postgres', { DATABASE_POOL_SIZE: '1' });

  const prepared = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements order by statement`.execute(server.db)
    ).rows;

  it('parses a query once per connection and answers the same rows every time', async () => {
    const query = server.db.selectFrom('stores').select(['code', 'name']).where('code', '=', 'S01');
    const first = await executePrepared(server.db, query);
    expect(first).toHaveLength(1);
    expect(await executePrepared(server.db, query)).toEqual(first);
    const text = query.compile().sql;
    expect((await prepared()).filter((row) => row.statement === text)).toEqual([
      { name: expect.stringMatching(/^atrium_[0-9a-f]{24}$/), statement: text },
    ]);
  });

  it("runs a merchant's session, statement page and count as named statements, with the same answer", async () => {
    const tokens = await loginAll(server.app);
    const month = seededToday().slice(0, 7);
    const descriptor = {
      query: 'statement.lyfyjsd',
      filters: { startMonth: shiftMonth(month, -2), endMonth: shiftMonth(month, 1) },
      page: { page: 1, pageSize: 50 },
    };
    const merchant = caller(server.app, tokens.SZHY10001!);
    const before = await prepared();
    const first = await merchant.query(descriptor);
    expect(first.status).toBe(200);
    const added = (await prepared()).filter(
      (row) => !before.some((known) => known.name === row.name),
    );
    // The session (read once, then cached in the process) and the page; its few rows are
    // fewer than a page, so they are the total and nothing is counted.
    expect(added.map((row) => row.statement)).toEqual([
      expect.stringMatching(/^select "n"\.\*.* from "joint_fee_notices" as "n"/),
      expect.stringMatching(/^select "s"\."id" as "session_id".* from "sessions" as "s"/),
    ]);
    expect(first.body.total).toBe(first.body.result.length);
    // The second request reuses them: nothing new is prepared, and the answer is the same.
    const again = await merchant.query(descriptor);
    expect(again.body).toEqual(first.body);
    expect(await prepared()).toHaveLength(before.length + 2);
    // A full page is counted, by a named statement too (the page's size is a parameter).
    expect(first.body.total).toBeGreaterThan(1);
    const full = await merchant.query({ ...descriptor, page: { page: 1, pageSize: 1 } });
    expect([full.body.result.length, full.body.total]).toEqual([1, first.body.total]);
    const counted = (await prepared()).filter(
      (row) => !before.some((known) => known.name === row.name),
    );
    expect(counted.map((row) => row.statement)).toEqual([
      ...added.map((row) => row.statement),
      expect.stringMatching(/^select count\(\*\) as "__total" from "joint_fee_notices"/),
    ]);
  });
});

/**
 * Each connection keeps at most `perConnection` statements, least recently used out: past it
 * the oldest is deallocated and a later use parses it afresh (issue 18: a list sorted by
 * every field in turn must not grow a backend's memory without end, nor leave the common
 * shapes unnamed).
 */
describe.runIf(process.env.DATABASE_URL)('prepared statements, bounded per connection', () => {
  let pool: pg.Pool;
  let db: Db;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    usePreparedStatements(pool, { perConnection: 3 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(() => db.destroy());

  /** Text `k` adds k to its parameter, so every answer shows which text ran. */
  const text = (k: number) => `select $1::int + ${k} as n`;
  const run = async (k: number, value = 100, on: Db = db) =>
    (await executePrepared<{ n: number }>(on, CompiledQuery.raw(text(k), [value])))[0]!.n;
  /** The texts prepared on the pool's one connection. */
  const prepared = async () =>
    (
      await sql<{ statement: string }>`
        select statement from pg_prepared_statements where name like 'atrium_%'
        order by prepare_time`.execute(db)
    ).rows.map((row) => row.statement);

  it('deallocates the least recently used statement past the bound, and parses it again when asked', async () => {
    expect(await run(1)).toBe(101);
    expect(await run(2)).toBe(102);
    expect(await run(3)).toBe(103);
    expect(await run(1, 200)).toBe(201); // 1 is now the most recent: 2 goes first
    expect(await run(4)).toBe(104);
    expect((await prepared()).sort()).toEqual([text(1), text(3), text(4)].sort());
    expect(await run(2, 300)).toBe(302); // parsed again; 3 makes way
    expect((await prepared()).sort()).toEqual([text(1), text(2), text(4)].sort());
  });

  it('keeps the bookkeeping true when PostgreSQL refuses the deallocation (failed transaction)', async () => {
    for (const k of [11, 12, 13]) await run(k);
    await expect(
      db.transaction().execute(async (trx) => {
        await expect(sql`select 1 / 0`.execute(trx)).rejects.toThrow(/division by zero/);
        await run(14, 100, trx); // would evict 11 inside the failed transaction
      }),
    ).rejects.toThrow(/current transaction is aborted/);
    // 11 is still prepared on the server: pg must not try to parse it again under its name.
    expect(await run(11, 5)).toBe(16);
    expect(await run(14, 5)).toBe(19);
    // One over the bound until the next new statement, which brings it back.
    expect(await run(15)).toBe(115);
    expect((await prepared()).length).toBe(3);
  });

  it('answers 100 requests at once over more texts than a connection keeps', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => run(20 + (i % 10), i)));
    expect(answers).toEqual(Array.from({ length: 100 }, (_, i) => i + 20 + (i % 10)));
    expect((await prepared()).length).toBeLessThanOrEqual(3);
  });
});

/**
 * A named statement's result is described once per connection, not on every call (issue 18:
 * pg's per-call Describe and field list were the largest cost of a list page's JavaScript):
 * the rows are the ones pg itself reads, and every failure still reaches the caller and
 * leaves the connection usable.
 */
describe.runIf(process.env.DATABASE_URL)('named statements described once', () => {
  let pool: pg.Pool;
  let plain: pg.Pool;
  let db: Db;
  const describes: string[] = [];
  /** An int4 parser that refuses 13, to show what a parser's error does. */
  const types = {
    getTypeParser(id: number, format?: 'text' | 'binary') {
      if (id !== 23) return pg.types.getTypeParser(id, format);
      return (text: string) => {
        if (text === '13') throw new Error('unlucky number');
        return Number(text);
      };
    },
  };
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2, types });
    pool.on('connect', (client) => {
      const connection = (client as unknown as { connection: Record<string, unknown> }).connection;
      const describe = connection.describe as (message: { type: string }) => void;
      connection.describe = (message: { type: string }) => {
        describes.push(message.type);
        describe.call(connection, message);
      };
    });
    usePreparedStatements(pool);
    plain = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, types });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  });
  afterAll(async () => {
    await db.destroy();
    await plain.end();
  });

  const kinds = `select $1::int + 1 as n, 12.50::numeric as amount, 9007199254740::int8 as big,
    date '2026-11-27' as day, timestamptz '2026-11-27 08:00:00+08' as at, null::text as nothing,
    true as yes, '{1,2}'::int[] as list, '{"a":[1]}'::jsonb as doc, $2::text as echo,
    1 as twice, 2 as twice`;
  const run = <Row>(text: string, parameters: unknown[]) =>
    executePrepared<Row>(db, CompiledQuery.raw(text, parameters));

  it("reads the rows pg reads, describing the statement on the connection's first call only", async () => {
    describes.length = 0;
    const reference = (await plain.query(kinds, [41, 'é\u4e2d'])).rows;
    const first = await run(kinds, [41, 'é\u4e2d']);
    expect(first).toEqual(reference);
    expect(first[0]).toMatchObject({ n: 42, yes: true, list: [1, 2], doc: { a: [1] }, twice: 2 });
    expect(Object.keys(first[0]!)).toEqual(Object.keys(reference[0]!));
    expect(describes).toEqual(['S']);
    const again = await run(kinds, [1, null]);
    expect(again).toEqual((await plain.query(kinds, [1, null])).rows);
    expect(describes).toEqual(['S']);
  });

  it("answers the backend's error, a parser's and a parameter's, and reads on afterwards", async () => {
    const day = 'select $1::date as day, $2::int as n';
    await expect(run(day, ['2026-02-30', 1])).rejects.toThrow(/out of range|invalid/);
    await expect(run(day, ['2026-02-27', 13])).rejects.toThrow('unlucky number');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(run(day, ['2026-02-27', circular])).rejects.toThrow(/circular/i);
    expect(await run(day, ['2026-02-27', 12])).toEqual([{ day: new Date(2026, 1, 27), n: 12 }]);
  });

  it('describes it again on each new connection that parses it', async () => {
    describes.length = 0;
    const slow = 'select pg_backend_pid() as pid, pg_sleep($1::float8) is not null as slept';
    const [a, b] = await Promise.all([
      run<{ pid: number }>(slow, [0.1]),
      run<{ pid: number }>(slow, [0.1]),
    ]);
    expect(a![0]!.pid).not.toBe(b![0]!.pid);
    expect(describes).toEqual(['S', 'S']);
    await Promise.all([run(slow, [0.1]), run(slow, [0.1])]);
    expect(describes).toEqual(['S', 'S']);
  });

  it("survives a connection lost under a query: that query fails, the server's pool reads on", async () => {
    const { openDatabase } = await import('../../server/db/database');
    const handle = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 1 });
    try {
      const sleepy = 'select pg_backend_pid() as pid, pg_sleep($1::float8) is not null as slept';
      const read = (seconds: number) =>
        executePrepared<{ pid: number; slept: boolean }>(
          handle.db,
          CompiledQuery.raw(sleepy, [seconds]),
        );
      const [first] = await read(0);
      // Its failure is caught from the start: it may come before pg_terminate_backend answers.
      const sleeping = read(5).then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      await plain.query('select pg_terminate_backend($1)', [first!.pid]);
      expect(String(await sleeping)).toMatch(/terminat/);
      // A call that takes the dying connection before the pool hears it has ended fails too.
      const after = await read(0).catch(() => read(0));
      expect(after[0]!.pid).not.toBe(first!.pid);
      expect(after[0]!.slept).toBe(true);
    } finally {
      await handle.close();
    }
  });
});
