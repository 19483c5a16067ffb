import type { ComponentType } from 'react';
import { loadCode } from './load-code';
import LoginPage from './pages/LoginPage';
import type { PageHeadKey } from './page-head';
import { printRoutes } from './print-routes';

export type Page = ComponentType<Record<string, string>>;

/**
 * The spec's route table (spec/shell.md section 2). Patterns use `:name` for a segment,
 * `:name?` for an optional one and `*rest` for the remainder.
 */
export interface Route {
  pattern: string;
  /** The page's module, loaded on first visit (each page is its own chunk). */
  load: () => Promise<{ default: Page }>;
  /** Behind the sign-in guard. */
  auth?: boolean;
  /** A single-page route: no top bar, no side menu. */
  single?: boolean;
  /** The side menu is hidden (agentStart, inst, task, onlineForm, templateReport, ...). */
  hideMenu?: boolean;
  /** A single page that draws to the window's edges itself (login, print views). */
  bleed?: boolean;
  /** Parameters the route gives its page besides those in the path. */
  fixed?: Record<string, string>;
  /**
   * The menu alias of the area the page belongs to: the host shows it inside the area's
   * menu container (atrium-menu-container), with the area's second-level menu.
   */
  area?: string;
  /**
   * The page's title and description (demo/src/page-head.ts) when it is not the portal's
   * (public pages); null: the page sets them itself (the login page, by its tab).
   */
  head?: PageHeadKey | null;
}

/** Pages take their route parameters as props. */
function lazyPage(load: () => Promise<{ default: unknown }>): () => Promise<{ default: Page }> {
  return load as () => Promise<{ default: Page }>;
}

// The login page is where most visits start: it ships with the portal entry, in parallel
// with the shared chunk, instead of one round trip later.
const loginPage = () => Promise.resolve({ default: LoginPage as Page });
const elementPage = lazyPage(() => import('./pages/ElementPage'));
const notFoundPage = lazyPage(() => import('./pages/NotFound'));
const product = 'atrium';

/** A route whose page is one element (see element-pages.ts). */
function element(
  pattern: string,
  name: string,
  options: Omit<Route, 'pattern' | 'load'> = {},
): Route {
  return {
    pattern,
    load: elementPage,
    auth: true,
    ...options,
    fixed: { element: name, ...options.fixed },
  };
}

/** An area's own address (`/v-flow`): the container alone, which opens the first item. */
const emptyPage = () => Promise.resolve({ default: (() => null) as Page });

function areaRoot(pattern: string, area: string): Route {
  return { pattern, load: emptyPage, auth: true, area };
}

/** Single-page routes also exist with a tenant segment (spec: "a variant carrying a tenant"). */
function withTenant(route: Route): Route[] {
  return [route, { ...route, pattern: `${route.pattern}/:tenant` }];
}

