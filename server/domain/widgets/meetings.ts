import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { formatDateTime } from '../../lib/time';

/** A meeting row in the platform's field names (spec: hymc, kssj, taskId). */
export interface MeetingRow {
  id: string;
  hymc: string;
  kssj: string;
  taskId: string;
}

/** The caller's meetings, newest start first (spec section 9: start time descending). */
export async function meetingPage(
  db: Db,
  caller: AuthUser,
  paging: { page: number; pageSize: number },
  language: Language,
  timeZone: string,
) {
  const mine = db
    .selectFrom('meetings as m')
    .innerJoin('meeting_attendees as a', 'a.meeting_id', 'm.id')
    .where('a.user_id', '=', caller.id);
  const rows = await mine
    .select(['m.id', 'm.subject', 'm.subject_en', 'm.start_at', 'm.task_id'])
    .orderBy('m.start_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  const total = await mine
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((row): MeetingRow => ({
      id: row.id,
      hymc: language === 'en-US' && row.subject_en ? row.subject_en : row.subject,
      kssj: formatDateTime(row.start_at, timeZone).slice(0, 16),
      taskId: row.task_id,
    })),
    // PGlite answers count(*) as a number, PostgreSQL as a string.
    total: Number(total.n),
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
