import { sql } from 'kysely';

/**
 * A user's live role ids and store ids, as sorted arrays, for a query that reads the users
 * table as `u`: what a session check and a print hand-over both answer a user with.
 */
export const grantColumns = () => [
  sql<
    string[]
  >`array(select r.role_id from user_roles r where r.user_id = u.id and not r.deleted order by r.role_id)`.as(
    'role_ids',
  ),
  sql<
    string[]
  >`array(select us.store_id from user_stores us where us.user_id = u.id order by us.store_id)`.as(
    'store_ids',
  ),
];