const financePages = ['lyfyjsd', 'yjfytzd', 'zlfymxd', 'fkqkd', 'xscx', 'ht', 'shcjftzd'];
/** The flow area's children and the list each shows (atrium-task-list kinds). */
const flowChildren: [string, string][] = [
  ['v-todo', 'todo'],
  ['v-leader', 'leader'],
  ['v-contract', 'todo'],
  [`v-${product}Todo`, 'todo'],
  [`v-${product}Done`, 'done'],
  ['v-done', 'done'],
  ['v-request', 'request'],
  ['v-draft', 'draft'],
  ['v-flowList', 'newProcess'],
  ['v-todoRead', 'todoRead'],
  ['v-doneRead', 'doneRead'],
  ['v-myRead', 'myRead'],
  ['v-myDelegate', 'myDelegate'],
];
export const routes: Route[] = [
  // Anonymous single-page routes (their data still needs a session or a handed-over token).
  { pattern: '/login/:tenant?', load: loginPage, single: true, bleed: true, head: null },
  {
    pattern: '/resetPwdView',
    load: lazyPage(() => import('./pages/ResetPasswordPage')),
    single: true,
    bleed: true,
    head: 'resetPassword',
  },
  ...financePages.flatMap((page) => withTenant(element(`/${page}`, page, { single: true }))),
  ...printRoutes,
  ...withTenant(
    element('/mapContainer', 'floorMap', { single: true, auth: false, head: 'floorMap' }),
  ),

  // Home.
  element('/home', 'home'),
  element('/home/homeEmail', 'home'),

  // Merchant finance inside the portal (the bare routes above stay for links and embedding).
  areaRoot('/statements', 'statements'),
  element('/statements/:kind', 'statementList', { area: 'statements' }),
  ...['xscx', 'ht', 'shcjftzd'].map((page) => element(`/finance/${page}`, page)),
  // The floor map inside the portal (the bare /mapContainer above stays for links).
  element('/floorMap', 'floorMapInPortal'),

  // Attendance: the two attendance views are query views of the statement area.
  areaRoot('/v-check', 'v-check'),
  element(`/v-check/v-${product}Check`, 'statement', {
    fixed: { rest: 'querySql/queryView/kqyc/kqycmx' },
    area: 'v-check',
  }),
  element(`/v-check/v-${product}Vacation`, 'statement', {
    fixed: { rest: 'querySql/queryView/grqjmx/grqj' },
    area: 'v-check',
  }),

  // News.
  areaRoot('/v-news', 'v-news'),
  element(`/v-news/v-${product}News`, 'newsList', {
    fixed: { classifyId: 'all' },
    area: 'v-news',
  }),
  element('/vnewsList/:classifyId', 'newsList'),
  element('/newsList/:type', 'newsList'),
  element('/news/:newsId', 'newsViewer'),
  element('/v-personal/newsList', 'newsList', {
    fixed: { classifyId: 'all' },
    area: 'v-personal',
  }),

  // Viewers.
  element('/pdf/:src/:fileId', 'newsViewer'),
  element('/iframeSrc/:iframeSrc/:fileId', 'newsViewer'),

  // Statement area and report pages.
  element('/statement/*rest', 'statement'),
  element('/templateReport/:alias', 'report', { hideMenu: true }),

  // Workflow: lists, the leader's to-do, starting flows, tasks and read-only instances.
  areaRoot('/v-flow', 'v-flow'),
  ...flowChildren.flatMap(([child, kind]) => {
    // The contract to-do is the to-do of the contract flow unless a route names another.
    const fixed: Record<string, string> =
      child === 'v-contract' ? { kind, defKey: 'contract' } : { kind };
    return [
      element(`/v-flow/${child}`, 'taskList', { fixed, area: 'v-flow' }),
      element(`/v-flow/${child}/:defKey`, 'taskList', { fixed: { kind }, area: 'v-flow' }),
    ];
  }),
  // Mail: the area with its three lists, and the pages of one mail, contact or account.
  areaRoot('/v-mail', 'v-mail'),
  element('/v-mail/mailList', 'mail', { area: 'v-mail' }),
  // The news area's mail page (spec: shell.md 2, News): the same mailbox.
  element(`/v-${product}Mails`, 'mail'),
  element('/v-mail/linkmanList', 'mailContacts', { area: 'v-mail' }),
  element('/v-mail/settingList', 'mailSettings', { area: 'v-mail' }),
  element('/mail/mailGet/:id', 'mail'),
  element('/mail/mailAdd', 'mail', { fixed: { action: 'add' } }),
  element('/mail/mailEdit/:id', 'mail', { fixed: { action: 'edit' } }),
  element('/mail/linkmanEdit/:id', 'mailContacts', { fixed: { action: 'edit' } }),
  element('/mail/linkmanGet/:id', 'mailContacts', { fixed: { action: 'view' } }),
  element('/mail/settingAdd', 'mailSettings', { fixed: { action: 'add' } }),
  element('/mail/settingEdit/:id', 'mailSettings', { fixed: { action: 'edit' } }),
  element('/mail/settingGet/:id', 'mailSettings', { fixed: { action: 'view' } }),
  // The floor map's editors: layouts (administrators, store role) and assignments.
  element('/editMap', 'floorMapEditor', { fixed: { mode: 'layout' } }),
  element('/editMapYy', 'floorMapEditor', { fixed: { mode: 'assign' } }),
  // Flow incidents (failed jobs, stalled flows): the administrators' page, not in the spec.
  element('/v-flow/v-incidents', 'flowIncidents', { area: 'v-flow' }),
  element('/flow/todo', 'taskList', { fixed: { kind: 'todo' } }),
  element('/v-todo/:orgName/:orgId', 'taskList', { fixed: { kind: 'leader' } }),
  element('/agentStart/:defId/:leaderId/:copeInstId?', 'flowStarter', { hideMenu: true }),
  element('/agentStartByKey/:defKey', 'flowStarter', { hideMenu: true }),
  element('/start/:defId/:instId', 'flowStarter'),
  element('/inst/:instId', 'instance', { hideMenu: true }),
  element('/inst/:instId/:type/:readId?', 'instance', { hideMenu: true }),
  element('/inst/:instId/:type/:readType/:readDoneId', 'instance', { hideMenu: true }),
  element('/myRead/:instId/:readId/:myReadType', 'instance'),
  element('/instRead/:instId/:myReadType', 'instance'),
  element('/taskRead/:taskId/:task_state', 'task', { fixed: { readonly: 'true' } }),
  element('/task/:taskId/:leaderId?', 'task', { hideMenu: true }),
  element('/doneReadOnly/:instId', 'instance', { fixed: { type: 'done' } }),
  element('/completeView/:procDefKey', 'flowImage'),
  areaRoot('/v-personal', 'v-personal'),
  ...[
    element('/v-personal/myLayout', 'myLayout'),
    element('/v-personal/groupManager', 'groupManager'),
    element('/v-personal/approvalItem', 'approvalPhrases'),
    element('/v-personal/approvalItem/:action/:id?', 'approvalPhrases'),
    element('/v-personal/commonFlow', 'flowStarter'),
    element('/v-personal/agent', 'agentSettings', { fixed: { kind: 'agent' } }),
    element('/v-personal/agent/:action/:id?', 'agentSettings', { fixed: { kind: 'agent' } }),
    element('/v-personal/secretary', 'agentSettings', { fixed: { kind: 'secretary' } }),
    element('/v-personal/secretary/edit/:id?', 'agentSettings', {
      fixed: { kind: 'secretary', action: 'edit' },
    }),
    element('/v-personal/bpmDeputy', 'agentSettings', { fixed: { kind: 'deputy' } }),
    element('/v-personal/bpmDeputy/setting/:id?', 'agentSettings', {
      fixed: { kind: 'deputy', action: 'setting' },
    }),
  ].map((route) => ({ ...route, area: 'v-personal' })),

  // Forms of instances, module previews, form previews and columns (issue 17).
  element('/formManage/:instId/:type', 'instanceForm', { hideMenu: true }),
  element('/sysModulePreview/:id', 'sysModule'),
  // The supervision tasks' target (spec: merchant-finance "Special targets"): a template list.
  element('/flowcenter/template/preview/:templateKey', 'flowcenterTemplate'),
  element('/previewForm/:formId/:single?', 'formPreview', { hideMenu: true }),
  element('/previewInstForm/:defId/:instId', 'instanceForm', { hideMenu: true }),
  element('/QRCodeForm/:templateKey/:action', 'formPreview', { hideMenu: true }),
  element('/column/preview/:previewAlias', 'columnPreview'),
  element('/onlineForm', 'onlineForm', { hideMenu: true }),
  element('/formDesigner/:formKey?', 'formDesigner'),
  // Home widgets' pages (issue 15).
  element('/appCenterFront', 'appCentre'),
  element('/appContent/:type/:id/:otherId', 'appCentre'),
  element('/meetingList/:type', 'meetingList'),
  element('/meeting/:meetingId', 'meeting'),
];

