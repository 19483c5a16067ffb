import type { Db } from '../db/database';
import { UserError } from '../lib/errors';
import { assertActive, findUserByAccount, signInAs, type LoginAnswer } from './accounts';
import type { SessionSettings } from './sessions';

/**
 * Single sign-on with a CAS server (the platform's ticket mode): the browser comes back from
 * the sign-on page with a ticket; we validate it with the CAS server, server to server, and
 * sign in the account it names. Configured with SSO_URL (the CAS base address).
 */
export interface SsoSettings {
  url: string;
  logoutUrl: string;
}

export function ssoSettings(env: NodeJS.ProcessEnv = process.env): SsoSettings | null {
  const url = env.SSO_URL?.replace(/\/+$/, '');
  if (!url) return null;
  return { url, logoutUrl: env.SSO_LOGOUT_URL ?? `${url}/logout` };
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
  service: string,
  fetcher: typeof fetch = fetch,
): Promise<LoginAnswer> {
  const query = new URLSearchParams({ ticket, service });
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
