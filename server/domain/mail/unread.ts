import type { Db } from '../../db/database';

/** Unread mail in the caller's inboxes (home counter myEmail, the contacts dot). */
export async function unreadMailCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mail_messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('folder', '=', 'inbox')
    .where('seen', '=', false)
    .where('pending', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
