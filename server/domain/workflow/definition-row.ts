import type { Db } from '../../db/database';
import type { DefinitionRow } from '../../db/schema-workflow';

/**
 * One definition version's stored row, its XML unparsed (loadDefinition in definitions.ts
 * parses it): for showing a version as it was deployed.
 */
export function definitionRow(db: Db, id: string): Promise<DefinitionRow | undefined> {
  return db.selectFrom('wf_definitions').selectAll().where('id', '=', id).executeTakeFirst();
}
