import type { Db } from '../db/database';
import { UserError } from '../lib/errors';
import { assertActive, findUserByAccount, signInAs, type LoginAnswer } from './accounts';
import type { SessionSettings } from './sessions';

/**
 * Single sign-on with a CAS server (the platform's ticket mode): the browser comes back from
 * the sign-on page with a ticket; we validate it with the CAS server, server to server, and
 * sign in the account it names. Configured with SSO_URL (the CAS base address) and
 * SSO_SERVICE_URL (this portal's own address, which the CAS server sends visitors back to).
 *
 * A CAS ticket is good only for the service it was issued to, and the server checks that
 * against the service named at validation. So we always name our own configured service,
 * never one the caller sends: a ticket the CAS server issued to another application of the
 * realm then fails validation instead of becoming a session here.
 */
export interface SsoSettings {
  url: string;
  logoutUrl: string;
  /** The service address this portal signs in with, at the login redirect and at validation. */
  service: string;
}

export function ssoSettings(env: NodeJS.ProcessEnv = process.env): SsoSettings | null {
  const url = env.SSO_URL?.replace(/\/+$/, '');
  if (!url) return null;
  return { url, logoutUrl: env.SSO_LOGOUT_URL ?? `${url}/logout`, service: serviceFrom(env) };
}

function serviceFrom(env: NodeJS.ProcessEnv): string {
  const service = env.SSO_SERVICE_URL ?? '';
  let parsed: URL | null = null;
  try {
    parsed = new URL(service);
  } catch {
    // reported below
  }
  if (
    !parsed ||
    !['http:', 'https:'].includes(parsed.protocol) ||
    parsed.searchParams.has('ticket')
  )
    throw new Error(
      'SSO_URL needs SSO_SERVICE_URL: the absolute http(s) address of this portal that the CAS ' +
        `server sends visitors back to, e.g. https://portal.example.com/fvue/home (got "${service}")`,
    );
  return parsed.toString();
}

/** Where visitors sign in: the CAS login page, asked for our own service. */
export function ssoLoginUrl(sso: SsoSettings): string {
  return `${sso.url}/login?${new URLSearchParams({ service: sso.service }).toString()}`;
}

/** The account in a CAS 2.0 serviceValidate answer, or null for a failure answer. */
export function casUser(xml: string): string | null {
  if (!/<cas:authenticationSuccess>/.test(xml)) return null;
  const user = /<cas:user>\s*([^<\s][^<]*?)\s*<\/cas:user>/.exec(xml)?.[1];
  return user ?? null;
}

export async function signInWithTicket(
  db: Db,
  settings: SessionSettings,
  sso: SsoSettings,
  ticket: string,
  fetcher: typeof fetch = fetch,
): Promise<LoginAnswer> {
  const query = new URLSearchParams({ ticket, service: sso.service });
  let xml: string;
  try {
    const response = await fetcher(`${sso.url}/serviceValidate?${query.toString()}`, {
      signal: AbortSignal.timeout(10_000),
    });
    xml = await response.text();
  } catch {
    throw new UserError(502, 'server:ssoUnreachable');
  }
  const account = casUser(xml);
  if (!account) throw new UserError(401, 'server:ssoTicketInvalid');
  const user = await findUserByAccount(db, account);
  if (!user) throw new UserError(401, 'server:ssoTicketInvalid');
  assertActive(user);
  return signInAs(db, settings, user);
}
