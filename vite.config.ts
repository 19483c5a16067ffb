import { readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { cspNoncePlaceholder } from './server/lib/csp-nonce';
import { cspNonceMeta } from './scripts/csp-nonce-meta';
import { sizeBudgets } from './scripts/size-budgets';
import { trimLibraries } from './scripts/trim-libraries';

/**
 * One build for everything the server serves:
 * - each folder of src/elements is an entry, emitted as /elements/<name>.js (a stable name a
 *   third-party page can put in a script tag);
 * - React, emotion, r2wc, the stores, i18n, the request layer and the element base go into
 *   the shared chunk every element loads; the UI pieces most elements use go into the kit
 *   chunk, the table and dayjs of the list elements into the lists chunk, and what the
 *   merchant finance elements share into the merchant chunk;
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
  /node_modules\/(react|react-dom|scheduler|@emotion|@r2wc|nanostores|@nanostores|i18next|axios|stylis|@babel\/runtime)\//;

/**
 * Our own modules every element loads: the session, language and request layer, the i18n
 * runtime with the common and validation messages, the element base, and the hook nearly
 * every element's requests go through (useAsync).
 */
const everyElement =
  /\/src\/(core\/(http|shared|session|base64|storage|notices|navigation|language|config)\.ts|core\/i18n\/(index\.ts|(zh-CN|en-US)\/(common|rules)\.json)|ui\/(theme|i18n|toaster|useAsync)\.ts|ui\/element\/[^/]+\.tsx?)$/;

/**
 * The shared chunk (issue 18: what every element needs). Vite's helper for lazy imports goes
 * with it: every entry with a lazy import needs it.
 */
function isShared(id: string): boolean {
  if (id.includes('vite/preload-helper')) return true;
  if (id.includes('node_modules')) return sharedLibraries.test(id);
  return everyElement.test(id);
}

const notForTheKit =
  /\/src\/(ui\/(DateField|Drawer|Pager|useCountdown|useWindowHeight|widget-list|filter-bar)\.tsx?|core\/(dates|money|list-window|formula|rules\/rule-string)\.ts)$/;

/**
 * What many elements share beyond the base: fields, dialogs, tabs, icons, the sign-in and
 * portal requests, the validation rules. Domain API modules, dates (dayjs), the pager and the
 * pieces of lists, forms, prints and widgets stay with the elements (or kits) that use them.
 */
function isElementKit(id: string): boolean {
  if (id.includes('node_modules') || notForTheKit.test(id)) return false;
  if (/\/src\/core\/api\/(?!auth|portal)/.test(id)) return false;
  return /\/src\/(core|ui)\/[^/]+\.tsx?$/.test(id) || /\/src\/core\/(rules|api)\//.test(id);
}

/** What the list elements share: the table, dates (dayjs). */
function isListKit(id: string): boolean {
  return /\/src\/ui\/table\/|\/src\/core\/dates\.ts$|node_modules\/dayjs\//.test(id);
}

/**
 * What the merchant finance elements share (statements, sales, contracts, overdue notices,
 * invoices): their list frame, filters, exports, print links, phone cards and the finance
 * requests. Kept out of the lists kit, which every list element loads (issue 36).
 */
function isMerchantKit(id: string): boolean {
  return /\/src\/ui\/(finance|merchant)\/|\/src\/core\/api\/finance\.ts$/.test(id);
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
  plugins: [trimLibraries(), sizeBudgets(), cspNonceMeta()],
  oxc: { jsx: { runtime: 'automatic', importSource: '@emotion/react' } },
  build: {
    outDir: resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    minify: true,
    target: 'es2022',
    assetsDir: 'elements/assets',
    modulePreload: { polyfill: false },
    // Which chunks each module needs, read by scripts/page-code.ts (and then removed).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      input: { ...elementEntries, portal: resolve(import.meta.dirname, 'demo/fvue/index.html') },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'elements/[name].js',
        chunkFileNames: 'elements/chunks/[name]-[hash].js',
        // Every page runs most of the shared chunk's functions as it starts: V8 compiles them
        // all while the chunk streams in, off the main thread, instead of one by one on the
        // main thread at their first call (Chromium's explicit compile hints).
        postBanner: (chunk) => (chunk.name === 'shared' ? '//# allFunctionsCalledOnLoad' : ''),
        // Only what at least two entries use: a module of one element stays in its chunk.
        codeSplitting: {
          groups: [
            { name: 'shared', test: isShared, minShareCount: 2, priority: 3 },
            { name: 'kit', test: isElementKit, minShareCount: 2, priority: 2 },
            { name: 'lists', test: isListKit, minShareCount: 2, priority: 1 },
            { name: 'merchant', test: isMerchantKit, minShareCount: 2, priority: 1 },
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
