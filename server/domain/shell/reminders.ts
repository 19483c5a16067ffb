import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import type { Language } from '../../i18n';
import { notFound } from '../../lib/errors';

/** A form reminder (spec: merchant-finance.md section 3, reminder). */
export interface Reminder {
  id: string;
  subject: string;
  content: string;
  count: number;
  /** The data template of the form: opens /statement/template/form/{opemType}/get/true. */
  opemType: string;
  /** The record: the id query parameter of that page. */
  opemId: string;
  createTime: Date;
}

/** The caller's reminders; in English the texts the server composed show their English. */
export async function remindersOf(
  db: Db,
  caller: AuthUser,
  language: Language,
): Promise<Reminder[]> {
  const english = language === 'en-US';
  const rows = await db
    .selectFrom('form_reminders')
    .selectAll()
    .where('user_id', '=', caller.id)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    subject: english && row.subject_en ? row.subject_en : row.subject,
    content: english && row.content_en ? row.content_en : row.content,
    count: row.count,
    opemType: row.template_key,
    opemId: row.record_id,
    createTime: row.created_at,
  }));
}

/**
 * Deletes one of the caller's reminders. Someone else's reminder answers the same 404 as a
 * missing one, so ids of other people's reminders cannot be probed.
 */
export async function deleteReminder(db: Db, caller: AuthUser, id: string): Promise<void> {
  const result = await db
    .deleteFrom('form_reminders')
    .where('id', '=', id)
    .where('user_id', '=', caller.id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('server:shell.reminderNotFound');
}
