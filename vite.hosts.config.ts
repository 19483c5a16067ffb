import { resolve } from 'node:path';
import { compile } from 'svelte/compiler';
import { defineConfig, type Plugin } from 'vite';
import { cspNonceMeta } from './scripts/csp-nonce-meta';
import { cspNoncePlaceholder } from './server/lib/csp-nonce';

/**
 * The host pages of demo/hosts (issue 13, item 13; issue 41): a plain HTML page, a React 19
 * page, a Vue 3 page and a Svelte 5 page that embed Atrium elements loaded from an Atrium server. A build of their own,
 * with relative addresses, so they can be served from any origin (the e2e test serves them
 * from a second server); they never bundle element code, they load /elements/<name>.js.
 */
const hosts = resolve(import.meta.dirname, 'demo/hosts');

/** Compiles the Svelte host's components with Svelte's own compiler (no plugin package). */
const svelteHost: Plugin = {
  name: 'atrium-svelte-host',
  transform(code, id) {
    if (!id.endsWith('.svelte')) return null;
    const { js } = compile(code, { filename: id, generate: 'client' });
    return { code: js.code, map: js.map };
  },
};

export default defineConfig({
  root: hosts,
  base: './',
  publicDir: false,
  // Served by an Atrium server (/hosts/), the pages get its nonce like the portal does, so
  // the elements' styles pass its policy; served elsewhere without a policy, it is inert.
  html: { cspNonce: cspNoncePlaceholder },
  plugins: [cspNonceMeta(), svelteHost],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/hosts'),
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      input: {
        plain: resolve(hosts, 'plain.html'),
        react: resolve(hosts, 'react.html'),
        vue: resolve(hosts, 'vue.html'),
        svelte: resolve(hosts, 'svelte.html'),
      },
    },
  },
});
