import type { Db } from '../../db/database';

/** A user's favourite flows (常用流程), pinned ones first, then in the order they were saved. */
export function favouritesOf(db: Db, userId: string) {
  return db
    .selectFrom('wf_favourites')
    .select(['def_key', 'is_top'])
    .where('user_id', '=', userId)
    .orderBy('is_top', 'desc')
    .orderBy('sort')
    .execute();
}

/** Replaces a user's favourites by these flows, in this order; a flow kept in the list stays pinned. */
export async function replaceFavourites(
  db: Db,
  userId: string,
  defKeys: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const pinned = await trx
      .selectFrom('wf_favourites')
      .select('def_key')
      .where('user_id', '=', userId)
      .where('is_top', '=', true)
      .execute();
    await trx.deleteFrom('wf_favourites').where('user_id', '=', userId).execute();
    if (defKeys.length > 0) {
      await trx
        .insertInto('wf_favourites')
        .values(
          defKeys.map((def_key, sort) => ({
            user_id: userId,
            def_key,
            sort,
            is_top: pinned.some((row) => row.def_key === def_key),
          })),
        )
        .execute();
    }
  });
}

/** Pins or unpins one of a user's favourites; false when the flow is not among them. */
export async function pinFavourite(
  db: Db,
  userId: string,
  defKey: string,
  top: boolean,
): Promise<boolean> {
  const updated = await db
    .updateTable('wf_favourites')
    .set({ is_top: top })
    .where('user_id', '=', userId)
    .where('def_key', '=', defKey)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
