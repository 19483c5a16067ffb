import type { Db } from '../../db/database';
import type { HomeColumnRow } from '../../db/schema-shell';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import type { Cell, ColumnConfig, PlacedColumn } from '../../../src/contract/widgets';
import { badRequest, notFound } from '../../lib/errors';

/**
 * The widgets the browser's column container knows. A column names one; the workflow and
 * later issues bring the widgets themselves, the container shows the others as unavailable.
 */
export const columnWidgets = [
  'todo',
  'counters',
  'meetings',
  'announcements',
  'news',
  'newsCarousel',
  'messages',
  'favouriteApps',
  'shortcuts',
  'attendance',
  'customQuery',
  'chart',
  'dataTemplate',
  'html',
] as const;

export interface HomeLayout {
  id: string;
  name: string;
  columns: PlacedColumn[];
  widgets: readonly string[];
}

async function rightsOf(db: Db, caller: AuthUser, aliases: string[]) {
  if (aliases.length === 0) return new Map<string, boolean>();
  const grants = await db
    .selectFrom('home_column_roles')
    .select(['column_alias', 'role_id'])
    .where('column_alias', 'in', aliases)
    .execute();
  const rights = new Map<string, boolean>();
  for (const alias of aliases) {
    const roles = grants.filter((grant) => grant.column_alias === alias).map((g) => g.role_id);
    rights.set(
      alias,
      caller.seesEverything || roles.length === 0 || roles.some((r) => caller.roleIds.includes(r)),
    );
  }
  return rights;
}

function toConfig(row: HomeColumnRow, rights: boolean, language: Language): ColumnConfig {
  return {
    alias: row.alias,
    name: language === 'en-US' && row.name_en ? row.name_en : row.name,
    widget: row.widget,
    colType: row.col_type,
    dataMode: row.data_mode,
    dataFrom: row.data_from,
    dataParam: row.data_param,
    requestType: row.request_type,
    needPage: row.need_page,
    colHeight: row.col_height,
    colUrl: row.col_url,
    templateHtml: Buffer.from(
      language === 'en-US' && row.template_html_en ? row.template_html_en : row.template_html,
      'utf8',
    ).toString('base64'),
    displayRights: rights,
  };
}

