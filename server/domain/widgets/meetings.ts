import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import type { Meeting as MeetingRow, MeetingDetail } from '../../../src/contract/widgets';
import { notFound } from '../../lib/errors';
import { formatDateTime, type BusinessCalendar } from '../../lib/time';
import { formAccess, managesForm } from '../forms/access';
import { dictionary } from '../forms/dictionaries';
import { bookingForm, bookingsOf } from './meeting-bookings';

/** 'YYYY-MM-DD HH:mm[:ss]' as the form stores it; anything else is left out of the card. */
const startPattern = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}(:[0-9]{2})?$';

/**
 * The caller's meetings, newest start first (spec section 9: start time descending): the
 * workflow meetings they attend, and the meeting bookings they made, host or are invited to
 * that start today or later (docs/forms.md). One query: paging runs over both sources.
 * With `day` ('YYYY-MM-DD', a day of the business time zone) only those starting that day:
 * the home card's 今日会议 (issue 39, item 5).
 */
export async function meetingPage(
  db: Db,
  caller: AuthUser,
  paging: { page: number; pageSize: number; day?: string | undefined },
  language: Language,
  { timeZone, today }: BusinessCalendar,
) {
  const bookingStart = sql`(r.data->>'startAt')::timestamp at time zone ${timeZone}`;
  const meetingOnDay = paging.day
    ? sql`and (m.start_at at time zone ${timeZone})::date = ${paging.day}::date`
    : sql``;
  const bookingOnDay = paging.day ? sql`and left(r.data->>'startAt', 10) = ${paging.day}` : sql``;
  const both = sql`
    select m.id, 'meeting' as kind, m.subject, m.subject_en, m.start_at, m.task_id,
        '' as room, false as booked_by_caller
      from meetings m join meeting_attendees a on a.meeting_id = m.id
      where a.user_id = ${caller.id} ${meetingOnDay}
    union all
    select r.id, 'booking', r.data->>'subject', '', ${bookingStart}, '',
        coalesce(r.data->>'room', ''), r.created_by = ${caller.id}
      from form_records r
      where r.form_key = ${bookingForm} and r.id in (${bookingsOf(caller.id)})
        and r.data->>'startAt' ~ ${startPattern} and r.data->>'startAt' >= ${today}
        ${bookingOnDay}`;
  const rows = await sql<{
    id: string;
    kind: 'meeting' | 'booking';
    subject: string;
    subject_en: string;
    start_at: Date | string;
    task_id: string;
    room: string;
    booked_by_caller: boolean;
  }>`select * from (${both}) b order by b.start_at desc, b.id desc
    limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`.execute(db);
  const total = await sql<{ n: number | string }>`select count(*) as n from (${both}) b`.execute(
    db,
  );
  const rooms = rows.rows.some((row) => row.kind === 'booking')
    ? await dictionary(db, 'meetingRoom')
    : [];
  const { reads, manages } = await bookingRights(db, caller);
  return {
    rows: rows.rows.map((row): MeetingRow => {
      const room = rooms.find((option) => option.value === row.room);
      return {
        id: row.id,
        hymc: language === 'en-US' && row.subject_en ? row.subject_en : row.subject,
        kssj: formatDateTime(row.start_at, timeZone).slice(0, 16),
        taskId: row.task_id,
        kind: row.kind,
        room: room ? (language === 'en-US' && room.labelEn) || room.label : row.room,
        canOpen: row.kind === 'booking' && reads && (row.booked_by_caller || manages),
      };
    }),
    // PGlite answers count(*) as a number, PostgreSQL as a string.
    total: Number(total.rows[0]?.n ?? 0),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/**
 * Whether the caller may read the bookings' records at all, and every one of them (a manager),
 * by the form's rights (docs/forms.md, "Who may use a form"): a booking opens for its booker
 * and the managers, and only while they may read the form.
 */
async function bookingRights(db: Db, caller: AuthUser) {
  const template = await db
    .selectFrom('data_templates')
    .selectAll()
    .where('template_key', '=', bookingForm)
    .executeTakeFirst();
  if (!template) return { reads: false, manages: false };
  const ctx = { db, caller };
  return { reads: await formAccess(ctx, template, 'read'), manages: managesForm(ctx, template) };
}

/**
 * One meeting, for its attendees and organiser (and the administrator); anyone else gets
 * 404, as for a meeting that does not exist.
 */
export async function meetingDetail(
  db: Db,
  caller: AuthUser,
  id: string,
  language: Language,
  timeZone: string,
): Promise<MeetingDetail> {
  const meeting = await db
    .selectFrom('meetings as m')
    .innerJoin('wf_tasks as t', 't.id', 'm.task_id')
    .leftJoin('users as o', 'o.id', 'm.organiser_id')
    .select(['m.id', 'm.subject', 'm.subject_en', 'm.start_at', 'm.end_at', 'm.room'])
    .select(['m.room_en', 'm.organiser_id', 'o.fullname as organiser', 't.inst_id'])
    .where('m.id', '=', id)
    .executeTakeFirst();
  const attendees = await sql<{ id: string; name: string; org_name: string | null }>`
    select u.id, u.fullname as name,
      (select ${language === 'en-US' ? sql`coalesce(nullif(o.name_en, ''), o.name)` : sql`o.name`}
        from wf_org_members om join wf_orgs o on o.id = om.org_id
        where om.user_id = u.id order by om.is_main desc limit 1) as org_name
    from meeting_attendees a join users u on u.id = a.user_id
    where a.meeting_id = ${id} order by u.fullname`.execute(db);
  const mine =
    caller.seesEverything ||
    meeting?.organiser_id === caller.id ||
    attendees.rows.some((row) => row.id === caller.id);
  if (!meeting || !mine) throw notFound('server:widgets.meetingNotFound');
  const english = language === 'en-US';
  return {
    id: meeting.id,
    subject: (english && meeting.subject_en) || meeting.subject,
    startTime: formatDateTime(meeting.start_at, timeZone).slice(0, 16),
    endTime: meeting.end_at ? formatDateTime(meeting.end_at, timeZone).slice(0, 16) : '',
    room: (english && meeting.room_en) || meeting.room,
    organiser: meeting.organiser ?? '',
    attendees: attendees.rows.map((row) => ({
      id: row.id,
      name: row.name,
      orgName: row.org_name ?? '',
    })),
    instId: meeting.inst_id,
  };
}
