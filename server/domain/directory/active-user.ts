import type { Db } from '../../db/database';
import { badRequest } from '../../lib/errors';

/**
 * An active user by id, to be named as someone's agent, deputy or secretary: a disabled or
 * unknown one is a 400.
 */
export async function activeUser(
  db: Db,
  userId: string,
): Promise<{ id: string; fullname: string }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'fullname'])
    .where('id', '=', userId)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!user) throw badRequest('server:workflow.userUnknown');
  return user;
}
