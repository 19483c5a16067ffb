import type { Db } from '../../db/database';

/**
 * The two state changes of spec section 4. Each is ONE statement whose condition is the
 * unset state, so it can never overwrite: under concurrent opens PostgreSQL re-checks the
 * condition on the row the first writer committed, finds it set, and skips it.
 */
export type NoticeTable = 'advance_notices' | 'joint_fee_notices' | 'lease_fee_notices';

/** Fee notices: confirmed by the viewer at `at`, once. Answers how many were confirmed now. */
export async function confirmNotices(
  db: Db,
  table: NoticeTable,
  ids: readonly string[],
  account: string,
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable(table)
    .set({ confirm_date: at, confirmed_by: account })
    .where('id', 'in', ids)
    .where('confirm_date', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Dunning notices: the first viewer and time (f_cyr, f_cysj), never reset. */
export async function markViewed(
  db: Db,
  ids: readonly string[],
  account: string,
  at: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('dunning_notices')
    .set({ viewed_by: account, viewed_at: at })
    .where('id', 'in', ids)
    .where('viewed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
