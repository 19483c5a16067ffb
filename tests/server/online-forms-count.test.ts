import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleIds } from '../../server/db/seed/ids';
import { userId } from '../../server/db/seed/people';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { Client } from './workflow-harness';

/**
 * How a form list counts (docs/forms.md, "Counting"): exact by default, `estimate` exact up
 * to 1,000 and the planner's estimate past that (labelled), `none` no count at all.
 */
const url = '/form/form/dataTemplate/v1/dataList_inspection';
type Page = { rows: { ID_: string }[]; total: number; estimated?: boolean };

describe.each(databaseKinds)('form list counts on %s', (kind) => {
  let server: TestServer;
  let client: Client;
  let before: number;
  beforeAll(async () => {
    server = await startTestServer(kind);
    client = new Client(server);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from form_records where form_key = 'inspection'`.execute(server.db);
    before = rows[0]!.n;
    // 1,500 inspections of store S04 (store01's stores are S01 and S02: not theirs to see).
    await sql`
      insert into form_records (id, form_key, form_version, data, created_by, updated_by)
      select (4100000000000000000 + n)::text, 'inspection', 1,
        jsonb_build_object('store', 'S04', 'inspectedOn', '2026-01-02', 'area', '区域' || n,
          'result', case when n <= 30 then 'fail' else 'pass' end, 'score', '80'),
        ${userId(5)}, ${userId(5)}
      from generate_series(1, 1500) as n`.execute(server.db);
    await sql`analyze form_records`.execute(server.db);
  });
  afterAll(() => server.close());

  const list = async (body: object, account = 'admin') => {
    const answer = await client.post(account, url, {
      pageBean: { page: 1, pageSize: 20 },
      ...body,
    });
    expect(answer.status).toBe(200);
    return answer.body as unknown as Page;
  };
  const store = (value: string) => [{ property: 'store', value, operation: 'EQUAL' }];

  it('estimates past 1,000 rows, labelled, and counts exactly on request or below the bound', async () => {
    const estimate = await list({ querys: store('S04'), count: 'estimate' });
    expect(estimate.estimated).toBe(true);
    expect(estimate.total).toBeGreaterThan(1000);
    expect(estimate.rows).toHaveLength(20);
    const exact = await list({ querys: store('S04'), count: 'exact' });
    expect(exact).toMatchObject({ total: 1500, estimated: false });
    const plain = await list({ querys: store('S04') });
    expect(plain).toMatchObject({ total: 1500, estimated: false });
    const all = await list({ count: 'exact' });
    expect(all.total).toBe(before + 1500);

    const few = await list({
      querys: [...store('S04'), { property: 'result', value: 'fail', operation: 'EQUAL' }],
      count: 'estimate',
    });
    expect(few).toMatchObject({ total: 30, estimated: false });
    const later = await list({
      querys: store('S04'),
      count: 'none',
      pageBean: { page: 2, pageSize: 20 },
    });
    expect(later.total).toBe(-1);
    expect(later.rows).toHaveLength(20);
    expect(later.rows[0]!.ID_).not.toBe(exact.rows[0]!.ID_);
  });

  it('counts within the caller scope only, and refuses an unknown count mode', async () => {
    // Someone who may not read inspections gets no count at all, not even 0.
    const outsider = await client.post('emp01', url, { querys: store('S04'), count: 'estimate' });
    expect(outsider).toMatchObject({
      status: 403,
      body: { state: false, message: '无权查看该表单的记录' },
    });
    expect(Object.keys(outsider.body).sort()).toEqual(['message', 'state']);
    // A reader who does not manage inspections sees (and counts) only their own records.
    const staff = { roles: [roleIds.staff] };
    await server.db
      .updateTable('data_templates')
      .set({ rights: JSON.stringify({ read: staff, add: {}, edit: {}, delete: {} }) })
      .where('template_key', '=', 'inspection')
      .execute();
    const none = await list({ querys: store('S04'), count: 'estimate' }, 'emp01');
    expect(none).toMatchObject({ total: 0, estimated: false, rows: [] });
    const bad = await client.post('admin', url, { count: 'all' });
    expect(bad.status).toBe(400);
  });
});
