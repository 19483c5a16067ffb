import { http } from '../http';
import { signOut } from '../session';

/**
 * Ends the session at the server and on the page (the page's even when the server cannot be
 * reached). Apart from auth.ts: the host API (window.atrium.signOut) is in every element's
 * bundle, the sign-in requests are not.
 */
export async function logout(): Promise<void> {
  try {
    await http.post('uc', '/logout', undefined, { quiet: true, keepSessionOn401: true });
  } finally {
    signOut();
  }
}
