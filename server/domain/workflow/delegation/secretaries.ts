import type { Db } from '../../../db/database';
import { newId } from '../../../lib/ids';

/**
 * Secretaries: a leader names who may act for them, in all flows (no keys) or some. The
 * engine checks them in server/domain/workflow/engine/people.ts (isSecretaryOf).
 */
export interface SecretaryRow {
  id: string;
  leader_id: string;
  leader_name: string;
  secretary_id: string;
  secretary_name: string;
  def_keys: string[];
  created_at: Date;
}

/** Secretary entries with the names of the leader and the secretary. */
function secretaryRows(db: Db) {
  return db
    .selectFrom('wf_secretaries as s')
    .innerJoin('users as l', 'l.id', 's.leader_id')
    .innerJoin('users as c', 'c.id', 's.secretary_id')
    .select([
      's.id',
      's.leader_id',
      'l.fullname as leader_name',
      's.secretary_id',
      'c.fullname as secretary_name',
      's.def_keys',
      's.created_at',
    ]);
}

/** The entries naming this user as secretary, by the leader's name. */
export function leadersServedBy(db: Db, secretaryId: string): Promise<SecretaryRow[]> {
  return secretaryRows(db)
    .where('s.secretary_id', '=', secretaryId)
    .orderBy('l.fullname')
    .execute();
}

/** A leader's secretaries, oldest first. */
export function secretariesOf(db: Db, leaderId: string): Promise<SecretaryRow[]> {
  return secretaryRows(db).where('s.leader_id', '=', leaderId).orderBy('s.created_at').execute();
}

/** One entry by id, whoever's it is; undefined when none. */
export function secretaryEntry(db: Db, id: string): Promise<SecretaryRow | undefined> {
  return secretaryRows(db).where('s.id', '=', id).executeTakeFirst();
}

/** Changes a leader's entry `id`; false when the leader has none such. */
export async function updateSecretary(
  db: Db,
  leaderId: string,
  id: string,
  values: { secretary_id: string; def_keys: string[] },
): Promise<boolean> {
  const updated = await db
    .updateTable('wf_secretaries')
    .set(values)
    .where('id', '=', id)
    .where('leader_id', '=', leaderId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Whether the leader already names this secretary. */
export async function hasSecretary(
  db: Db,
  leaderId: string,
  secretaryId: string,
): Promise<boolean> {
  const existing = await db
    .selectFrom('wf_secretaries')
    .select('id')
    .where('leader_id', '=', leaderId)
    .where('secretary_id', '=', secretaryId)
    .executeTakeFirst();
  return existing !== undefined;
}

/** Names a secretary of the leader for these flows (none: all). */
export async function addSecretary(
  db: Db,
  leaderId: string,
  secretaryId: string,
  defKeys: string[],
): Promise<void> {
  await db
    .insertInto('wf_secretaries')
    .values({ id: newId(), leader_id: leaderId, secretary_id: secretaryId, def_keys: defKeys })
    .execute();
}

/** Deletes the leader's entries among `ids`; answers how many went. */
export async function removeSecretaries(db: Db, leaderId: string, ids: string[]): Promise<number> {
  const removed = await db
    .deleteFrom('wf_secretaries')
    .where('id', 'in', ids)
    .where('leader_id', '=', leaderId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}
