import type { Db } from '../../db/database';
import type { WfStartRightsTable } from '../../db/schema-workflow';

/**
 * Start rights: who may start a flow (everyone, a user, a role). The lists read them in
 * server/domain/workflow/queries/lists.ts (startableList).
 */
export interface StartRight {
  def_key: string;
  kind: WfStartRightsTable['kind'];
  ref_id: string;
}

/** Start rights with the name of the user or role named, of one flow or of all, by flow and kind. */
export function startRightsWithNames(db: Db, defKey: string | undefined) {
  let query = db
    .selectFrom('wf_start_rights as r')
    .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'r.ref_id').on('r.kind', '=', 'user'))
    .leftJoin('roles as o', (join) => join.onRef('o.id', '=', 'r.ref_id').on('r.kind', '=', 'role'))
    .select(['r.def_key', 'r.kind', 'r.ref_id', 'u.fullname', 'o.name']);
  if (defKey) query = query.where('r.def_key', '=', defKey);
  return query.orderBy('r.def_key').orderBy('r.kind').execute();
}

/** The first right, in order, naming a user or role that does not exist; undefined when none. */
export async function firstUnknownRef(
  db: Db,
  rights: readonly StartRight[],
): Promise<string | undefined> {
  for (const right of rights) {
    const table = right.kind === 'user' ? 'users' : right.kind === 'role' ? 'roles' : null;
    if (!table) continue;
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', right.ref_id)
      .executeTakeFirst();
    if (!found) return right.ref_id;
  }
  return undefined;
}

/** Replaces a flow's start rights with these, at once. */
export async function replaceStartRights(
  db: Db,
  defKey: string,
  rights: StartRight[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('wf_start_rights').where('def_key', '=', defKey).execute();
    if (rights.length > 0)
      await trx
        .insertInto('wf_start_rights')
        .values(rights)
        .onConflict((oc) => oc.doNothing())
        .execute();
  });
}
