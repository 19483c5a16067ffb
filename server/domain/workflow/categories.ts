import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { WfCategoriesTable } from '../../db/schema-workflow';

export type CategoryRow = Selectable<WfCategoriesTable>;

/** Every flow category, in its sort order. */
export function flowCategories(db: Db): Promise<CategoryRow[]> {
  return db.selectFrom('wf_categories').selectAll().orderBy('sort').execute();
}
