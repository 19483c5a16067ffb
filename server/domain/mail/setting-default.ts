import type { Db } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { inTurn } from '../../lib/advisory-lock';
import { settingsTurn } from './accounts';

/** Makes one of the user's accounts (checked to be theirs) the only default one. */
export async function makeDefaultSetting(db: Db, userId: string, settingId: string): Promise<void> {
  await inTurn(db, settingsTurn(userId), async (trx) => {
    await trx
      .updateTable('mail_settings')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .execute();
    await trx
      .updateTable('mail_settings')
      .set({ is_default: true })
      .where('id', '=', settingId)
      .execute();
  });
}

/**
 * Removes those of the ids that are the user's own accounts (400 when none is) and, when the
 * default went with them, makes the oldest account left the default. Answers the removed ids.
 */
export async function removeOwnSettings(db: Db, userId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_settings')
    .select('id')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .execute();
  if (rows.length === 0) throw badRequest('server:mail.settingNotFound');
  const owned = rows.map((row) => row.id);
  await inTurn(db, settingsTurn(userId), async (trx) => {
    await trx.deleteFrom('mail_settings').where('id', 'in', owned).execute();
    const left = await trx
      .selectFrom('mail_settings')
      .select(['id', 'is_default'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    const first = left[0];
    if (first && !left.some((row) => row.is_default)) {
      await trx
        .updateTable('mail_settings')
        .set({ is_default: true })
        .where('id', '=', first.id)
        .execute();
    }
  });
  return owned;
}
