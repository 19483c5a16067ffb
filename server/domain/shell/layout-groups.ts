import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { Cell, LayoutGroup } from '../../../src/contract/widgets';
import { checkCells, roleCells } from './layout';

/**
 * Column groups (/v-personal/groupManager): the role layouts of home_layouts. A user without
 * a layout of their own gets their role's group; at most one group per role. Administrators
 * only: the caller's flag comes from the session.
 */
export function assertAdministrator(caller: AuthUser) {
  if (!caller.seesEverything) throw forbidden('server:widgets.groupAdminOnly');
}

export async function layoutGroups(db: Db, caller: AuthUser) {
  assertAdministrator(caller);
  const rows = await db
    .selectFrom('home_layouts as l')
    .leftJoin('roles as r', 'r.id', 'l.role_id')
    .select(['l.id', 'l.name', 'l.role_id', 'r.name as role_name'])
    .select((eb) =>
      eb
        .selectFrom('home_layout_columns as c')
        .whereRef('c.layout_id', '=', 'l.id')
        .select((inner) => inner.fn.countAll().as('n'))
        .as('column_count'),
    )
    .orderBy('l.sort')
    .orderBy('l.id')
    .execute();
  const roles = await db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
  const groups: LayoutGroup[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    roleId: row.role_id ?? '',
    roleName: row.role_name ?? '',
    // PGlite counts as numbers, PostgreSQL as strings.
    columnCount: Number(row.column_count ?? 0),
  }));
  return { groups, roles };
}

async function groupRow(db: Db, id: string) {
  const row = await db
    .selectFrom('home_layouts')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('server:widgets.groupNotFound');
  return row;
}

function cleanName(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('server:widgets.groupNameEmpty');
  return trimmed;
}

/**
 * A new group for a role that has none; it starts with the default group's columns that the
 * role may see. The role's row is locked so that creations at once cannot both pass the check.
 */
export async function createGroup(db: Db, caller: AuthUser, name: string, roleId: string) {
  assertAdministrator(caller);
  const title = cleanName(name);
  return db.transaction().execute(async (trx) => {
    const role = await trx
      .selectFrom('roles')
      .select('id')
      .where('id', '=', roleId)
      .forUpdate()
      .executeTakeFirst();
    if (!role) throw badRequest('server:widgets.groupRoleUnknown');
    const taken = await trx
      .selectFrom('home_layouts')
      .select('id')
      .where('role_id', '=', roleId)
      .executeTakeFirst();
    if (taken) throw badRequest('server:widgets.groupRoleTaken');
    const last = await trx
      .selectFrom('home_layouts')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .executeTakeFirst();
    const id = newId();
    await trx
      .insertInto('home_layouts')
      .values({ id, name: title, role_id: roleId, sort: Number(last?.sort ?? 0) + 1 })
      .execute();
    const fallback = await trx
      .selectFrom('home_layouts')
      .select('id')
      .where('role_id', 'is', null)
      .orderBy('sort')
      .executeTakeFirst();
    const cells = fallback ? await roleCells(trx, fallback.id) : [];
    const allowed = await visibleToRole(
      trx,
      roleId,
      cells.map((cell) => cell.alias),
    );
    const kept = cells.filter((cell) => allowed.has(cell.alias));
    if (kept.length) await insertCells(trx, id, kept);
    return id;
  });
}

export async function renameGroup(db: Db, caller: AuthUser, id: string, name: string) {
  assertAdministrator(caller);
  const title = cleanName(name);
  await groupRow(db, id);
  await db.updateTable('home_layouts').set({ name: title }).where('id', '=', id).execute();
}

/** Deleting a group: its role's users without their own layout fall back to the default. */
export async function deleteGroup(db: Db, caller: AuthUser, id: string) {
  assertAdministrator(caller);
  await groupRow(db, id);
  await db.deleteFrom('home_layouts').where('id', '=', id).execute();
}

/**
 * The columns a role may see: those granted to no role (everyone's) and those granted to it.
 * The default group (no role) gets only everyone's columns; unknown aliases are left out.
 */
async function visibleToRole(db: Db, roleId: string | null, aliases: string[]) {
  if (aliases.length === 0) return new Set<string>();
  const known = await db
    .selectFrom('home_columns')
    .select('alias')
    .where('alias', 'in', aliases)
    .execute();
  const exists = new Set(known.map((row) => row.alias));
  const grants = await db
    .selectFrom('home_column_roles')
    .select(['column_alias', 'role_id'])
    .where('column_alias', 'in', aliases)
    .execute();
  return new Set(
    aliases.filter((alias) => {
      if (!exists.has(alias)) return false;
      const roles = grants.filter((grant) => grant.column_alias === alias);
      return roles.length === 0 || roles.some((grant) => grant.role_id === roleId);
    }),
  );
}

async function insertCells(db: Db, layoutId: string, cells: Cell[]) {
  await db
    .insertInto('home_layout_columns')
    .values(
      cells.map(({ alias, ...cell }) => ({ layout_id: layoutId, column_alias: alias, ...cell })),
    )
    .execute();
}

async function columnNames(db: Db, language: Language) {
  const rows = await db
    .selectFrom('home_columns')
    .select(['alias', 'name', 'name_en', 'widget'])
    .orderBy('alias')
    .execute();
  return rows.map((row) => ({
    alias: row.alias,
    name: language === 'en-US' && row.name_en ? row.name_en : row.name,
    widget: row.widget,
  }));
}

/** A group for the editor: its cells with names, and the columns its role may still add. */
export async function groupEditor(db: Db, caller: AuthUser, id: string, language: Language) {
  assertAdministrator(caller);
  const group = await groupRow(db, id);
  const cells = await roleCells(db, id);
  const all = await columnNames(db, language);
  const allowed = await visibleToRole(
    db,
    group.role_id,
    all.map((column) => column.alias),
  );
  const placed = new Set(cells.map((cell) => cell.alias));
  return {
    id: group.id,
    name: group.name,
    columns: cells.flatMap((cell) => {
      const column = all.find((candidate) => candidate.alias === cell.alias);
      return column ? [{ ...column, x: cell.x, y: cell.y, w: cell.w, h: cell.h }] : [];
    }),
    available: all.filter((column) => allowed.has(column.alias) && !placed.has(column.alias)),
  };
}

/**
 * Replaces a group's grid, checked as a user's own layout is: known columns the group's role
 * may see, each once, inside the grid.
 */
export async function saveGroup(db: Db, caller: AuthUser, id: string, cells: Cell[]) {
  assertAdministrator(caller);
  const aliases = checkCells(cells);
  const group = await groupRow(db, id);
  const allowed = await visibleToRole(db, group.role_id, aliases);
  // Columns already in the group stay (the seed puts the administrators' chart in the staff
  // group; the home page still shows each user only the columns they may see); new ones must
  // be visible to the role.
  const kept = new Set((await roleCells(db, id)).map((cell) => cell.alias));
  const refused = aliases.find((alias) => !allowed.has(alias) && !kept.has(alias));
  if (refused) throw badRequest('server:widgets.columnNotForRole', { alias: refused });
  await db.transaction().execute(async (trx) => {
    // Locks the group's row: saves at once replace the grid one after the other.
    await trx.selectFrom('home_layouts').select('id').where('id', '=', id).forUpdate().execute();
    await trx.deleteFrom('home_layout_columns').where('layout_id', '=', id).execute();
    await insertCells(trx, id, cells);
  });
}
