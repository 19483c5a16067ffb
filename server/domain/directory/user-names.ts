import type { Db } from '../../db/database';

/**
 * The names of users by id, whatever their status (people named in old records may have
 * left). An empty list still makes a valid `in` list.
 */
export function userNames(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'fullname'])
    .where('id', 'in', [...new Set(ids), ''])
    .execute();
}
