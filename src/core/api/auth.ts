import type {
  authCalls,
  CodeSent,
  MobileAccounts,
  mobileLoginCalls,
  PasswordPolicy,
  UserDetail,
} from '../../contract/auth';
import { send } from '../http';
import { sessionFromLogin, signIn, tokenLifetime, type SessionUser } from '../session';

/** The shapes of the sign-in calls (src/contract/auth.ts). */
export type { CodeSent, MobileAccounts, UserDetail } from '../../contract/auth';

/** Password login (POST {uc}/auth); stores the session and answers it. */
export async function passwordLogin(
  account: string,
  password: string,
  tenantId?: string,
): Promise<SessionUser> {
  const answer = await send<typeof authCalls.login>(
    'uc',
    { method: 'POST', path: '/auth' },
    { query: tenantId ? { tenantId } : {}, body: { username: account, password } },
    { anonymous: true, quiet: true },
  );
  const user = sessionFromLogin(answer);
  signIn(user);
  return user;
}

export async function requestMobileCode(mobile: string): Promise<CodeSent> {
  const answer = await send<typeof mobileLoginCalls.sendCode>(
    'bpmRunTime',
    { method: 'POST', path: '/api/user/v1/user/getMobileCode' },
    { query: { mobile } },
    { anonymous: true, quiet: true },
  );
  return answer.value ?? { cooldownSeconds: 60, expiresInSeconds: 300 };
}

/** Checks the code on the server; answers the accounts tied to the mobile. */
export async function verifyMobileCode(mobile: string, code: string): Promise<MobileAccounts> {
  const answer = await send<typeof mobileLoginCalls.verifyCode>(
    'bpmRunTime',
    { method: 'POST', path: '/api/user/v1/user/getMobileTokenByUserUserName' },
    { query: { mobile }, body: { code } },
    { anonymous: true, quiet: true },
  );
  return answer.value!;
}

/** Signs in as one of those accounts with the ticket of the verified code. */
export async function mobileLogin(account: string, ticket: string): Promise<SessionUser> {
  const answer = await send<typeof mobileLoginCalls.signIn>(
    'bpmRunTime',
    { method: 'POST', path: '/api/user/v1/user/getTokenByUserUserName' },
    { query: { username: account }, body: { ticket } },
    { anonymous: true, quiet: true },
  );
  const user = sessionFromLogin(answer);
  signIn(user);
  return user;
}

/** The caller's details; with `token`, checks a token handed over in a URL first. */
export async function currentUserDetail(token?: string): Promise<UserDetail> {
  const answer = await send<typeof authCalls.userDetail>(
    'uc',
    { method: 'GET', path: '/api/user/v1/user/getDetailByAccountOrId' },
    {},
    token ? { token, quiet: true, keepSessionOn401: true } : {},
  );
  return answer.value!;
}

/**
 * Adopts a token handed over in a URL (`?token=`): checked with the server, then kept as the
 * session of this tab. The opener's session stays valid. Answers the user's detail it read,
 * which is also the new session's check (a host need not ask again).
 */
export async function adoptToken(token: string): Promise<UserDetail> {
  const detail = await currentUserDetail(token);
  // Its lifetime from the token itself, so the request layer refreshes it when due (with
  // none, a handed-over session ran out however busy its user was).
  const lifetime = tokenLifetime(token);
  const user = sessionFromLogin(
    {
      token,
      account: detail.account,
      username: detail.fullname,
      userId: detail.id,
      loginStatus: detail.loginStatus,
      ...(lifetime ? { expiration: lifetime.expiration } : {}),
    },
    lifetime?.loginTime,
  );
  signIn(user);
  return detail;
}

export { logout } from './logout';

export async function passwordPolicy(): Promise<PasswordPolicy | null> {
  const answer = await send<typeof authCalls.passwordPolicy>(
    'uc',
    { method: 'GET', path: '/pwdStrategy/v1/getDefault' },
    {},
    { anonymous: true, quiet: true },
  );
  return answer.value ?? null;
}

export async function changePassword(oldPwd: string, newPwd: string): Promise<string> {
  const answer = await send<typeof authCalls.changePassword>(
    'uc',
    { method: 'POST', path: '/api/user/v1/user/changUserPsd' },
    { body: { oldPwd, newPwd } },
    { quiet: true },
  );
  return answer.message;
}
