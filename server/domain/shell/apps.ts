import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AppType, AppsTable } from '../../db/schema-shell';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { menuByAlias, visibleChildren, visibleMenus, type VisibleMenus } from './menus';
import { containing } from '../../lib/like';

type AppRow = Selectable<AppsTable>;

export const appCenterAlias = 'appCenterFront';

/** An app as the search and the app centre answer it: enough to open it by its type. */
export interface AppEntry {
  id: string;
  name: string;
  icon: string;
  /** 2 report template preview, 3 query view, 5 plain path, 6 form preview, 8 agent start. */
  type: AppType;
  menuId: string;
  menuName: string;
  path: string;
  templateKey: string;
  sqlAlias: string;
  alias: string;
  formId: string;
  defKey: string;
  /** The route under /fvue/ that opens the app. */
  url: string;
}

/** The route of an app, by type (spec/shell.md section 2 route table). */
export function appRoute(app: AppRow): string {
  switch (app.type) {
    case 2:
      return `/statement/template/preview/${app.template_key}`;
    case 3:
      return `/statement/querySql/queryView/${app.sql_alias}/${app.view_alias}`;
    case 6:
      return `/previewForm/${app.form_key}`;
    case 8:
      return `/agentStartByKey/${app.def_key}`;
    default:
      return app.path;
  }
}

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

/** The apps of an app-centre menu node and its descendants that the caller may see. */
export async function appsOfMenu(
  db: Db,
  caller: AuthUser,
  menuId: string,
  language: Language,
): Promise<AppEntry[]> {
  const menus = await visibleMenus(db, caller);
  const apps = await appsUnder(db, visibleSubtree(menus, menuId));
  return apps.map((app) => toEntry(app, menus, language));
}

/** Escapes LIKE wildcards so the keyword matches literally. */

/** Apps of the whole app centre whose name contains the keyword, among those the caller sees. */
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
    .limit(50)
    .execute();
  return apps.map((app) => toEntry(app, menus, language));
}
