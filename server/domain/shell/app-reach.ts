import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AppsTable } from '../../db/schema-shell';
import type { AuthUser } from '../../lib/context';
import { formAccess, templateOpenedBy } from '../forms/access';
import { appRoute } from './app-route';
import type { VisibleMenus } from './menus';

type AppRow = Selectable<AppsTable>;

/**
 * The page a route opens, however a menu item or an app writes it: a menu item's statement
 * page is relative (`querySql/queryView/kqyc/kqycmx`), an app's is under `/statement/`; the
 * query string does not change the page.
 */
export function pageOf(route: string): string {
  return route
    .split(/[?#]/)[0]!
    .replace(/^\/+/, '')
    .replace(/^statement\//, '')
    .replace(/\/+$/, '');
}

/** The pages the front menu opens, each with the menu items that open it. */
function menuPages(menus: VisibleMenus): Map<string, string[]> {
  const pages = new Map<string, string[]>();
  for (const row of menus.byId.values()) {
    if (!row.menu_url) continue;
    const page = pageOf(row.menu_url);
    pages.set(page, [...(pages.get(page) ?? []), row.id]);
  }
  return pages;
}

/**
 * Which apps the caller may open, of those in app-centre nodes they see (docs/decisions.md,
 * "The app centre shows what the menu opens"). An app leads to a page; a tile is shown only
 * when that page is one the caller can use:
 * - a form's page (a template's list or form) by the form's own rule: the caller may read or
 *   add its records (forms/access.ts, which counts the app itself for forms open to the menu);
 * - a page the menu opens by the menu's rule: the caller sees a menu item that opens it
 *   (payment requests are the merchant's menu item, so not an accountant's tile);
 * - any other page (news, a flow to start) by its app-centre node alone.
 */
export async function appsTheCallerMayOpen(
  db: Db,
  caller: AuthUser,
  menus: VisibleMenus,
  apps: AppRow[],
): Promise<AppRow[]> {
  const pages = menuPages(menus);
  const templates = await templatesOpenedBy(db, apps);
  const ctx = { db, caller };
  const open = await Promise.all(
    apps.map(async (app) => {
      const route = appRoute(app);
      const key = templateOpenedBy(route);
      if (key !== undefined) {
        const template = templates.get(key);
        if (!template) return false;
        return (
          (await formAccess(ctx, template, 'read')) || (await formAccess(ctx, template, 'add'))
        );
      }
      const items = pages.get(pageOf(route));
      return !items || items.some((id) => menus.visible.has(id));
    }),
  );
  return apps.filter((_, i) => open[i]);
}

async function templatesOpenedBy(db: Db, apps: AppRow[]) {
  const keys = [
    ...new Set(apps.map((app) => templateOpenedBy(appRoute(app))).filter((key) => key)),
  ] as string[];
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('data_templates')
    .selectAll()
    .where('template_key', 'in', keys)
    .execute();
  return new Map(rows.map((row) => [row.template_key, row]));
}
