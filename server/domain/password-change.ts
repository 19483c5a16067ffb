import type { Db } from '../db/database';
import { hashPassword } from '../lib/passwords';

/** The stored hash of a user's password (the user must exist). */
export async function passwordHashOf(db: Db, userId: string): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.password_hash;
}

/** Stores a user's new password, hashed, which also ends a required password change. */
export async function replacePassword(db: Db, userId: string, newPassword: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      password_hash: await hashPassword(newPassword),
      must_change_password: false,
      password_changed_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}
