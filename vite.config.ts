import { readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { cspNoncePlaceholder } from './server/lib/csp-nonce';
import { sizeBudgets } from './scripts/size-budgets';

/**
 * One build for everything the server serves:
 * - each folder of src/elements is an entry, emitted as /elements/<name>.js (a stable name a
 *   third-party page can put in a script tag);
 * - React, emotion, r2wc, the stores, i18n, the request layer and src/ui go into one shared
 *   chunk that every element reuses;
 * - the host portal (demo/fvue/index.html) is emitted as /fvue/index.html.
 */
const elementsDir = resolve(import.meta.dirname, 'src/elements');
const elementEntries = Object.fromEntries(
  readdirSync(elementsDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(resolve(elementsDir, entry.name, 'index.ts')),
    )
    .map((entry) => [entry.name, resolve(elementsDir, entry.name, 'index.ts')]),
);

/** Libraries every element needs. */
const sharedLibraries =
  /node_modules\/(react|react-dom|scheduler|@emotion|@r2wc|nanostores|@nanostores|i18next|axios|stylis|hoist-non-react-statics|@babel\/runtime)\//;

const notForEveryElement =
  /\/src\/(ui\/(DateField|Drawer|useCountdown|useWindowHeight|widget-list|filter-bar)\.tsx?|core\/(money|list-window|formula|print-keys)\.ts)$/;

/**
 * The base every element needs: core state and requests, the i18n runtime with the common
 * and validation messages, the element base and the basic form pieces. Domain messages,
 * domain API modules and heavier UI (tables, print, workflow) stay out of it.
 */
function isShared(id: string): boolean {
  // Vite's helper for lazy imports: every entry with a lazy import needs it.
  if (id.includes('vite/preload-helper')) return true;
  if (id.includes('node_modules')) return sharedLibraries.test(id);
  if (id.includes('/src/core/i18n/')) {
    return /\/src\/core\/i18n\/(index\.ts|(zh-CN|en-US)\/(common|rules)\.json)$/.test(id);
  }
  if (/\/src\/core\/api\/(?!auth|portal)/.test(id)) return false;
  // Dates bring dayjs; the rule-string parser (online forms, workflow) brings dates. The
  // login box and the lists of other domains need neither.
  if (/\/src\/core\/(dates|rules\/rule-string)\.ts$/.test(id)) return false;
  // The pager is for paged lists only (the login box and the home page have none).
  if (id.endsWith('/src/ui/Pager.tsx')) return false;
  // Pieces of lists, forms, prints and widgets, not of every element (issue 18: the shared
  // chunk holds what every element needs).
  if (notForEveryElement.test(id)) return false;
  return (
    /\/src\/(core|ui)\/[^/]+\.tsx?$/.test(id) || /\/src\/(core\/(rules|api)|ui\/element)\//.test(id)
  );
}

/** What the list elements share: the table, filters, exports, dates (dayjs). */
function isListKit(id: string): boolean {
  return /\/src\/ui\/(table|finance)\/|\/src\/core\/(api\/finance|dates)\.ts$|node_modules\/dayjs\//.test(
    id,
  );
}

export default defineConfig({
  root: resolve(import.meta.dirname, 'demo'),
  base: '/',
  publicDir: resolve(import.meta.dirname, 'demo/public'),
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // The server replaces this with a fresh nonce per request (server/plugins/static.ts); Vite
  // puts it on the page's script and style tags and in <meta property="csp-nonce">.
  html: { cspNonce: cspNoncePlaceholder },
  // The shared chunk and every element's chunk stay within size-budgets.json, or no build.
  plugins: [sizeBudgets()],
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    minify: true,
    target: 'es2022',
    assetsDir: 'elements/assets',
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: { ...elementEntries, portal: resolve(import.meta.dirname, 'demo/fvue/index.html') },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'elements/[name].js',
        chunkFileNames: 'elements/chunks/[name]-[hash].js',
        // Only what at least two entries use: a module of one element stays in its chunk.
        codeSplitting: {
          groups: [
            { name: 'shared', test: isShared, minShareCount: 2, priority: 2 },
            { name: 'lists', test: isListKit, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/uc', '/portal', '/bpm-runtime', '/bpm-model', '/form', '/dev', '/guides'].map((prefix) => [
        prefix,
        'http://localhost:8080',
      ]),
    ),
  },
});
