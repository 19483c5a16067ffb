import type { Db } from '../../db/database';

/** Whether every one of these flow keys names a deployed flow (an agent's or secretary's flows). */
export async function allFlowsKnown(db: Db, defKeys: readonly string[]): Promise<boolean> {
  if (defKeys.length === 0) return true;
  const known = await db
    .selectFrom('wf_definitions')
    .select('def_key')
    .distinct()
    .where('def_key', 'in', defKeys)
    .execute();
  return known.length === new Set(defKeys).size;
}

/** Whether some version of a flow has this key. */
export async function flowKeyExists(db: Db, defKey: string): Promise<boolean> {
  const def = await db
    .selectFrom('wf_definitions')
    .select('id')
    .where('def_key', '=', defKey)
    .executeTakeFirst();
  return def !== undefined;
}
