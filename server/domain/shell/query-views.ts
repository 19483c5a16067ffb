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

/** The most rows a view exports: past it the caller narrows the conditions (never cut). */
export const maxExportRows = 100_000;

/**
 * Every row of a view under the filters, a page at a time (queryView export): the first
 * page is read at once so a bad filter or too many rows is a 400 before anything is sent.
 */
export async function viewRowBatches(ctx: QueryContext, row: ViewRow, filters: Filters) {
  const pageSize = 200;
  const first = await viewRows(ctx, row, filters, { page: 1, pageSize });
  if (first.total > maxExportRows)
    throw new UserError(400, 'server:shell.exportTooMany', {
      total: first.total,
      max: maxExportRows,
    });
  async function* batches() {
    yield first.rows as Record<string, unknown>[];
    for (let page = 2; (page - 1) * pageSize < first.total; page++) {
      const next = await viewRows(ctx, row, filters, { page, pageSize });
      if (!next.rows.length) return;
      yield next.rows as Record<string, unknown>[];
    }
  }
  return { total: first.total, batches: batches() };
}
