import type { Store } from '../../../src/contract/portal';
import type { Db } from '../../db/database';

/** The group's stores in their set order, with both languages' names, for the dropdowns. */
export function storeChoices(db: Db): Promise<Store[]> {
  return db
    .selectFrom('stores')
    .select(['code', 'name', 'name_en as nameEn', 'city', 'city_en as cityEn'])
    .orderBy('sort')
    .execute();
}
