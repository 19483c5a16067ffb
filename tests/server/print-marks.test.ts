import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, databaseKinds, startTestServer, type TestServer } from './harness';
import { caller, loginAll, rows } from './finance-support';

/**
 * Confirmations and view marks (spec section 4): its merchant opening a fee notice confirms
 * it once, with their time, never overwritten, also under 50 opens at the same instant (real
 * concurrent transactions on PostgreSQL) mixed with staff opens, which are counted as staff
 * views and confirm nothing (issue 36); a batch confirms what is unconfirmed at one time; a
 * dunning notice keeps its merchant's first view; the lists then show who and when.
 */
const base = '/bpm-runtime/bpm/atriumScript';

/**
 * Counts every UPDATE that writes the mark's columns of a row: the tests' own witness of
 * writes (staff views update other columns of the notice, issue 36).
 */
async function watchWrites(
  db: TestServer['db'],
  table: string,
  byColumn: string,
  atColumn: string,
) {
  await rows(
    db,
    'create table if not exists print_test_writes (tbl text, id text, by text, at timestamptz)',
  );
  await rows(
    db,
    `create or replace function print_test_${table}() returns trigger language plpgsql as $$
       begin
         insert into print_test_writes values ('${table}', new.id, new.${byColumn}, new.${atColumn});
         return new;
       end $$`,
  );
  await rows(
    db,
    `create trigger print_test_${table} after update of ${byColumn}, ${atColumn} on ${table}
       for each row execute function print_test_${table}()`,
  );
}

const writes = (db: TestServer['db'], table: string, id: string) =>
  rows<{ by: string; at: Date }>(
    db,
    `select by, at from print_test_writes where tbl = '${table}' and id = '${id}'`,
  );

function open(app: FastifyInstance, path: string, payload: object, token: string) {
  return app.inject({ method: 'POST', url: `${base}/${path}`, payload, headers: bearer(token) });
}

