import { sql } from 'kysely';

/**
 * What a signed-in user is answered with, for a query that reads the users table as `u`:
 * who they are, whether they may sign in, and their live role ids and store codes as sorted
 * arrays (the codes, not the ids: every scope compares codes, so no request looks them up).
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
    >`array(select s.code from user_stores us join stores s on s.id = us.store_id where us.user_id = u.id order by s.code)`.as(
      'store_codes',
    ),
  ] as const;
