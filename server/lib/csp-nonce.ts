/**
 * The host page is built with this text where a CSP nonce belongs (vite.config.ts, Vite's
 * `html.cspNonce`); the server swaps in a fresh nonce on every request for the page.
 */
export const cspNoncePlaceholder = 'ATRIUM_CSP_NONCE';
