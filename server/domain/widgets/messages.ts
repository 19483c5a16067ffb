import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { markNewsRead } from '../news';

/**
 * The read mark of the message list (SaveNewsItem): a reminder the workflow engine delivered
 * to the caller (urging, due time) or a news item. Another user's reminder is not found.
 */
export async function markMessageRead(db: Db, id: string, viewer: AuthUser, now = new Date()) {
  const reminder = await db
    .updateTable('wf_messages')
    .set({ read_at: now })
    .where('id', '=', id)
    .where('user_id', '=', viewer.id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (Number(reminder.numUpdatedRows) > 0) return;
  const own = await db
    .selectFrom('wf_messages')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', viewer.id)
    .executeTakeFirst();
  if (own) return;
  await markNewsRead(db, id, viewer);
}
