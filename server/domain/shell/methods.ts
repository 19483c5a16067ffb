import type { MethodAuth } from '../../../src/contract/shell';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';

/**
 * Method permissions (docs/decisions.md, "Method permissions"): a method is a named action
 * of a menu that only the holders of its roles may use. Actions that are not registered as
 * methods are open to whoever may reach them; a registered one is refused to everyone else,
 * by the server, whatever the page shows. The designated user holds every method.
 */
/** The methods the server checks itself (besides the data templates' `{key}:add|edit`). */
export const batchPrintMethod = 'finance:batchPrint';
export const exportMethod = 'finance:export';

export async function methodAuth(
  db: Db,
  caller: AuthUser,
  language: Language,
): Promise<MethodAuth> {
  const [all, held] = await Promise.all([
    db.selectFrom('sys_methods').selectAll().orderBy('alias').execute(),
    heldMethods(db, caller),
  ]);
  return {
    allMethod: all.map((row) => ({
      alias: row.alias,
      name: language === 'en-US' && row.name_en ? row.name_en : row.name,
      menuAlias: row.menu_alias,
    })),
    curUserMethod: [...held].sort(),
  };
}

/** The aliases of the methods the caller holds. */
export async function heldMethods(db: Db, caller: AuthUser): Promise<Set<string>> {
  if (caller.seesEverything) {
    const rows = await db.selectFrom('sys_methods').select('alias').execute();
    return new Set(rows.map((row) => row.alias));
  }
  if (caller.roleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('sys_method_roles')
    .select('method_alias')
    .distinct()
    .where('role_id', 'in', caller.roleIds)
    .execute();
  return new Set(rows.map((row) => row.method_alias));
}

/** May the caller use this action? True for an action that is not a registered method. */
export async function mayUse(db: Db, caller: AuthUser, alias: string): Promise<boolean> {
  const method = await db
    .selectFrom('sys_methods')
    .select('alias')
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!method) return true;
  return (await heldMethods(db, caller)).has(alias);
}

/** 403 for a registered method the caller does not hold. */
export async function assertMethod(db: Db, caller: AuthUser, alias: string): Promise<void> {
  if (!(await mayUse(db, caller, alias))) throw forbidden('server:shell.methodDenied');
}

/** The caller's methods by the menu alias they belong to (a menu node's sysMethods). */
export async function methodsByMenu(db: Db, caller: AuthUser): Promise<Map<string, string[]>> {
  const held = await heldMethods(db, caller);
  if (held.size === 0) return new Map();
  const rows = await db
    .selectFrom('sys_methods')
    .select(['alias', 'menu_alias'])
    .where('alias', 'in', [...held])
    .orderBy('alias')
    .execute();
  const byMenu = new Map<string, string[]>();
  for (const row of rows)
    byMenu.set(row.menu_alias, [...(byMenu.get(row.menu_alias) ?? []), row.alias]);
  return byMenu;
}
