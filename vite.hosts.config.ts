import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { cspNoncePlaceholder } from './server/lib/csp-nonce';

/**
 * The host pages of demo/hosts (issue 13, item 13): a plain HTML page, a React 19 page and a
 * Vue 3 page that embed Atrium elements loaded from an Atrium server. A build of their own,
 * with relative addresses, so they can be served from any origin (the e2e test serves them
 * from a second server); they never bundle element code, they load /elements/<name>.js.
 */
const hosts = resolve(import.meta.dirname, 'demo/hosts');

export default defineConfig({
  root: hosts,
  base: './',
  publicDir: false,
  // Served by an Atrium server (/hosts/), the pages get its nonce like the portal does, so
  // the elements' styles pass its policy; served elsewhere without a policy, it is inert.
  html: { cspNonce: cspNoncePlaceholder },
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
      },
    },
  },
});
