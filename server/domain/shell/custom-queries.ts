// What getByAlias answers is the contract's.
import type { CustomQueryDefinition } from '../../../src/contract/custom-query';
import type { CustomQueryRow } from '../../db/schema-shell';
import { badRequest, notFound, UserError } from '../../lib/errors';
import { namedQuery } from './queries';
import { runNamedQuery, type Filters, type QueryContext } from './queries/registry';
import { parseRequestJson } from '../../lib/safe-input';

/**
 * A custom query definition with the platform's field names. JSON settings (header,
 * dataParam, conditionfield, resultfield, displayfield) are handed over as the text stored:
 * checking them is the browser's job for external queries, and a broken one must reach the
 * browser as it is so that its error message shows (spec/shell.md section 8).
 */
export type { CustomQueryDefinition };

export async function loadCustomQuery(ctx: QueryContext, alias: string): Promise<CustomQueryRow> {
  const row = await ctx.db
    .selectFrom('custom_queries')
    .selectAll()
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (!row) throw notFound('server:shell.customQueryNotFound');
  return row;
}

export function toDefinition(row: CustomQueryRow): CustomQueryDefinition {
  return {
    alias: row.alias,
    name: row.name,
    dsType: row.ds_type,
    requestType: row.request_type,
    url: row.url,
    header: row.header,
    dataParam: row.data_param,
    listKey: row.list_key,
    conditionfield: row.condition_fields,
    resultfield: row.result_fields,
    displayfield: row.display_fields,
    pageSize: row.page_size,
    needPage: row.ds_type === 'dataSource',
  };
}

/** The condition values of doQuery's body: a JSON object of field to value (or [from, to]). */
export function parseQueryData(body: unknown): Filters {
  let data: unknown = body;
  if (typeof body === 'string') {
    if (!body.trim()) return {};
    try {
      data = parseRequestJson(body);
    } catch (error) {
      if (error instanceof UserError) throw error;
      throw badRequest('server:shell.queryDataNotJson');
    }
  }
  if (data === undefined || data === null) return {};
  if (typeof data !== 'object' || Array.isArray(data))
    throw badRequest('server:shell.queryDataNotJson');
  const filters: Filters = {};
  for (const [field, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value) && value.length === 2)
      filters[field] = [String(value[0] ?? ''), String(value[1] ?? '')];
    else if (typeof value === 'string' || typeof value === 'number') filters[field] = String(value);
    else throw badRequest('server:shell.queryBadValue', { field });
  }
  return filters;
}

/** doQuery: one page of a dataSource query's rows; restful queries are the browser's to call. */
export async function runCustomQuery(
  ctx: QueryContext,
  alias: string,
  filters: Filters,
  page: number,
) {
  const row = await loadCustomQuery(ctx, alias);
  const query =
    row.ds_type === 'dataSource' && row.named_query ? namedQuery(row.named_query) : undefined;
  if (row.ds_type !== 'dataSource') throw badRequest('server:shell.customQueryExternal');
  if (!query) throw new UserError(500, 'server:shell.customQueryBroken');
  const paging = { page, pageSize: row.page_size };
  const result = await runNamedQuery(query, ctx, filters, paging);
  return { ...result, ...paging };
}
