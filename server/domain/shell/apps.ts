import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AppsTable } from '../../db/schema-shell';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import type { AppEntry } from '../../../src/contract/widgets';
import { containing } from '../../lib/like';
import { appsTheCallerMayOpen } from './app-reach';
import { appRoute } from './app-route';
import type { MenuNode } from '../../../src/contract/shell';
import { menuByAlias, visibleChildren, visibleMenus, type VisibleMenus } from './menus';

type AppRow = Selectable<AppsTable>;

export const appCenterAlias = 'appCenterFront';

function toEntry(app: AppRow, menus: VisibleMenus, language: Language): AppEntry {
  const menu = menus.byId.get(app.menu_id);
  const english = language === 'en-US';
  return {
    id: app.id,
    name: english && app.name_en ? app.name_en : app.name,
    icon: app.icon,
    type: app.type,
    menuId: app.menu_id,
    menuName: menu ? (english && menu.name_en ? menu.name_en : menu.name) : '',
    path: app.path,
    templateKey: app.template_key,
    sqlAlias: app.sql_alias,
    alias: app.view_alias,
    formId: app.form_key,
    defKey: app.def_key,
    url: appRoute(app),
  };
}

/** Ids of the app-centre node and everything visible below it. */
function visibleSubtree(menus: VisibleMenus, rootId: string): string[] {
  if (!menus.visible.has(rootId)) return [];
  const ids = [rootId];
  for (const child of visibleChildren(menus, rootId)) ids.push(...visibleSubtree(menus, child.id));
  return ids;
}

async function appsUnder(db: Db, menuIds: string[]): Promise<AppRow[]> {
  if (menuIds.length === 0) return [];
  return db
    .selectFrom('apps')
    .selectAll()
    .where('menu_id', 'in', menuIds)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The apps of an app-centre menu node and its descendants that the caller may open. */
export async function appsOfMenu(
  db: Db,
  caller: AuthUser,
  menuId: string,
  language: Language,
): Promise<AppEntry[]> {
  const menus = await visibleMenus(db, caller);
  const apps = await appsUnder(db, visibleSubtree(menus, menuId));
  const open = await appsTheCallerMayOpen(db, caller, menus, apps);
  return open.map((app) => toEntry(app, menus, language));
}

/** At most this many apps found by one search. */
const searchLimit = 50;

/** Apps of the whole app centre whose name contains the keyword, among those the caller may open. */
export async function searchApps(
  db: Db,
  caller: AuthUser,
  keyword: string,
  language: Language,
): Promise<AppEntry[]> {
  const menus = await visibleMenus(db, caller);
  const menuIds = visibleSubtree(menus, menuByAlias(menus, appCenterAlias).id);
  if (menuIds.length === 0) return [];
  const pattern = containing(keyword.trim());
  const apps = await db
    .selectFrom('apps')
    .selectAll()
    .where('menu_id', 'in', menuIds)
    .where((eb) => eb.or([eb('name', 'ilike', pattern), eb('name_en', 'ilike', pattern)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const open = await appsTheCallerMayOpen(db, caller, menus, apps);
  return open.slice(0, searchLimit).map((app) => toEntry(app, menus, language));
}

/**
 * The app centre's tree as the caller may use it: a node under which they may open no app
 * (an accountant's 品牌销售, whose one app is the merchant's sales) leads nowhere, so it is left
 * out like a menu item they may not see.
 */
export async function appCentreTree(
  db: Db,
  caller: AuthUser,
  tree: MenuNode[],
): Promise<MenuNode[]> {
  const menus = await visibleMenus(db, caller);
  const root = [...menus.byId.values()].find((row) => row.alias === appCenterAlias);
  if (!root) return tree;
  const apps = await appsUnder(db, visibleSubtree(menus, root.id));
  const holders = new Set(
    (await appsTheCallerMayOpen(db, caller, menus, apps)).map((app) => app.menu_id),
  );
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes.flatMap((node) => {
      const children = prune(node.children);
      if (children.length === 0 && !holders.has(node.id)) return [];
      return [{ ...node, children, isParent: children.length > 0 }];
    });
  return prune(tree);
}
