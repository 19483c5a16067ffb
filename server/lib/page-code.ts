import { readFileSync, statSync } from 'node:fs';
import { cspNoncePlaceholder } from './csp-nonce';

interface PageCode {
  /** The router's regular expression for the route's path below /fvue. */
  path: string;
  /** Addresses of the chunks its page needs beyond the host page's own. */
  files: string[];
}

/** What a build writes as a chunk's address; anything else in the file is refused. */
const chunkAddress = /^\/elements\/[A-Za-z0-9_./-]+\.js$/;

/** The file's routes with their links ready to write. */
function readPages(file: string) {
  return (JSON.parse(readFileSync(file, 'utf8')) as PageCode[]).map((page) => {
    const bad = page.files.find((address) => !chunkAddress.test(address));
    if (bad !== undefined) throw new Error(`${file}: not a chunk address: ${bad}`);
    return {
      path: new RegExp(page.path),
      links: page.files
        .map(
          (address) =>
            `<link rel="modulepreload" crossorigin href="${address}" nonce="${cspNoncePlaceholder}">`,
        )
        .join(''),
    };
  });
}

/**
 * The preload links of the code a host-page address needs (dist/fvue/page-code.json,
 * written by the build: scripts/page-code.ts), so the browser fetches an element's chunks
 * beside the portal's own instead of discovering them one round trip after another. The
 * first route that matches decides, as in the browser's router; none (a build without the
 * file, an address no route has): no links. Read again when a build rewrites the file, as
 * the pages are.
 */
export function pageCodeLinks(file: string): (path: string) => string {
  let read: { at: number; pages: ReturnType<typeof readPages> } | null = null;
  return (path) => {
    const at = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (at === undefined) return '';
    if (read?.at !== at) read = { at, pages: readPages(file) };
    return read.pages.find((page) => page.path.test(path))?.links ?? '';
  };
}
