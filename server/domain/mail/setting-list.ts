import type { Db } from '../../db/database';
import type { MailSettingRow } from '../../db/schema-mail';
import type { Paging } from '../directory/paging';

/** One page of the user's mail accounts, the default first, and how many there are. */
export async function settingsPage(
  db: Db,
  userId: string,
  paging: Paging,
): Promise<{ rows: MailSettingRow[]; total: number }> {
  const query = db.selectFrom('mail_settings').where('user_id', '=', userId);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** What the mailbox tree shows of each of the user's accounts, the default first. */
export function settingsForTree(db: Db, userId: string) {
  return db
    .selectFrom('mail_settings')
    .select(['id', 'address', 'nickname', 'is_default', 'last_sync_at', 'last_error'])
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .execute();
}

/** The id of one of the user's own accounts, or null when it is someone else's or gone. */
export async function ownSettingId(db: Db, userId: string, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('mail_settings')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id ?? null;
}
