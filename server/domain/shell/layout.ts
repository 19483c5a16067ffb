import type { Db } from '../../db/database';
import type { HomeColumnRow } from '../../db/schema-shell';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { notFound } from '../../lib/errors';

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

/** A column config with the spec's field names (workflow-office.md section 3). */
export interface ColumnConfig {
  alias: string;
  name: string;
  widget: string;
  colType: number;
  dataMode: number;
  dataFrom: string;
  dataParam: string;
  requestType: string;
  needPage: boolean;
  colHeight: number;
  colUrl: string;
  /** Base64 of the column's HTML template (dataMode 3 and plain HTML columns). */
  templateHtml: string;
  /** Whether the caller may see the column. */
  displayRights: boolean;
}

export interface PlacedColumn extends ColumnConfig {
  x: number;
  y: number;
  w: number;
  h: number;
}

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
    templateHtml: Buffer.from(row.template_html, 'utf8').toString('base64'),
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

/**
 * The caller's home layout: the first layout (by sort) of a role they hold, else the one
 * without a role. Columns the caller may not see are left out of the grid.
 */
export async function homeLayout(
  db: Db,
  caller: AuthUser,
  language: Language,
): Promise<HomeLayout> {
  const layouts = await db.selectFrom('home_layouts').selectAll().orderBy('sort').execute();
  const layout =
    layouts.find((row) => row.role_id !== null && caller.roleIds.includes(row.role_id)) ??
    layouts.find((row) => row.role_id === null);
  if (!layout) return { id: '', name: '', columns: [], widgets: columnWidgets };
  const places = await db
    .selectFrom('home_layout_columns')
    .selectAll()
    .where('layout_id', '=', layout.id)
    .orderBy('y')
    .orderBy('x')
    .execute();
  const configs = await columnsByAlias(
    db,
    caller,
    places.map((place) => place.column_alias),
    language,
  );
  const columns = places.flatMap((place) => {
    const config = configs.find((candidate) => candidate.alias === place.column_alias);
    if (!config?.displayRights) return [];
    return [{ ...config, x: place.x, y: place.y, w: place.w, h: place.h }];
  });
  return { id: layout.id, name: layout.name, columns, widgets: columnWidgets };
}
