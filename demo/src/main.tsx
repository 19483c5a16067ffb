import { CacheProvider } from '@emotion/react';
import createCache from '@emotion/cache';
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { $config } from '../../src/core/config';
import { $language } from '../../src/core/language';
import { $session } from '../../src/core/session';
import { installToaster } from '../../src/ui/toaster';
import { App } from './App';
import { adoptHandOver, checkSession } from './guard';
import { loadCode } from './load-code';
import { $path, holdPage, match, sync } from './router';

/** The code of the portal's frame elements (literal imports, for the bundler). */
const frameCode: Record<FrameElement, () => Promise<unknown>> = {
  'top-bar': () => import('../../src/elements/top-bar/index'),
  'side-menu': () => import('../../src/elements/side-menu/index'),
};
import { findRoute, frameOf, loadPage, type FrameElement } from './routes';

/**
 * The host page's own styles (its layout) go into <head> with the page's CSP nonce, like the
 * elements' styles go into their shadow roots.
 */
const pageStyles = createCache({
  key: 'portal',
  ...($config.get().cspNonce ? { nonce: $config.get().cspNonce! } : {}),
});

async function start() {
  installToaster();
  // The element of the address as it came: its code loads while a handed-over token is read
  // (not for a ticket, which signs on at the portal's one address and goes on elsewhere).
  const handedOver = new URL(location.href).searchParams;
  if (!handedOver.has('ticket'))
    warmElement(findRoute($path.get(), match), handedOver.has('token'));
  await adoptHandOver();
  sync();
  // Fetch the first page's chunk (and the shell's elements) before the first render.
  const found = findRoute($path.get(), match);
  const { route: first } = found;
  // What the first page waits for once drawn starts now, side by side with its chunk: the
  // guard's session check (App asks for the same answer) and the code of the page's element
  // (the same load as above, unless signing on led to another page).
  if (first.auth && $session.get()?.loginStatus === 1) void checkSession();
  warmElement(found, false);
  const shell = frameOf(first).map((element) => loadCode(frameCode[element]));
  // At most the spec's 120 s (load-code.ts): then the page draws and says what is missing.
  await Promise.all([loadPage(first), ...shell]).catch(() => undefined);
  const container = document.getElementById('portal')!;
  const hydrating = drawnAlready(container);
  // The page stays the one drawn until React has taken it over (router.ts, holdPage).
  const release = hydrating ? holdPage() : () => undefined;
  const tree = (
    <StrictMode>
      <CacheProvider value={pageStyles}>
        <Live container={container} onLive={release}>
          <App />
        </Live>
      </CacheProvider>
    </StrictMode>
  );
  // Hydrated in slices (a transition): the drawn page is already shown and typed into, and
  // a key lands between two slices rather than after the whole page.
  if (hydrating) startTransition(() => void hydrateRoot(container, tree));
  else {
    // A drawn page not taken over goes now, before its elements draw into it for nothing.
    container.replaceChildren();
    createRoot(container).render(tree);
  }
}

/**
 * Starts loading an element page's code (its page shares the same load: load-code.ts), when
 * the page will show it: a guarded page only to a session (or one being handed over), since
 * a visitor without one is sent to sign in.
 */
function warmElement(
  { route, params }: ReturnType<typeof findRoute>,
  sessionComing: boolean,
): void {
  const name = params.element;
  if (!name || (route.auth && !sessionComing && $session.get()?.loginStatus !== 1)) return;
  void import('./element-code').then(({ codeOfPage }) => {
    const load = codeOfPage(name);
    if (load) loadCode(load).catch(() => undefined);
  });
}

/**
 * Marks the page as React's (data-live) once it has committed: the drawn login page's own
 * script then replays a tab clicked or a language chosen before (scripts/prerender/page-script.js),
 * and the page follows the address again (`onLive`).
 */
function Live({
  container,
  onLive,
  children,
}: {
  container: HTMLElement;
  onLive: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    container.dataset.live = '';
    onLive();
  }, [container, onLive]);
  return children;
}

/**
 * The login page arrives drawn by the build (scripts/prerender.tsx), in the reader's
 * language: React then takes over that markup instead of drawing it again, and the login
 * box the reader may already be typing into stays. Any other page, or a prerender in another
 * language than the reader's, is drawn afresh.
 */
function drawnAlready(container: HTMLElement): boolean {
  const { prerendered, route } = container.dataset;
  return (
    prerendered === $language.get() &&
    route !== undefined &&
    findRoute($path.get(), match).route === findRoute(route, match).route
  );
}

void start();
