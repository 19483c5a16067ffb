import { http, type CommonResult } from '../http';
import {
  sessionFromLogin,
  signIn,
  tokenLifetime,
  type LoginAnswer,
  type SessionUser,
} from '../session';

/** Password login (POST {uc}/auth); stores the session and answers it. */
export async function passwordLogin(
  account: string,
  password: string,
  tenantId?: string,
): Promise<SessionUser> {
  const answer = await http.post<LoginAnswer>(
    'uc',
    '/auth',
    { username: account, password },
    { anonymous: true, quiet: true, ...(tenantId ? { params: { tenantId } } : {}) },
  );
  const user = sessionFromLogin(answer);
  signIn(user);
  return user;
}

export interface CodeSent {
  cooldownSeconds: number;
  expiresInSeconds: number;
}

export async function requestMobileCode(mobile: string): Promise<CodeSent> {
  const answer = await http.post<CommonResult<CodeSent>>(
    'bpmRunTime',
    '/api/user/v1/user/getMobileCode',
    undefined,
    {
      anonymous: true,
      quiet: true,
      params: { mobile },
    },
  );
  return answer.value ?? { cooldownSeconds: 60, expiresInSeconds: 300 };
}

export interface MobileAccounts {
  ticket: string;
  accounts: { account: string; username: string }[];
}

/** Checks the code on the server; answers the accounts tied to the mobile. */
export async function verifyMobileCode(mobile: string, code: string): Promise<MobileAccounts> {
  const answer = await http.post<CommonResult<MobileAccounts>>(
    'bpmRunTime',
    '/api/user/v1/user/getMobileTokenByUserUserName',
    { code },
    { anonymous: true, quiet: true, params: { mobile } },
  );
  return answer.value!;
}

/** Signs in as one of those accounts with the ticket of the verified code. */
export async function mobileLogin(account: string, ticket: string): Promise<SessionUser> {
  const answer = await http.post<LoginAnswer>(
    'bpmRunTime',
    '/api/user/v1/user/getTokenByUserUserName',
    { ticket },
    { anonymous: true, quiet: true, params: { username: account } },
  );
  const user = sessionFromLogin(answer);
  signIn(user);
  return user;
}

export interface UserDetail {
  id: string;
  account: string;
  fullname: string;
  mobile: string;
  email: string;
  sex: string;
  address: string;
  status: number;
  loginStatus: 0 | 1;
  overTime: number | null;
  roles: { id: string; name: string }[];
  orgs?: { orgId: string; orgname: string; pathname: string; ismaster: boolean }[];
  posts?: {
    postId: string;
    postname: string;
    pathname: string;
    orgId: string;
    isMaster: boolean;
  }[];
}

/** The caller's details; with `token`, checks a token handed over in a URL first. */
export async function currentUserDetail(token?: string): Promise<UserDetail> {
  const answer = await http.get<CommonResult<UserDetail>>(
    'uc',
    '/api/user/v1/user/getDetailByAccountOrId',
    undefined,
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

export interface PasswordPolicyAnswer {
  enable: boolean;
  pwdRule: number;
  pwdLength: number;
}

export async function passwordPolicy(): Promise<PasswordPolicyAnswer | null> {
  const answer = await http.get<CommonResult<PasswordPolicyAnswer | null>>(
    'uc',
    '/pwdStrategy/v1/getDefault',
    undefined,
    {
      anonymous: true,
      quiet: true,
    },
  );
  return answer.value ?? null;
}

export async function changePassword(oldPwd: string, newPwd: string): Promise<string> {
  const answer = await http.post<CommonResult>(
    'uc',
    '/api/user/v1/user/changUserPsd',
    { oldPwd, newPwd },
    { quiet: true },
  );
  return answer.message ?? '';
}
