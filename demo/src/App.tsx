import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { logout, type UserDetail } from '../../src/core/api/auth';
import { currentUserMenu, type MenuNode } from '../../src/core/api/shell';
import { configure } from '../../src/core/config';
import { t } from '../../src/core/i18n';
import '../../src/core/i18n/login';
import '../../src/core/i18n/portal';
import '../../src/core/i18n/shell';
import { $language } from '../../src/core/language';
import { notify } from '../../src/core/notices';
import { $session } from '../../src/core/session';
import { Loading } from '../../src/ui/Status';
import { CodeFailed } from './CodeFailed';
import { checkSession, cleanUp, signInAddress } from './guard';
import { CodeLoadError } from './load-code';
import { defaultIdleMinutes, watchIdle } from './idle';
import { $path, $search, match, navigate } from './router';
import { couldBeMenuRoute, menuAliases, menuEntryTarget } from './menu-routes';
import { usePageHead } from './page-head';
import {
  addMenuRoutes,
  findRoute,
  frameOf,
  isMenuRoute,
  loadPage,
  loadedPage,
  notFoundRoute,
  type Page,
} from './routes';
import { AreaPage } from './AreaPage';
import { Shell } from './Shell';

function leaveForSignIn(path: string): void {
  void signInAddress(path).then((target) => {
    if ('external' in target) location.assign(target.external);
    else navigate(target.internal, { replace: true });
  });
}

/**
 * Pages load without React Suspense on purpose: Suspense throttles revealing content by up
 * to 300 ms, which is longer than the whole login page takes to load.
 */
export function App() {
  const path = useStore($path);
  const search = useStore($search);
  const session = useStore($session);
  const language = useStore($language);
  // The signed-in user's menus, read once they are signed in (null until then): they add
  // the routes named by menu aliases.
  const [menus, setMenus] = useState<{ account: string; tree: MenuNode[] } | null>(null);
  const found = findRoute(path, match);
  const { route, params } = found;
  // An address no route matches may be one the user's menus add (issue 39, item 1): it is
  // guarded until they are read, and then it opens, leads to its menu entry's page, or is
  // not found.
  const unmatched = route === notFoundRoute && couldBeMenuRoute(path);
  // /{menuAlias}/{itemAlias} of a menu whose routes are added leads to the item's page under
  // that alias (/workbench/template/preview/dyzl), so a reload keeps the menu it was opened in.
  const menuItem = isMenuRoute(route) && path.split('/').filter(Boolean).length === 2;
  const menusRead = Boolean(menus && menus.account === session?.account);
  const redirect =
    found.redirect ??
    ((unmatched || menuItem) && menusRead
      ? (menuEntryTarget(menus!.tree, path) ?? undefined)
      : undefined);
  const [page, setPage] = useState<{ load: unknown; component: Page } | null>(() => {
    const component = loadedPage(route);
    return component ? { load: route.load, component } : null;
  });
  const [checked, setChecked] = useState<{ account: string; detail: UserDetail } | null>(null);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  // The window's title and description in the reader's language: a public page's own, else
  // the portal's name (print views name their document themselves, the login page by tab).
  const printView = path.startsWith('/print_');
  usePageHead(printView || route.head === null ? null : (route.head ?? 'portal'), language);
  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);
  // A route's tenant segment (/login/hy, /lyfyjsd/hy, /print_fkqkd/hy) is the tenant its
  // requests name (the Tenant-Code header).
  const tenant = (params as Record<string, string | undefined>).tenant;
  useEffect(() => {
    if (tenant) configure({ tenantCode: tenant });
  }, [tenant]);
  // A page whose code did not arrive (120 s) or failed to load: said, with a retry.
  const [codeFailure, setCodeFailure] = useState<{ load: unknown; kind: CodeLoadError['kind'] }>();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void loadPage(route).then(
      (component) => current && setPage({ load: route.load, component }),
      (error: unknown) =>
        current &&
        setCodeFailure({
          load: route.load,
          kind: error instanceof CodeLoadError ? error.kind : 'failed',
        }),
    );
    return () => {
      current = false;
    };
  }, [route, attempt]);

  // The guard: every guarded route checks the session with the server.
  const guarded = Boolean(route.auth) || (unmatched && !menusRead);
  const here = path + (search ? `?${search}` : '');
  useEffect(() => {
    if (!guarded) return;
    if (!session || session.loginStatus !== 1) return leaveForSignIn(here);
    let current = true;
    void checkSession().then((detail) => {
      if (!current) return;
      if (!detail) {
        cleanUp();
        leaveForSignIn(here);
      } else setChecked({ account: session.account, detail });
    });
    return () => {
      current = false;
    };
  }, [guarded, session, here]);

  // Idle logout, with the user's own limit when they have one.
  const idleMinutes = checked?.detail.overTime || defaultIdleMinutes;
  const signedIn = Boolean(session && checked?.account === session.account);
  useEffect(() => {
    if (!signedIn) return;
    return watchIdle(idleMinutes, () => {
      void logout().finally(() => {
        notify('warning', t('shell:idle.loggedOut'));
        navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      });
    });
  }, [signedIn, idleMinutes]);

  // Menu entries named by alias add routes at run time. Without an answer the menus count
  // as read and empty, so an address waiting on them is not found rather than stuck.
  const account = signedIn ? session!.account : null;
  useEffect(() => {
    if (!account) return;
    let current = true;
    void currentUserMenu('front_menu')
      .catch(() => [] as MenuNode[])
      .then((tree) => {
        addMenuRoutes(menuAliases(tree));
        if (current) setMenus({ account, tree });
      });
    return () => {
      current = false;
    };
  }, [account]);

  const waiting = guarded && (!signedIn || (unmatched && !menusRead));
  if (redirect || waiting) return <Loading />;
  // The route's page: the one loaded for it, else its chunk if already here. While a new
  // page's chunk loads, only the page waits: the frame and the area's menu container stay
  // mounted. Waiting in place of the whole frame unmounted them on every change of page kind
  // (an area's address opening its first item redrew the top bar, side menu and area menu).
  const Component = page?.load === route.load ? page.component : loadedPage(route);
  const content = Component ? (
    <Component {...(params as Record<string, string>)} />
  ) : codeFailure?.load === route.load ? (
    <CodeFailed
      kind={codeFailure.kind}
      onRetry={() => {
        setCodeFailure(undefined);
        setAttempt((count) => count + 1);
      }}
    />
  ) : (
    <Loading />
  );
  // A page opened in a window of its own (isNewPage=true) shows without the portal frame,
  // and so does the 404 page to a visitor: the staff frame has nothing for them.
  const single =
    route.single ||
    new URLSearchParams(search).get('isNewPage') === 'true' ||
    (route === notFoundRoute && !session);
  const frame = frameOf({ ...route, single });
  return (
    <Shell
      path={path}
      topBar={frame.includes('top-bar')}
      sideMenu={frame.includes('side-menu')}
      bleed={Boolean(route.bleed)}
    >
      {route.area && !single ? (
        // Another area is another menu: its own container (an area's pages share one).
        <AreaPage key={route.area} area={route.area} path={path}>
          {content}
        </AreaPage>
      ) : (
        content
      )}
    </Shell>
  );
}