/** Columns by alias, in the order asked; unknown aliases are left out. */
export async function columnsByAlias(
  db: Db,
  caller: AuthUser,
  aliases: string[],
  language: Language,
): Promise<ColumnConfig[]> {
  const wanted = [...new Set(aliases.map((alias) => alias.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('home_columns')
    .selectAll()
    .where('alias', 'in', wanted)
    .execute();
  const rights = await rightsOf(db, caller, wanted);
  return wanted.flatMap((alias) => {
    const row = rows.find((candidate) => candidate.alias === alias);
    return row ? [toConfig(row, rights.get(alias) ?? false, language)] : [];
  });
}

export async function columnByAlias(db: Db, caller: AuthUser, alias: string, language: Language) {
  const [column] = await columnsByAlias(db, caller, [alias], language);
  if (!column) throw notFound('server:shell.columnNotFound');
  return column;
}

/** The first layout (by sort) of a role the caller holds, else the one without a role. */
async function roleLayout(db: Db, caller: AuthUser) {
  const layouts = await db.selectFrom('home_layouts').selectAll().orderBy('sort').execute();
  return (
    layouts.find((row) => row.role_id !== null && caller.roleIds.includes(row.role_id)) ??
    layouts.find((row) => row.role_id === null)
  );
}

/** The caller's own cells when they have saved a layout (null: they use their role's). */
async function ownCells(db: Db, caller: AuthUser): Promise<Cell[] | null> {
  const own = await db
    .selectFrom('user_layouts')
    .select('user_id')
    .where('user_id', '=', caller.id)
    .executeTakeFirst();
  if (!own) return null;
  const rows = await db
    .selectFrom('user_layout_columns')
    .selectAll()
    .where('user_id', '=', caller.id)
    .orderBy('y')
    .orderBy('x')
    .execute();
  return rows.map((row) => ({ alias: row.column_alias, x: row.x, y: row.y, w: row.w, h: row.h }));
}

export async function roleCells(db: Db, layoutId: string): Promise<Cell[]> {
  const rows = await db
    .selectFrom('home_layout_columns')
    .selectAll()
    .where('layout_id', '=', layoutId)
    .orderBy('y')
    .orderBy('x')
    .execute();
  return rows.map((row) => ({ alias: row.column_alias, x: row.x, y: row.y, w: row.w, h: row.h }));
}

async function place(db: Db, caller: AuthUser, cells: Cell[], language: Language) {
  const configs = await columnsByAlias(
    db,
    caller,
    cells.map((cell) => cell.alias),
    language,
  );
  return cells.flatMap((cell) => {
    const config = configs.find((candidate) => candidate.alias === cell.alias);
    if (!config?.displayRights) return [];
    return [{ ...config, x: cell.x, y: cell.y, w: cell.w, h: cell.h }];
  });
}

/**
 * The caller's home layout: their own when they saved one at /v-personal/myLayout, else their
 * role's. Columns the caller may not see are left out of the grid.
 */
export async function homeLayout(
  db: Db,
  caller: AuthUser,
  language: Language,
): Promise<HomeLayout> {
  const layout = await roleLayout(db, caller);
  const own = await ownCells(db, caller);
  if (!layout && !own) return { id: '', name: '', columns: [], widgets: columnWidgets };
  const cells = own ?? (layout ? await roleCells(db, layout.id) : []);
  const columns = await place(db, caller, cells, language);
  return {
    id: own ? `user:${caller.id}` : (layout?.id ?? ''),
    name: layout?.name ?? '',
    columns,
    widgets: columnWidgets,
  };
}

/** What the layout editor needs: the grid, whether it is the caller's own, what can be added. */
export async function layoutEditor(db: Db, caller: AuthUser, language: Language) {
  const layout = await homeLayout(db, caller, language);
  const all = await db.selectFrom('home_columns').select('alias').orderBy('alias').execute();
  const configs = await columnsByAlias(
    db,
    caller,
    all.map((row) => row.alias),
    language,
  );
  const placed = new Set(layout.columns.map((column) => column.alias));
  return {
    columns: layout.columns,
    custom: layout.id.startsWith('user:'),
    available: configs
      .filter((config) => config.displayRights && !placed.has(config.alias))
      .map((config) => ({ alias: config.alias, name: config.name, widget: config.widget })),
  };
}

/** Grid bounds: 12 columns; heights and rows kept to what a home page can show. */
export const gridLimits = { width: 12, maxRow: 200, maxHeight: 24, maxCells: 40 } as const;

function checkCell(cell: Cell) {
  const inside =
    cell.w >= 1 &&
    cell.x >= 0 &&
    cell.x + cell.w <= gridLimits.width &&
    cell.h >= 1 &&
    cell.h <= gridLimits.maxHeight &&
    cell.y >= 0 &&
    cell.y <= gridLimits.maxRow;
  if (!inside) throw badRequest('server:widgets.cellOutside', { alias: cell.alias });
}

/** The checks every saved grid passes (own or a group's); answers the aliases in order. */
export function checkCells(cells: Cell[]): string[] {
  if (cells.length === 0) throw badRequest('server:widgets.layoutEmpty');
  if (cells.length > gridLimits.maxCells) throw badRequest('server:widgets.layoutTooLarge');
  const aliases = cells.map((cell) => cell.alias);
  if (new Set(aliases).size !== aliases.length) throw badRequest('server:widgets.layoutTwice');
  cells.forEach(checkCell);
  return aliases;
}

/**
 * Saves the caller's own layout (replacing it). Every column must exist and be one the
 * caller may see; each appears once. Whose layout it is comes from the session only.
 */
export async function saveLayout(db: Db, caller: AuthUser, cells: Cell[], language: Language) {
  const aliases = checkCells(cells);
  const configs = await columnsByAlias(db, caller, aliases, language);
  const allowed = new Set(configs.filter((c) => c.displayRights).map((c) => c.alias));
  const refused = aliases.find((alias) => !allowed.has(alias));
  if (refused) throw badRequest('server:widgets.columnNotAllowed', { alias: refused });
  await db.transaction().execute(async (trx) => {
    // The upsert locks the caller's row: saves at once run one after the other.
    await trx
      .insertInto('user_layouts')
      .values({ user_id: caller.id })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ updated_at: new Date() }))
      .execute();
    await trx.deleteFrom('user_layout_columns').where('user_id', '=', caller.id).execute();
    await trx
      .insertInto('user_layout_columns')
      .values(
        cells.map(({ alias, ...cell }) => ({ user_id: caller.id, column_alias: alias, ...cell })),
      )
      .execute();
  });
}

/** Back to the role's layout: the caller's own is forgotten. */
export async function resetLayout(db: Db, caller: AuthUser) {
  await db.deleteFrom('user_layouts').where('user_id', '=', caller.id).execute();
}
