import { sql } from 'kysely';
import type { NamedQuery, QueryContext } from './registry';

/** Labels of codes, per language; the rows carry both the code and its label. */
const attendanceLabels = {
  late: { 'zh-CN': '迟到', 'en-US': 'Late' },
  early: { 'zh-CN': '早退', 'en-US': 'Left early' },
  absent: { 'zh-CN': '旷工', 'en-US': 'Absent' },
  missing: { 'zh-CN': '缺卡', 'en-US': 'Missed clock-in' },
} as const;

const leaveLabels = {
  annual: { 'zh-CN': '年假', 'en-US': 'Annual leave' },
  sick: { 'zh-CN': '病假', 'en-US': 'Sick leave' },
  personal: { 'zh-CN': '事假', 'en-US': 'Personal leave' },
  marriage: { 'zh-CN': '婚假', 'en-US': 'Marriage leave' },
  compensatory: { 'zh-CN': '调休', 'en-US': 'Time off in lieu' },
} as const;

const statusLabels = {
  approved: { 'zh-CN': '已批准', 'en-US': 'Approved' },
  pending: { 'zh-CN': '审批中', 'en-US': 'Pending' },
} as const;

/** A CASE over a code column that answers the label in the caller's language. */
function labelOf(
  column: string,
  labels: Record<string, Record<string, string>>,
  ctx: QueryContext,
) {
  const cases = Object.entries(labels).map(
    ([code, label]) => sql`when ${code} then ${label[ctx.language] ?? code}`,
  );
  return sql<string>`case ${sql.ref(column)} ${sql.join(cases, sql` `)} else ${sql.ref(column)} end`;
}

/** The caller's own rows; the designated user who sees everything sees everyone's. */
function ownRows(ctx: QueryContext): string | null {
  return ctx.caller.seesEverything ? null : ctx.caller.id;
}

/** kqycmx: attendance exceptions, one row each. */
export const attendanceExceptions: NamedQuery = {
  name: 'attendanceExceptions',
  filters: { day: 'date', kind: 'exact', account: 'text' },
  orderBy: { column: 'day', direction: 'desc' },
  source(ctx) {
    const owner = ownRows(ctx);
    return ctx.db
      .selectFrom('attendance_exceptions as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'u.account',
        'u.fullname',
        'a.day',
        'a.kind',
        labelOf('a.kind', attendanceLabels, ctx).as('kindName'),
        'a.minutes',
        'a.note',
      ])
      .$if(owner !== null, (query) => query.where('a.user_id', '=', owner!));
  },
};

/** The attendance card: exceptions this month and leave days taken this year, in one row. */
export const attendanceCard: NamedQuery = {
  name: 'attendanceCard',
  filters: {},
  orderBy: { column: 'id', direction: 'asc' },
  source(ctx) {
    const monthStart = `${ctx.today.slice(0, 7)}-01`;
    const yearStart = `${ctx.today.slice(0, 4)}-01-01`;
    return ctx.db
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.account',
        (eb) =>
          eb
            .selectFrom('attendance_exceptions as a')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('a.user_id', '=', 'u.id')
            .where('a.day', '>=', monthStart)
            .where('a.day', '<=', ctx.today)
            .as('exceptionCount'),
        (eb) =>
          eb
            .selectFrom('leave_records as l')
            .select(sql<number>`coalesce(sum(l.days), 0)`.as('d'))
            .whereRef('l.user_id', '=', 'u.id')
            .where('l.status', '=', 'approved')
            .where('l.starts_on', '>=', yearStart)
            .where('l.starts_on', '<=', ctx.today)
            .as('leaveDays'),
      ])
      .where('u.id', '=', ctx.caller.id);
  },
};

/** grqj: personal leave, one row per request. */
export const leaveRecords: NamedQuery = {
  name: 'leaveRecords',
  filters: { startsOn: 'date', kind: 'exact', status: 'exact', account: 'text' },
  orderBy: { column: 'startsOn', direction: 'desc' },
  source(ctx) {
    const owner = ownRows(ctx);
    return ctx.db
      .selectFrom('leave_records as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select([
        'l.id',
        'u.account',
        'u.fullname',
        'l.kind',
        labelOf('l.kind', leaveLabels, ctx).as('kindName'),
        'l.starts_on as startsOn',
        'l.ends_on as endsOn',
        'l.days',
        'l.status',
        labelOf('l.status', statusLabels, ctx).as('statusName'),
        'l.reason',
      ])
      .$if(owner !== null, (query) => query.where('l.user_id', '=', owner!));
  },
};
