import type { Db } from '../db/database';

/** The roles a user holds (those not taken back), by id. */
export function activeRolesOf(db: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.name'])
    .where('ur.user_id', '=', userId)
    .where('ur.deleted', '=', false)
    .orderBy('r.id')
    .execute();
}
