import type { Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveStaffMarks } from '../../server/db/migrations/0035-notice-staff-views';
import { bearer, oneDatabase, startTestServer, type TestServer } from './harness';
import { caller, loginAll, rows } from './finance-support';

/**
 * Issue 36, part 4: a notice's confirmation (and a dunning notice's view mark) is its
 * merchant's acknowledgement. Staff who open it (the accountant acct01, the designated user
 * admin, a batch print by admin) confirm nothing and take no mark in the merchant's name:
 * their opens are staff views, kept apart and shown on the lists beside the merchant's own.
 * Who is the merchant is the server's decision, from the session.
 */
const base = '/bpm-runtime/bpm/atriumScript';

function post(app: FastifyInstance, path: string, payload: object, token: string) {
  return app.inject({ method: 'POST', url: `${base}/${path}`, payload, headers: bearer(token) });
}

describe.each(oneDatabase)('merchant acknowledgement and staff views on %s', (kind) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await loginAll(server.app);
  });
  afterAll(() => server.close());

  /** An unconfirmed joint-operation notice of SZHY10001 that acct01 keeps the accounts of. */
  const unconfirmedJoint = async () => {
    const [notice] = await rows<{ id: string; contract_no: string; ny: string }>(
      server.db,
      `select id, contract_no, to_char(month, 'YYYY-MM') as ny from joint_fee_notices
       where merchant_code = '10001' and accountant_name = '王会计' and confirm_date is null
       order by month desc, id limit 1`,
    );
    expect(notice).toBeDefined();
    return notice!;
  };
  const confirmation = async (table: string, id: string) =>
    (
      await rows<{ confirmed_by: string | null; confirm_date: Date | null }>(
        server.db,
        `select confirmed_by, confirm_date from ${table} where id = '${id}'`,
      )
    )[0]!;

  it('staff opening a notice confirm nothing; the list shows their view beside the merchant', async () => {
    const notice = await unconfirmedJoint();
    const params = { DJBH: notice.contract_no, NY: notice.ny };
    for (const account of ['acct01', 'admin', 'acct01']) {
      const answer = await post(server.app, 'printView/lyfyjsd', params, tokens[account]!);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().value).toMatchObject({ CONFIRM: '0', CONFIRM_BY: '' });
      expect(answer.json().opened).toEqual({ as: 'staff', acknowledged: 0, staffViews: 1 });
    }
    expect(await confirmation('joint_fee_notices', notice.id)).toEqual({
      confirmed_by: null,
      confirm_date: null,
    });
    const views = await rows<{ account: string; fullname: string; opens: number }>(
      server.db,
      `select account, fullname, opens from notice_staff_views
       where kind = 'joint' and notice_id = '${notice.id}' order by account`,
    );
    expect(views).toEqual([
      { account: 'acct01', fullname: '王会计', opens: 2 },
      { account: 'admin', fullname: expect.any(String), opens: 1 },
    ]);

    // The accountant's list: still unconfirmed by the merchant, viewed by staff (latest first).
    const list = await caller(server.app, tokens.acct01!).query({
      query: 'statement.lyfyjsd',
      filters: { contract: notice.contract_no, startMonth: notice.ny, endMonth: notice.ny },
    });
    expect(list.body).toMatchObject({ acknowledges: false });
    const row = list.body.result.find((candidate) => candidate.ID === notice.id)!;
    // The latest staff viewer, and how many staff looked.
    expect(row).toMatchObject({ CONFIRM: '0', STAFF_VIEWED_BY: '王会计', STAFF_VIEWERS: 2 });
    expect(String(row.STAFF_VIEWED_AT)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Then the merchant opens it: their confirmation, told once.
    const first = await post(server.app, 'printView/lyfyjsd', params, tokens.SZHY10001!);
    expect(first.json().value).toMatchObject({ CONFIRM: '1', CONFIRM_BY: 'SZHY10001' });
    expect(first.json().opened).toEqual({ as: 'merchant', acknowledged: 1, staffViews: 0 });
    const again = await post(server.app, 'printView/lyfyjsd', params, tokens.SZHY10001!);
    expect(again.json().value).toMatchObject({ CONFIRM: '1' });
    expect(again.json().opened).toEqual({ as: 'merchant', acknowledged: 0, staffViews: 0 });
    expect((await confirmation('joint_fee_notices', notice.id)).confirmed_by).toBe('SZHY10001');
    const merchantList = await caller(server.app, tokens.SZHY10001!).query({
      query: 'statement.lyfyjsd',
      filters: { contract: notice.contract_no },
    });
    expect(merchantList.body).toMatchObject({ acknowledges: true });
  });

  it("an administrator's batch print confirms none of the merchants' notices", async () => {
    const descriptor = { query: 'statement.yjfytzd', filters: {} };
    const count = async () =>
      (
        await rows<{ confirmed: number; views: number }>(
          server.db,
          `select (select count(*)::int from advance_notices where confirm_date is not null)
             as confirmed,
           (select count(*)::int from notice_staff_views where kind = 'advance'
             and account = 'admin') as views`,
        )
      )[0]!;
    const before = await count();
    const preview = await post(server.app, 'batchPreview/yjftzd', { descriptor }, tokens.admin!);
    const { documents, toConfirm, staffViews } = preview.json().value;
    expect(documents).toBeGreaterThan(100);
    expect({ toConfirm, staffViews }).toEqual({ toConfirm: 0, staffViews: documents });

    const batch = await post(server.app, 'printBatch/yjftzd', { descriptor }, tokens.admin!);
    expect(batch.statusCode).toBe(200);
    expect(batch.json().value.rows).toHaveLength(documents);
    expect(batch.json().opened).toEqual({ as: 'staff', acknowledged: 0, staffViews: documents });
    const after = await count();
    expect(after.confirmed).toBe(before.confirmed);
    expect(after.views).toBe(documents);

    // The merchant's own batch confirms their unconfirmed notices, and says so per row.
    const own = await post(server.app, 'batchPreview/yjftzd', { descriptor }, tokens.SZHY10001!);
    expect(own.json().value.staffViews).toBe(0);
    const pending = own.json().value.toConfirm as number;
    expect(pending).toBeGreaterThan(0);
    const mine = await post(server.app, 'printBatch/yjftzd', { descriptor }, tokens.SZHY10001!);
    expect(mine.json().opened).toEqual({ as: 'merchant', acknowledged: pending, staffViews: 0 });
    expect((await count()).confirmed).toBe(before.confirmed + pending);
  });

  it('a dunning notice keeps its view mark for its merchant', async () => {
    const [notice] = await rows<{ id: string }>(
      server.db,
      `select id from dunning_notices where merchant_code = '10001' and bookkeeper_name = '王会计'
       and viewed_at is null order by cutoff_date desc, id limit 1`,
    );
    const open = (account: string) =>
      post(server.app, 'printView/shcjftzd', { ID: notice!.id }, tokens[account]!);
    for (const account of ['admin', 'acct01']) {
      const answer = await open(account);
      expect(answer.json().value.record).toMatchObject({ F_CYR: '', F_CYSJ: '' });
      expect(answer.json().opened.as).toBe('staff');
    }
    const list = await caller(server.app, tokens.admin!).query({ query: 'overdue.list' });
    const row = list.body.result.find((candidate) => candidate.ID_ === notice!.id)!;
    expect(row.F_CYR).toBe('');
    expect(row).toMatchObject({ STAFF_VIEWED_BY: '王会计', STAFF_VIEWERS: 2 });
    const merchant = await open('SZHY10001');
    expect(merchant.json().value.record).toMatchObject({ F_CYR: 'SZHY10001' });
    expect(merchant.json().opened).toEqual({ as: 'merchant', acknowledged: 1, staffViews: 0 });
  });

  it('moves confirmations and marks staff made before into staff views', async () => {
    const [joint] = await rows<{ id: string }>(
      server.db,
      `select id from joint_fee_notices where confirm_date is null order by id limit 1`,
    );
    const [own] = await rows<{ id: string; merchant_code: string }>(
      server.db,
      `select id, merchant_code from lease_fee_notices where confirm_date is null
       order by id limit 1`,
    );
    const [dunning] = await rows<{ id: string }>(
      server.db,
      `select id from dunning_notices where viewed_at is null order by id limit 1`,
    );
    await rows(
      server.db,
      `update joint_fee_notices set confirmed_by = 'acct01',
         confirm_date = '2026-01-05 10:00:00+08' where id = '${joint!.id}'`,
    );
    await rows(
      server.db,
      `update lease_fee_notices set confirmed_by = 'SZHY${own!.merchant_code}',
         confirm_date = '2026-01-06 10:00:00+08' where id = '${own!.id}'`,
    );
    await rows(
      server.db,
      `update dunning_notices set viewed_by = 'admin', viewed_at = '2026-01-07 10:00:00+08'
       where id = '${dunning!.id}'`,
    );
    await moveStaffMarks(server.db as unknown as Kysely<unknown>);
    expect(await confirmation('joint_fee_notices', joint!.id)).toEqual({
      confirmed_by: null,
      confirm_date: null,
    });
    const [named] = await rows<{ staff_viewed_by: string; staff_viewers: number }>(
      server.db,
      `select staff_viewed_by, staff_viewers from joint_fee_notices where id = '${joint!.id}'`,
    );
    expect(named).toEqual({ staff_viewed_by: '王会计', staff_viewers: 1 });
    // The merchant's own confirmation stays.
    expect((await confirmation('lease_fee_notices', own!.id)).confirmed_by).toBe(
      `SZHY${own!.merchant_code}`,
    );
    const moved = await rows<{ kind: string; account: string; fullname: string; at: string }>(
      server.db,
      `select kind, account, fullname,
         to_char(first_viewed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as at
       from notice_staff_views where notice_id in ('${joint!.id}', '${dunning!.id}')
       order by kind`,
    );
    expect(moved).toEqual([
      { kind: 'dunning', account: 'admin', fullname: expect.any(String), at: '2026-01-07 10:00' },
      { kind: 'joint', account: 'acct01', fullname: '王会计', at: '2026-01-05 10:00' },
    ]);
    const [viewed] = await rows<{ viewed_by: string | null }>(
      server.db,
      `select viewed_by from dunning_notices where id = '${dunning!.id}'`,
    );
    expect(viewed!.viewed_by).toBeNull();
  });
});
