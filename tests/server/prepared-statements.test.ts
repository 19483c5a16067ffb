import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../../server/db/prepared-statements';
import { caller, loginAll, shiftMonth, businessToday } from './finance-support';
import { startTestServer, type TestServer } from './harness';

/**
 * The finance lists run as named prepared statements on PostgreSQL (issue 18: parsing and
 * planning cost PostgreSQL ten times the running). One connection in the pool, so the
 * statements it prepared are the ones `pg_prepared_statements` shows.
 */
describe.runIf(process.env.DATABASE_URL)('named prepared statements on postgres', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('postgres', { DATABASE_POOL_SIZE: '1' });
  });
  afterAll(() => server.close());

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
    const month = businessToday().slice(0, 7);
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
    // The session (read once, then cached in the process), the page and the count.
    expect(added.map((row) => row.statement)).toEqual([
      expect.stringMatching(/^select "n"\.\*.* from "joint_fee_notices" as "n"/),
      expect.stringMatching(/^select "s"\."id" as "session_id".* from "sessions" as "s"/),
      expect.stringMatching(/^select count\(\*\) as "__total" from "joint_fee_notices"/),
    ]);
    // The second request reuses them: nothing new is prepared, and the answer is the same.
    const again = await merchant.query(descriptor);
    expect(again.body).toEqual(first.body);
    expect(await prepared()).toHaveLength(before.length + 3);
  });
});
