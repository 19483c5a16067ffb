import type { authCalls } from '../../contract/auth';
import { send } from '../http';
import { signOut } from '../session';

/**
 * Ends the session at the server and on the page (the page's even when the server cannot be
 * reached). Apart from auth.ts: the host API (window.atrium.signOut) is in every element's
 * bundle, the sign-in requests are not.
 */
export async function logout(): Promise<void> {
  try {
    await send<typeof authCalls.logout>(
      'uc',
      { method: 'POST', path: '/logout' },
      {},
      { quiet: true, keepSessionOn401: true },
    );
  } finally {
    signOut();
  }
}