describe.each(databaseKinds)('print confirmations and view marks on %s', (kind) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await loginAll(server.app);
    await watchWrites(server.db, 'advance_notices', 'confirmed_by', 'confirm_date');
    await watchWrites(server.db, 'joint_fee_notices', 'confirmed_by', 'confirm_date');
    await watchWrites(server.db, 'dunning_notices', 'viewed_by', 'viewed_at');
  });
  afterAll(() => server.close());

  it('confirms a fee notice once under 50 concurrent opens: the first viewer and time stay', async () => {
    // SZHY10001's S01 contract: seen by the merchant, its accountant 王会计 (acct01) and the
    // designated user (the store role sees no statements, spec section 6).
    const [notice] = await rows<{ id: string; contract_no: string; ny: string }>(
      server.db,
      `select id, contract_no, to_char(month, 'YYYY-MM') as ny from advance_notices
       where merchant_code = '10001' and store_code = 'S01' and accountant_name = '王会计'
         and confirm_date is null order by month desc limit 1`,
    );
    expect(notice).toBeDefined();
    const viewers = ['SZHY10001', 'acct01', 'admin'];
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        open(
          server.app,
          'printView/yjftzd',
          { DJBH: notice!.contract_no, NY: notice!.ny },
          tokens[viewers[i % viewers.length]!]!,
        ),
      ),
    );
    const finished = Date.now();
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));

    const logged = await writes(server.db, 'advance_notices', notice!.id);
    expect(logged, 'rows written').toHaveLength(1);
    const [stored] = await rows<{ confirmed_by: string; confirm_date: Date; shown: string }>(
      server.db,
      `select confirmed_by, confirm_date,
         to_char(confirm_date at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as shown
       from advance_notices where id = '${notice!.id}'`,
    );
    // The merchant's acknowledgement, never the accountant's or the designated user's.
    expect(stored!.confirmed_by).toBe('SZHY10001');
    expect(stored!.confirmed_by).toBe(logged[0]!.by);
    expect(new Date(stored!.confirm_date).getTime()).toBe(new Date(logged[0]!.at).getTime());
    const at = new Date(stored!.confirm_date).getTime();
    expect(at).toBeGreaterThanOrEqual(started - 1000);
    expect(at).toBeLessThanOrEqual(finished + 1000);
    // Every open by the merchant was shown the stored confirmation as the upload time, and
    // exactly one of them was told it confirmed the notice.
    const merchantAnswers = answers.filter((_, i) => i % viewers.length === 0);
    for (const answer of merchantAnswers) {
      expect(answer.json().value).toMatchObject({
        CONFIRM: '1',
        CONFIRM_BY: stored!.confirmed_by,
        CONFIRM_DATE: stored!.shown,
        SCSJ: stored!.shown,
      });
      expect(answer.json().opened).toMatchObject({ as: 'merchant', staffViews: 0 });
    }
    const told = merchantAnswers.filter((answer) => answer.json().opened.acknowledged === 1);
    expect(told).toHaveLength(1);
    // Staff opens were each counted as their own views.
    for (const answer of answers.filter((_, i) => i % viewers.length !== 0)) {
      expect(answer.json().opened).toEqual({ as: 'staff', acknowledged: 0, staffViews: 1 });
    }
    const views = await rows<{ account: string; opens: number }>(
      server.db,
      `select account, opens from notice_staff_views where kind = 'advance'
       and notice_id = '${notice!.id}' order by account`,
    );
    expect(views).toEqual([
      { account: 'acct01', opens: 17 },
      { account: 'admin', opens: 16 },
    ]);
    // Opening it again later changes nothing.
    await open(
      server.app,
      'printView/yjftzd',
      { DJBH: notice!.contract_no, NY: notice!.ny },
      tokens.admin!,
    );
    expect(await writes(server.db, 'advance_notices', notice!.id)).toHaveLength(1);
  });

  it('marks a dunning notice viewed once under 50 concurrent opens, never reset', async () => {
    // The S02 contract's notices: the merchant, their bookkeeper 王会计 (acct01), admin.
    const [notice] = await rows<{ id: string }>(
      server.db,
      `select id from dunning_notices where merchant_code = '10001' and bookkeeper_name = '王会计'
         and viewed_at is null order by cutoff_date desc limit 1`,
    );
    expect(notice).toBeDefined();
    const viewers = ['SZHY10001', 'acct01', 'admin'];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        open(server.app, 'printView/shcjftzd', { ID: notice!.id }, tokens[viewers[i % 3]!]!),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const logged = await writes(server.db, 'dunning_notices', notice!.id);
    expect(logged).toHaveLength(1);
    const records = answers.map((answer) => answer.json().value.record);
    // The merchant's opens all show the one mark; a staff open before it showed none.
    const marks = new Set(records.filter((r) => r.F_CYSJ).map((r) => `${r.F_CYR}|${r.F_CYSJ}`));
    expect(marks.size).toBe(1);
    expect(records[0].F_CYR).toBe(logged[0]!.by);
    // Whoever opened first, the view mark is the merchant's (issue 36).
    expect(records[0].F_CYR).toBe('SZHY10001');

    // The overdue list shows who viewed it and when.
    const list = await caller(server.app, tokens.admin!).query({ query: 'overdue.list' });
    const row = list.body.result.find((candidate) => candidate.ID_ === notice!.id)!;
    expect(row.F_CYR).toBe(records[0].F_CYR);
    expect(row.F_CYSJ).toBe(records[0].F_CYSJ);
    // A later batch open of the same notice leaves the first mark alone.
    const batch = await open(
      server.app,
      'printBatch/shcjftzd',
      { descriptor: { query: 'overdue.list', filters: {} } },
      tokens.admin!,
    );
    const again = batch.json().value.rows.find((r: { ID_: string }) => r.ID_ === notice!.id);
    expect(again).toMatchObject({ F_CYR: records[0].F_CYR, F_CYSJ: records[0].F_CYSJ });
    expect(await writes(server.db, 'dunning_notices', notice!.id)).toHaveLength(1);
  });

  it('a batch confirms every unconfirmed notice of the query at one time and keeps the others', async () => {
    const filters = { store: 'S01' };
    const before = await rows<{
      id: string;
      confirmed_by: string | null;
      confirm_date: Date | null;
    }>(
      server.db,
      `select id, confirmed_by, confirm_date from joint_fee_notices where merchant_code = '10001'
       and store_code = 'S01'`,
    );
    const pending = before.filter((row) => row.confirm_date === null).map((row) => row.id);
    const done = before.filter((row) => row.confirm_date !== null);
    expect(pending.length).toBeGreaterThan(0);
    expect(done.length).toBeGreaterThan(0);

    // Asked first (issue 13): how many it shows and confirms, and nothing is written.
    const writes = async () =>
      (
        await rows<{ n: number }>(
          server.db,
          `select count(*)::int as n from print_test_writes where tbl = 'joint_fee_notices'`,
        )
      )[0]!.n;
    const writesBefore = await writes();
    const descriptor = { query: 'statement.lyfyjsd', filters };
    const preview = await open(
      server.app,
      'batchPreview/lyfyjsd',
      { descriptor },
      tokens.SZHY10001!,
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.json().value).toEqual({
      documents: before.length,
      toConfirm: pending.length,
      staffViews: 0,
    });
    expect(await writes()).toBe(writesBefore);
    // A store manager may not batch print, so may not ask either; nobody without a session.
    const store = await open(server.app, 'batchPreview/lyfyjsd', { descriptor }, tokens.store01!);
    expect(store.statusCode).toBe(403);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `${base}/batchPreview/lyfyjsd`,
      payload: { descriptor },
    });
    expect(anonymous.statusCode).toBe(401);
    // Another merchant's preview counts only what that merchant sees: none of these.
    const other = await open(server.app, 'batchPreview/lyfyjsd', { descriptor }, tokens.SZHY10002!);
    expect(other.json().value.toConfirm).not.toBe(pending.length);

    const started = Date.now();
    const response = await open(
      server.app,
      'printBatch/lyfyjsd',
      { descriptor: { query: 'statement.lyfyjsd', filters } },
      tokens.SZHY10001!,
    );
    expect(response.statusCode).toBe(200);
    const { rows: printed, total } = response.json().value;
    // The list's rows, in the list's order.
    const list = await caller(server.app, tokens.SZHY10001!).query({
      query: 'statement.lyfyjsd',
      filters,
    });
    expect(total).toBe(list.body.total);
    expect(printed.map((row: { ID: string }) => row.ID)).toEqual(
      list.body.result.map((row) => row.ID),
    );
    const shownNow = new Set(
      printed
        .filter((row: { ID: string }) => pending.includes(row.ID))
        .map((row: { SCSJ: string; CONFIRM_DATE: string }) => {
          expect(row.SCSJ).toBe(row.CONFIRM_DATE);
          return row.SCSJ;
        }),
    );
    expect(shownNow.size, 'one time for the whole batch').toBe(1);
    // The list now shows the confirmation: SZHY10001 at that time for the pending ones,
    // the earlier confirmation for the others.
    for (const row of list.body.result) {
      if (pending.includes(String(row.ID))) {
        expect(row).toMatchObject({
          CONFIRM: '1',
          CONFIRM_BY: 'SZHY10001',
          CONFIRM_DATE: [...shownNow][0],
        });
      }
    }
    const after = await rows<{ id: string; confirmed_by: string; confirm_date: Date }>(
      server.db,
      `select id, confirmed_by, confirm_date from joint_fee_notices where merchant_code = '10001'
       and store_code = 'S01'`,
    );
    for (const row of after) {
      const earlier = done.find((candidate) => candidate.id === row.id);
      if (earlier) {
        expect(row.confirmed_by).toBe(earlier.confirmed_by);
        expect(new Date(row.confirm_date).getTime()).toBe(
          new Date(earlier.confirm_date!).getTime(),
        );
      } else {
        const at = new Date(row.confirm_date).getTime();
        expect(at).toBeGreaterThanOrEqual(started - 1000);
        expect(at).toBeLessThanOrEqual(Date.now() + 1000);
      }
    }
    // One write per notice that was pending, none for the confirmed ones.
    const [count] = await rows<{ n: number }>(
      server.db,
      `select count(*)::int as n from print_test_writes where tbl = 'joint_fee_notices'`,
    );
    expect(count!.n - writesBefore).toBe(pending.length);
  });

  it('does not confirm or mark anything for a caller who may not see it', async () => {
    const [notice] = await rows<{ contract_no: string; ny: string; id: string }>(
      server.db,
      `select id, contract_no, to_char(month, 'YYYY-MM') as ny from advance_notices
       where merchant_code = '10001' and confirm_date is null order by month desc limit 1`,
    );
    const refused = await open(
      server.app,
      'printView/yjftzd',
      { DJBH: notice!.contract_no, NY: notice!.ny },
      tokens.SZHY10002!,
    );
    expect(refused.statusCode).toBe(404);
    const batch = await open(
      server.app,
      'printBatch/yjftzd',
      { descriptor: { query: 'statement.yjfytzd', filters: { contract: notice!.contract_no } } },
      tokens.SZHY10002!,
    );
    expect(batch.json().value.rows).toEqual([]);
    const [still] = await rows<{ confirm_date: Date | null }>(
      server.db,
      `select confirm_date from advance_notices where id = '${notice!.id}'`,
    );
    expect(still!.confirm_date).toBeNull();
  });
});
