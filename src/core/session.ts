import { atom } from 'nanostores';
import { fromBase64Url } from './base64';
import { shared } from './shared';
import { readStoredJson, writeStored } from './storage';

/** The signed-in user as the platform keeps it (sessionStorage `currentUser`). */
export interface SessionUser {
  token: string;
  account: string;
  username: string;
  userId: string;
  /** 1: normal. 0: the password must be changed before anything else. */
  loginStatus: 0 | 1;
  /** Token lifetime in seconds, as the server reported it. */
  expiration: number;
  /** When the token was obtained (ms since epoch); drives the refresh. */
  loginTime: number;
  tenantId?: string;
}

const storageKey = 'currentUser';

function isSessionUser(value: unknown): value is SessionUser {
  const user = value as Partial<SessionUser> | null;
  return typeof user?.token === 'string' && typeof user.account === 'string';
}

export const $session = shared('session', () => {
  const stored = readStoredJson<unknown>('session', storageKey);
  const store = atom<SessionUser | null>(isSessionUser(stored) ? stored : null);
  store.listen((user) => writeStored('session', storageKey, user ? JSON.stringify(user) : null));
  return store;
});

/**
 * The leader a secretary or agent is acting for; the request layer then adds `leaderId`.
 * Kept per page, not per session: opening a task on behalf of a leader sets it.
 */
export const $actingFor = shared('actingFor', () => atom<string | null>(null));

/** Platform login answers say `loginStatus: true|false`; the spec says 1|0. Accept both. */
export function normaliseLoginStatus(value: unknown): 0 | 1 {
  return value === false || value === 0 || value === '0' ? 0 : 1;
}

export interface LoginAnswer {
  token: string;
  account: string;
  username?: string;
  userId?: string;
  loginStatus?: unknown;
  expiration?: number;
  userAttrs?: { tenantId?: string };
}

export function sessionFromLogin(answer: LoginAnswer, now = Date.now()): SessionUser {
  return {
    token: answer.token,
    account: answer.account,
    username: answer.username ?? answer.account,
    userId: answer.userId ?? '',
    loginStatus: normaliseLoginStatus(answer.loginStatus),
    expiration: answer.expiration ?? 0,
    loginTime: now,
    ...(answer.userAttrs?.tenantId ? { tenantId: answer.userAttrs.tenantId } : {}),
  };
}

/**
 * When a token was issued and for how long (its iat and exp claims), for a token handed over
 * without a login answer (`?token=` in the address): its session is then refreshed like one
 * signed in here. Read, not verified: the server verifies every request. Null when the token
 * carries no such claims.
 */
export function tokenLifetime(token: string): { loginTime: number; expiration: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(fromBase64Url(payload)) as {
      iat?: unknown;
      exp?: unknown;
    };
    const { iat, exp } = claims;
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp <= iat) return null;
    return { loginTime: iat * 1000, expiration: exp - iat };
  } catch {
    return null;
  }
}

export function signIn(user: SessionUser): void {
  $session.set(user);
}

/** Logs out locally: the session and the page-scoped helpers of the platform go away. */
export function signOut(): void {
  $session.set(null);
  $actingFor.set(null);
  for (const key of ['allMethod', 'curUserMethod', 'methodAccount', 'password'])
    writeStored('session', key, null);
}
