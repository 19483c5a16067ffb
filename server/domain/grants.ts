import { sql } from 'kysely';

/**
 * What a signed-in user is answered with, for a query that reads the users table as `u`:
 * who they are, whether they may sign in, and their live role and store ids as sorted arrays.
 * The session check and a print hand-over both build their AuthUser from these.
 */
export const authUserColumns = () =>
  [
    'u.id',
    'u.account',
    'u.fullname',
    'u.status',
    'u.must_change_password',
    'u.sees_everything',
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
  ] as const;
