import type { Db } from '../../../db/database';
import { newId } from '../../../lib/ids';

/**
 * Deputies: each task arriving for a user is copied to their deputies (a COPYTO notice,
 * server/domain/workflow/engine/tasks.ts), so a deputy can follow what the user has to do.
 */
export interface DeputyRow {
  id: string;
  deputy_id: string;
  fullname: string;
  created_at: Date;
}

/** A user's deputies with their names, oldest first. */
export function deputiesOf(db: Db, userId: string): Promise<DeputyRow[]> {
  return db
    .selectFrom('wf_deputies as d')
    .innerJoin('users as u', 'u.id', 'd.deputy_id')
    .select(['d.id', 'd.deputy_id', 'u.fullname', 'd.created_at'])
    .where('d.user_id', '=', userId)
    .orderBy('d.created_at')
    .execute();
}

/** Names a deputy of a user; naming one twice keeps the first. */
export async function addDeputy(db: Db, userId: string, deputyId: string): Promise<void> {
  await db
    .insertInto('wf_deputies')
    .values({ id: newId(), user_id: userId, deputy_id: deputyId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Deletes the user's deputies among `ids`; answers how many went. */
export async function removeDeputies(db: Db, userId: string, ids: string[]): Promise<number> {
  const result = await db
    .deleteFrom('wf_deputies')
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
