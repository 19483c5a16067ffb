import type { LoginAnswer } from '../../src/contract/auth';
import type { Db } from '../db/database';
import type { User } from '../db/schema';
import { UserError } from '../lib/errors';
import { decoyHash, verifyPassword } from '../lib/passwords';
import { createSession, type SessionSettings } from './sessions';

/** The platform's login answer, as the contract declares it (src/contract/auth.ts). */
export type { LoginAnswer } from '../../src/contract/auth';

export async function findUserByAccount(db: Db, account: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
}

/** Status 1 may sign in; the others get their own message (spec: 0 disabled, -1 not activated). */
export function assertActive(user: Pick<User, 'status'>): void {
  if (user.status === 1) return;
  throw new UserError(
    403,
    user.status === -1 ? 'server:accountNotActivated' : 'server:accountDisabled',
  );
}

/**
 * Checks the password first and the account state second, with the same work and the same
 * message whether or not the account exists: a wrong guess learns nothing about accounts.
 */
export async function checkCredentials(db: Db, account: string, password: string): Promise<User> {
  const user = await findUserByAccount(db, account);
  const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
  if (!user || !matches) throw new UserError(400, 'server:badCredentials');
  assertActive(user);
  return user;
}

export async function signInAs(
  db: Db,
  settings: SessionSettings,
  user: User,
): Promise<LoginAnswer> {
  const token = await createSession(db, settings, user.id);
  return loginAnswer(user, token, settings.tokenTtlSeconds);
}

/** What a login answer tells of a user. */
export type LoginUser = Pick<
  User,
  'id' | 'account' | 'fullname' | 'must_change_password' | 'tenant_id'
>;

/** A user as a login answer needs them (the user must exist), for a fresh token. */
export function loginUserById(db: Db, userId: string): Promise<LoginUser> {
  return db
    .selectFrom('users')
    .select(['id', 'account', 'fullname', 'must_change_password', 'tenant_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function loginAnswer(user: LoginUser, token: string, ttlSeconds: number): LoginAnswer {
  return {
    token,
    username: user.fullname,
    account: user.account,
    userId: user.id,
    expiration: ttlSeconds,
    loginStatus: user.must_change_password ? 0 : 1,
    userAttrs: { tenantId: user.tenant_id ?? '' },
  };
}
