import type { MenuNode, SideMenuItem } from '../../../src/contract/shell';
import type { Db } from '../../db/database';
import type { MenuRow } from '../../db/schema-shell';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { methodsByMenu } from './methods';

/** The menu forest with what one caller may see of it. */
export interface VisibleMenus {
  byId: Map<string, MenuRow>;
  children: Map<string | null, MenuRow[]>;
  visible: Set<string>;
}

/**
 * A node is visible when the caller holds one of its roles, or when it has no roles and its
 * parent is visible; roots are visible. The designated user who sees everything sees all.
 */
export async function visibleMenus(db: Db, caller: AuthUser): Promise<VisibleMenus> {
  const [rows, grants] = await Promise.all([
    db.selectFrom('menus').selectAll().orderBy('sn').orderBy('id').execute(),
    db.selectFrom('menu_roles').select(['menu_id', 'role_id']).execute(),
  ]);
  const rolesOf = new Map<string, string[]>();
  for (const grant of grants) {
    rolesOf.set(grant.menu_id, [...(rolesOf.get(grant.menu_id) ?? []), grant.role_id]);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string | null, MenuRow[]>();
  for (const row of rows)
    children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const visible = new Set<string>();
  const walk = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      const roles = rolesOf.get(row.id);
      const allowed =
        caller.seesEverything || !roles || roles.some((role) => caller.roleIds.includes(role));
      if (!allowed) continue;
      visible.add(row.id);
      walk(row.id);
    }
  };
  walk(null);
  return { byId, children, visible };
}

function pathOf(menus: VisibleMenus, row: MenuRow): string {
  const ids: string[] = [];
  for (
    let node: MenuRow | undefined = row;
    node;
    node = node.parent_id ? menus.byId.get(node.parent_id) : undefined
  ) {
    ids.unshift(node.id);
  }
  return `${ids.join('.')}.`;
}

function toNode(
  menus: VisibleMenus,
  row: MenuRow,
  language: Language,
  methods: Map<string, string[]>,
): MenuNode {
  const children = visibleChildren(menus, row.id).map((child) =>
    toNode(menus, child, language, methods),
  );
  return {
    id: row.id,
    parentId: row.parent_id ?? '0',
    name: language === 'en-US' && row.name_en ? row.name_en : row.name,
    alias: row.alias,
    menuIcon: row.icon,
    open: row.open,
    sn: row.sn,
    activeTab: row.active_tab,
    tabsStyle: row.tabs_style,
    path: pathOf(menus, row),
    href: row.href,
    menuUrl: row.menu_url,
    tenantId: '',
    isParent: children.length > 0,
    check: false,
    sysMethods: methods.get(row.alias) ?? [],
    children,
  };
}

export function visibleChildren(menus: VisibleMenus, parentId: string): MenuRow[] {
  return (menus.children.get(parentId) ?? []).filter((row) => menus.visible.has(row.id));
}

/** The row with this alias; unknown aliases are a clear 404. */
export function menuByAlias(menus: VisibleMenus, alias: string): MenuRow {
  for (const row of menus.byId.values()) if (row.alias === alias) return row;
  throw notFound('server:shell.menuNotFound');
}

/**
 * The caller's tree below the menu with this alias (the platform's filterByMenuAlias). A
 * menu the caller may not see has no items for them.
 */
export async function menuTree(
  db: Db,
  caller: AuthUser,
  alias: string,
  language: Language,
): Promise<MenuNode[]> {
  const [menus, methods] = await Promise.all([visibleMenus(db, caller), methodsByMenu(db, caller)]);
  const root = menuByAlias(menus, alias);
  if (!menus.visible.has(root.id)) return [];
  return visibleChildren(menus, root.id).map((row) => toNode(menus, row, language, methods));
}

export const frontMenuAlias = 'front_menu';

export async function sideMenu(
  db: Db,
  caller: AuthUser,
  language: Language,
): Promise<SideMenuItem[]> {
  const tree = await menuTree(db, caller, frontMenuAlias, language);
  return tree.map((node) => ({
    id: node.id,
    name: node.name,
    alias: node.alias,
    menuIcon: node.menuIcon,
    menuUrl: node.menuUrl,
    href: node.href,
    sn: node.sn,
    hasChildren: node.children.length > 0,
  }));
}
