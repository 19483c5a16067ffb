import type { Plugin } from 'vite';

/**
 * Vite announces the page's nonce with `<meta property="csp-nonce" nonce="...">`, a meta
 * element without `content`, which HTML requires of it (the validator flags every page). An
 * empty content completes it; the nonce stays in the attribute browsers hide from selectors.
 */
export function cspNonceMeta(): Plugin {
  return {
    name: 'atrium-csp-nonce-meta',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replaceAll(
          '<meta property="csp-nonce" nonce=',
          '<meta property="csp-nonce" content="" nonce=',
        ),
    },
  };
}