export const notFoundRoute: Route = { pattern: '*', load: notFoundPage };

/** Routes a menu adds at run time: `/{menuAlias}/...` pages of the statement area. */
const runtimeRoutes: Route[] = [];

export function addMenuRoutes(aliases: string[]): void {
  for (const alias of aliases) {
    const pattern = `/${alias}/*rest`;
    if (runtimeRoutes.some((route) => route.pattern === pattern)) continue;
    if (routes.some((route) => route.pattern.startsWith(`/${alias}`))) continue;
    runtimeRoutes.push(element(pattern, 'statement', { fixed: { menuAlias: alias } }));
  }
}

/** The elements of the portal's frame around a page (src/elements/<name>). */
export type FrameElement = 'top-bar' | 'side-menu';

/**
 * The frame a route shows: none on a single page, the top bar alone where the side menu is
 * hidden, else both. One rule for what the host draws, loads first and preloads.
 */
export function frameOf(route: Pick<Route, 'single' | 'hideMenu'>): FrameElement[] {
  if (route.single) return [];
  return route.hideMenu ? ['top-bar'] : ['top-bar', 'side-menu'];
}

/** Whether a route is one a menu added (`/{menuAlias}/...`). */
export function isMenuRoute(route: Route): boolean {
  return runtimeRoutes.includes(route);
}

const loaded = new Map<Route['load'], Page>();

/** The page component if its chunk is already here (no flash of a loading state). */
export function loadedPage(route: Route): Page | undefined {
  return loaded.get(route.load);
}

/** The page's component; refused when its code does not arrive in time (load-code.ts). */
export async function loadPage(route: Route): Promise<Page> {
  const found = loaded.get(route.load);
  if (found) return found;
  const page = (await loadCode(route.load)).default;
  loaded.set(route.load, page);
  return page;
}

export function findRoute(
  path: string,
  match: (pattern: string, path: string) => Record<string, string> | null,
) {
  if (path === '/' || path === '')
    return {
      route: routes.find((route) => route.pattern === '/home')!,
      params: { element: 'home' },
      redirect: '/home',
    };
  for (const route of [...routes, ...runtimeRoutes]) {
    const params = match(route.pattern, path);
    if (params) return { route, params: { ...route.fixed, ...params }, redirect: undefined };
  }
  return { route: notFoundRoute, params: {}, redirect: undefined };
}
