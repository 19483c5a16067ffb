import { atom } from 'nanostores';

/** The portal's base path (history mode), as in the spec. */
export const base = '/fvue';

/** The path inside the portal, without the base: `/login/hy`, `/home`. */
export const $path = atom(currentPath());
/** The query string of the current address (without `?`). */
export const $search = atom(location.search.slice(1));

function currentPath(): string {
  const path = location.pathname.startsWith(base)
    ? location.pathname.slice(base.length)
    : location.pathname;
  return path || '/';
}

/** Reads the address again (after something replaced it), unless the page is held. */
export function sync(): void {
  if (held) {
    changedWhileHeld = true;
    return;
  }
  $search.set(location.search.slice(1));
  $path.set(currentPath());
}

let held = false;
let changedWhileHeld = false;

/**
 * Holds the page the address shows until `release()`: while React hydrates the drawn login
 * page (main.tsx), it must draw the markup the page arrived with; a move made meanwhile (a
 * link, Back) drew another page into that markup, which React refused as a hydration error.
 * The address changes at once; the page follows it when released.
 */
export function holdPage(): () => void {
  held = true;
  return () => {
    if (!held) return;
    held = false;
    if (changedWhileHeld) {
      changedWhileHeld = false;
      sync();
    }
  };
}

addEventListener('popstate', sync);

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = to.startsWith(base) ? to : base + (to.startsWith('/') ? to : `/${to}`);
  if (options.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  sync();
}

export function query(name: string): string | null {
  return new URLSearchParams(location.search).get(name);
}

/**
 * A route pattern as a regular expression's source (`/login/:tenant?` style: `:name` a
 * segment, `:name?` an optional one, `*rest` the remainder) and its parameters' names. The
 * build writes the same sources for the server (scripts/page-code.ts).
 */
export function patternSource(pattern: string): { source: string; names: string[] } {
  const names: string[] = [];
  const parts = pattern.split('/').map((part) => {
    if (part.startsWith('*')) {
      names.push(part.slice(1));
      return '(.*)';
    }
    if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const optional = part.endsWith('?');
    names.push(part.slice(1, optional ? -1 : undefined));
    return optional ? '?([^/]*)' : '([^/]+)';
  });
  return { source: `^${parts.join('/')}/?$`, names };
}

/** Matches a route pattern; answers the parameters or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const { source, names } = patternSource(pattern);
  const found = new RegExp(source).exec(path);
  if (!found) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')]));
}
