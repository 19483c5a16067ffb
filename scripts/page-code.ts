/**
 * Lists the code each address of the host page needs first (its frame, its page and its
 * element), for the server to have it preloaded with the page (server/plugins/static.ts).
 * Without it the browser learns of an element's chunks only once the portal's own code has
 * run and asked for them, and of their imports one round trip later: three round trips
 * before a list can ask for its rows.
 *
 * Reads Vite's manifest (which chunks each module needs) and the host's route table, and
 * writes dist/fvue/page-code.json: every route in the router's order, as the router's
 * regular expression, with the chunks its page needs beyond those the host page already
 * preloads. Run by `npm run build`, after vite build: `tsx scripts/page-code.ts`.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { browserless } from './prerender/browserless';

interface ManifestEntry {
  file: string;
  imports?: string[];
}

const manifestFile = 'dist/.vite/manifest.json';
const target = 'dist/fvue/page-code.json';

// The route table loads the login page's modules, which read the address when loaded.
browserless('/fvue/');
const { routes, findRoute, frameOf } = await import('../demo/src/routes');
type Route = (typeof routes)[number];
const { elementPages, elementFolders } = await import('../demo/src/element-pages');
const { match, patternSource } = await import('../demo/src/router');

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;

/** A module's chunk and every chunk it imports, as addresses. */
function chunksOf(key: string, into = new Set<string>()): Set<string> {
  const entry = manifest[key];
  if (!entry) throw new Error(`page-code: ${key} is not in Vite's manifest`);
  const file = `/${entry.file}`;
  if (into.has(file)) return into;
  into.add(file);
  for (const imported of entry.imports ?? []) chunksOf(imported, into);
  return into;
}

const onEveryPage = chunksOf('fvue/index.html');
const elementPageCode = chunksOf('src/pages/ElementPage.tsx');

/** The chunks of a route's page and frame beyond the host page's own. */
function codeOf(route: Route, element = route.fixed?.element): string[] {
  const files = new Set<string>();
  for (const folder of frameOf(route)) chunksOf(`../src/elements/${folder}/index.ts`, files);
  if (element) {
    const page = elementPages[element];
    if (!page) throw new Error(`page-code: no element page ${element}`);
    for (const file of elementPageCode) files.add(file);
    // Its own element only. The elements it shows (home's ten widgets, 38 chunks) preloaded
    // as well took the bandwidth the shared chunk needs, and the page drew later
    // (Lighthouse's phone: home's first paint 2.2 s without them, 3.0 s with them).
    chunksOf(`../src/elements/${elementFolders(page)[0]!}/index.ts`, files);
  }
  return [...files].filter((file) => !onEveryPage.has(file));
}

const home = findRoute('/', match);
const pages = [
  // The portal's own address shows the home page.
  { path: '^/?$', files: codeOf(home.route, home.params.element) },
  ...routes.map((route) => ({ path: patternSource(route.pattern).source, files: codeOf(route) })),
];
writeFileSync(target, JSON.stringify(pages));
// The manifest names source files: it is not for the server to serve.
rmSync('dist/.vite', { recursive: true, force: true });
console.log(`page-code.json: ${pages.filter((page) => page.files.length > 0).length} routes`);
