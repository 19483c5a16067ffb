import { adoptToken, currentUserDetail, type UserDetail } from '../../src/core/api/auth';
import { $config, configure } from '../../src/core/config';
import { http } from '../../src/core/http';
import {
  $session,
  sessionFromLogin,
  signIn,
  signOut,
  type LoginAnswer,
} from '../../src/core/session';
import { readStored, writeStored } from '../../src/core/storage';
import { base } from './router';

/**
 * The sign-in guard (spec/shell.md section 2): a `token` (or, in single-sign-on mode, a
 * `ticket`) in the address becomes the session; an optional `password` parameter is kept in
 * sessionStorage; every guarded route checks the session with the server, at most once per
 * 5 seconds (the login request lock); a failure ends the session and cleans up.
 */
const lockMs = 5000;
let lastCheck: { at: number; result: Promise<UserDetail | null> } | null = null;

function takeParameter(name: string): string | null {
  const url = new URL(location.href);
  const value = url.searchParams.get(name);
  if (value === null) return null;
  url.searchParams.delete(name);
  history.replaceState(null, '', url.pathname + url.search + url.hash);
  return value;
}

/**
 * The single-sign-on server sends everyone back to the portal's one configured address (the
 * server validates tickets for that address only), so the page a visitor wanted is kept here
 * until the ticket has been exchanged.
 */
const wantedPageKey = 'ssoWantedPage';

function rememberWantedPage(): void {
  const url = new URL(location.href);
  url.searchParams.delete('ticket');
  writeStored('session', wantedPageKey, url.pathname + url.search + url.hash);
}

/** Back to the page the visitor wanted, if it is one of the portal's (never another site). */
function returnToWantedPage(): void {
  const wanted = readStored('session', wantedPageKey);
  writeStored('session', wantedPageKey, null);
  if (wanted?.startsWith(`${base}/`)) history.replaceState(null, '', wanted);
}

async function exchangeTicket(ticket: string): Promise<void> {
  const answer = await http.get<LoginAnswer>(
    'uc',
    '/sso/auth',
    { ticket },
    { anonymous: true, quiet: true },
  );
  signIn(sessionFromLogin(answer));
  returnToWantedPage();
}

let signOnMode: Promise<void> | null = null;

/**
 * Single-sign-on mode is the server's setting: asked once per page load, and only when a
 * ticket is to be exchanged or a visitor sent away to sign in. A page that needs neither
 * (the login page itself) makes no request for it before it is drawn.
 */
function learnSignOnMode(): Promise<void> {
  signOnMode ??= http
    .get<{ enable: boolean; ssoUrl: string }>('uc', '/sso/info', undefined, {
      anonymous: true,
      quiet: true,
    })
    .then((info) => {
      if (info.enable && info.ssoUrl) configure({ ssoUrl: info.ssoUrl });
    })
    // Without an answer the portal uses its own login page.
    .catch(() => undefined);
  return signOnMode;
}

/** Takes what the address hands over (token, ticket, password) before anything else runs. */
export async function adoptHandOver(): Promise<void> {
  const password = takeParameter('password');
  if (password !== null) writeStored('session', 'password', password);
  const token = takeParameter('token');
  try {
    if (token) {
      const detail = await adoptToken(token);
      // Just read with this token: the guard's check of the new session needs no second call.
      lastCheck = { at: Date.now(), result: Promise.resolve(detail) };
    } else if (new URL(location.href).searchParams.has('ticket')) {
      await learnSignOnMode();
      const ticket = $config.get().ssoUrl ? takeParameter('ticket') : null;
      if (ticket) await exchangeTicket(ticket);
    }
  } catch {
    // An invalid token or ticket is as good as none: the guard sends the user to sign in.
  }
}

/** Checks the session with the server; null when there is none or it has ended. */
export function checkSession(): Promise<UserDetail | null> {
  const session = $session.get();
  if (!session) return Promise.resolve(null);
  if (lastCheck && Date.now() - lastCheck.at < lockMs) return lastCheck.result;
  // With the token given, a 401 here is the guard's to handle (one redirect, not two).
  const result = currentUserDetail(session.token).catch(() => null);
  lastCheck = { at: Date.now(), result };
  return result;
}

/** Where an unauthenticated visitor goes: the sign-on server, or the login page with a redirect. */
export async function signInAddress(
  path: string,
): Promise<{ external: string } | { internal: string }> {
  await learnSignOnMode();
  const { ssoUrl } = $config.get();
  // The server's sign-on address already names the portal's own service.
  if (ssoUrl) {
    rememberWantedPage();
    return { external: ssoUrl };
  }
  // The same form the request layer uses on a 401: the full address of the page.
  return { internal: `/login?redirect=${encodeURIComponent(`${base}${path}`)}` };
}

/** Ends the session here and everything kept with it. */
export function cleanUp(): void {
  lastCheck = null;
  signOut();
}
