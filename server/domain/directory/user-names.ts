import type { Db } from '../../db/database';

/**
 * The names of users by id, whatever their status (people named in old records may have
 * left); an id nobody has is not in the map.
 */
export async function userNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'fullname'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.fullname]));
}
