import type { Selectable } from 'kysely';
import type { QueryViewsTable } from '../../db/schema-shell';
import { notFound, UserError } from '../../lib/errors';
import { namedQuery } from './queries';
import { runNamedQuery, type Filters, type QueryContext } from './queries/registry';

type ViewRow = Selectable<QueryViewsTable>;

/** A query view as getJson answers it: what the page needs to draw its filters and table. */
export interface QueryViewDefinition {
  sqlAlias: string;
  alias: string;
  name: string;
  columns: ViewRow['columns'];
  conditions: ViewRow['conditions'];
  pageSize: number;
}

export async function loadView(
  ctx: QueryContext,
  sqlAlias: string,
  alias: string,
): Promise<ViewRow> {
  const row = await ctx.db
    .selectFrom('query_views')
    .selectAll()
    .where('sql_alias', '=', sqlAlias)
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!row) throw notFound('server:shell.queryViewNotFound');
  return row;
}

export function toViewDefinition(row: ViewRow, english: boolean): QueryViewDefinition {
  return {
    sqlAlias: row.sql_alias,
    alias: row.alias,
    name: english && row.name_en ? row.name_en : row.name,
    columns: row.columns,
    conditions: row.conditions,
    pageSize: row.page_size,
  };
}

/** One page of a view's rows: only its declared conditions filter, scope from the session. */
export async function viewRows(
  ctx: QueryContext,
  row: ViewRow,
  filters: Filters,
  paging: { page: number; pageSize?: number },
) {
  const query = namedQuery(row.named_query);
  if (!query) throw new UserError(500, 'server:shell.customQueryBroken');
  const declared = new Set(row.conditions.map((condition) => condition.field));
  for (const field of Object.keys(filters)) {
    if (!declared.has(field)) throw new UserError(400, 'server:shell.queryUnknownField', { field });
  }
  const pageSize = Math.min(paging.pageSize ?? row.page_size, 200);
  const result = await runNamedQuery(query, ctx, filters, { page: paging.page, pageSize });
  return { ...result, page: paging.page, pageSize };
}
