import type { Db } from '../../../db/database';

/**
 * The deployed main versions of flows named so in either language, with their category's
 * icon (a flow without an icon of its own shows its category's), by key.
 */
export function deployedFlowsNamed(db: Db, name: string) {
  return db
    .selectFrom('wf_definitions as d')
    .innerJoin('wf_categories as c', 'c.id', 'd.category_id')
    .select(['d.def_key', 'd.name', 'd.name_en', 'd.icon', 'c.icon as category_icon'])
    .where('d.is_main', '=', true)
    .where('d.status', '=', 'deploy')
    .where((eb) => eb.or([eb('d.name', '=', name), eb('d.name_en', '=', name)]))
    .orderBy('d.def_key')
    .execute();
}
