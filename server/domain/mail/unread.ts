import type { Db } from '../../db/database';

/** Unread messages in the user's inboxes, but those waiting to be moved or deleted. */
const unreadInInbox = (db: Db, userId: string) =>
  db
    .selectFrom('mail_messages')
    .where('user_id', '=', userId)
    .where('folder', '=', 'inbox')
    .where('seen', '=', false)
    .where('pending', 'is', null);

/** Unread mail in the caller's inboxes (home counter myEmail, the contacts dot). */
export async function unreadMailCount(db: Db, userId: string): Promise<number> {
  const row = await unreadInInbox(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The ids of the newest hundred unread messages in the caller's inboxes. */
export async function unreadMailIds(db: Db, userId: string): Promise<string[]> {
  const rows = await unreadInInbox(db, userId)
    .select('id')
    .orderBy('sent_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => row.id);
}

/** Unread messages of each account and folder of the user, but those waiting to be moved. */
export function unreadByFolder(db: Db, userId: string) {
  return db
    .selectFrom('mail_messages')
    .select(['setting_id', 'folder', (eb) => eb.fn.countAll<number>().as('count')])
    .where('user_id', '=', userId)
    .where('seen', '=', false)
    .where('pending', 'is', null)
    .groupBy(['setting_id', 'folder'])
    .execute();
}
