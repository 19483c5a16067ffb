import dayjs from 'dayjs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { businessCalendar, businessToday } from '../../server/lib/time';
import { oneDatabase, seededToday } from './harness';
import { useServerAndClient } from './workflow-harness';

const meetings = '/portal/portal/meeting/v1/getMeetingPagination';
const today = { querys: [{ property: 'kssj', value: 'today' }] };
type Meeting = { kssj: string };

describe('BUSINESS_DATE', () => {
  it('pins the business day, or leaves it to the clock', () => {
    const env = { DATA_DIR: '/tmp/atrium-unused', JWT_SECRET: 'x'.repeat(32) };
    const pinned = loadConfig({ ...env, BUSINESS_DATE: '2028-02-29' });
    expect(businessCalendar(pinned)).toEqual({ timeZone: 'Asia/Shanghai', today: '2028-02-29' });
    const clock = loadConfig(env);
    const before = businessToday('Asia/Shanghai');
    const day = businessCalendar(clock).today;
    // The clock may pass midnight between the two readings, never more.
    expect([before, businessToday('Asia/Shanghai')]).toContain(day);
  });

  it.each(['2027-02-29', '2026-13-01', '2026-1-5', '20260105', 'today', '2026-01-05 '])(
    'refuses %j with what to write instead',
    (value) => {
      const env = { DATA_DIR: '/tmp/atrium-unused', JWT_SECRET: 'x'.repeat(32) };
      expect(() => loadConfig({ ...env, BUSINESS_DATE: value })).toThrow(
        /BUSINESS_DATE must be a date written YYYY-MM-DD/,
      );
    },
  );
});

// One database: which day "today" is does not depend on the engine.
describe.each(oneDatabase)("the server's today on %s", (kind) => {
  const { client } = useServerAndClient(kind);

  it("is the seeded day the test servers keep, whatever the clock's", async () => {
    const answer = await client.post('emp01', meetings, today);
    expect(answer.status).toBe(200);
    const starts = (answer.body.rows as Meeting[]).map((row) => row.kssj);
    expect(starts.length).toBeGreaterThan(0);
    for (const start of starts) expect(start.slice(0, 10)).toBe(seededToday());
  });
});

describe.each(oneDatabase)('a server whose day is pinned to the next on %s', (kind) => {
  const next = dayjs(seededToday()).add(1, 'day').format('YYYY-MM-DD');
  const { server, client } = useServerAndClient(kind, undefined, { BUSINESS_DATE: next });

  it("lists that day's meetings as today's", async () => {
    // One of emp01's meetings moves to that day, whatever days the seed chose.
    await sql`update meetings set start_at = (${`${next} 10:00`})::timestamp at time zone 'Asia/Shanghai'
      where id = (select meeting_id from meeting_attendees a join users u on u.id = a.user_id
        where u.account = 'emp01' order by meeting_id limit 1)`.execute(server.db);
    const all = await client.post('emp01', meetings, { pageBean: { page: 1, pageSize: 100 } });
    const onNext = (all.body.rows as Meeting[]).filter((row) => row.kssj.startsWith(next));
    expect(onNext.length).toBeGreaterThan(0);
    const answer = await client.post('emp01', meetings, today);
    expect((answer.body.rows as Meeting[]).map((row) => row.kssj)).toEqual(
      onNext.map((row) => row.kssj),
    );
  });
});
