import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { Language } from '../../../i18n';
import type { AuthUser } from '../../../lib/context';
import { badRequest } from '../../../lib/errors';
import { assertFormAccess } from '../../forms/access';
import { loadTemplate } from '../templates/data-templates';
import { containing } from '../../../lib/like';

/**
 * Named queries: the only data custom queries, query views and data templates can read. A
 * name maps to a query written here; the request chooses a name, filter values and a page,
 * never SQL. Scope (whose rows) comes from the session inside each query.
 */
export interface QueryContext {
  db: Db;
  caller: AuthUser;
  timeZone: string;
  language: Language;
  today: string;
}

/**
 * text: substring when not empty; exact: equality when not empty; date: a pair, both or none;
 * a function: a rule of its own over the row's output columns (the people search), when not
 * empty.
 */
export type FilterKind =
  | 'text'
  | 'exact'
  | 'date'
  | ((column: (name: string) => Expression<unknown>, text: string) => Expression<SqlBool>);

export type FilterValue = string | [string, string];
export type Filters = Record<string, FilterValue>;

export interface Paging {
  page: number;
  pageSize: number;
}

export interface QueryResult {
  rows: Record<string, unknown>[];
  total: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Source = SelectQueryBuilder<Database, any, any>;

export interface NamedQuery {
  name: string;
  /** The output columns a filter may name, and how it applies. */
  filters: Record<string, FilterKind>;
  /** The output column that identifies a row; `id` unless said otherwise. */
  key?: string;
  /** The output column rows are sorted by (then by the key). */
  orderBy: { column: string; direction: 'asc' | 'desc' };
  /** The rows the caller may see, as a query whose output columns are the result fields. */
  source(ctx: QueryContext): Source | Promise<Source>;
  /**
   * The data template whose records the query reads (dyzl: contract_prints): whichever page
   * runs it (query view, custom query, dialog, the template's list), the caller needs the
   * right to read that form's records (docs/forms.md, "Who may use a form").
   */
  form?: string;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function condition(
  column: string,
  kind: FilterKind,
  value: FilterValue,
): Expression<SqlBool> | null {
  const ref = sql.ref(`q.${column}`);
  if (kind === 'date') {
    const [start, end] = Array.isArray(value) ? value : ['', ''];
    if (!start || !end) return null;
    if (!datePattern.test(start) || !datePattern.test(end)) {
      throw badRequest('server:shell.queryBadDate', { field: column });
    }
    return sql<SqlBool>`${ref}::date between ${start}::date and ${end}::date`;
  }
  if (Array.isArray(value)) throw badRequest('server:shell.queryBadValue', { field: column });
  const text = value.trim();
  if (!text) return null;
  if (typeof kind === 'function') return kind((name) => sql.ref(`q.${name}`), text);
  return kind === 'text'
    ? sql<SqlBool>`${ref}::text ilike ${containing(text)}`
    : sql<SqlBool>`${ref}::text = ${text}`;
}

/** Runs a named query with the spec's filter rules and one page of rows. */
export async function runNamedQuery(
  query: NamedQuery,
  ctx: QueryContext,
  filters: Filters,
  paging: Paging,
): Promise<QueryResult> {
  if (query.form) await assertFormAccess(ctx, await loadTemplate(ctx, query.form), 'read');
  let select = ctx.db.selectFrom((await query.source(ctx)).as('q'));
  for (const [field, value] of Object.entries(filters)) {
    const kind = query.filters[field];
    if (!kind) throw badRequest('server:shell.queryUnknownField', { field });
    const where = condition(field, kind, value);
    if (where) select = select.where(where);
  }
  const counted = await select
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const { column, direction } = query.orderBy;
  const rows = await select
    .selectAll()
    .orderBy(sql.ref(`q.${column}`), direction)
    .orderBy(sql.ref(`q.${query.key ?? 'id'}`))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  return { rows: rows as Record<string, unknown>[], total: Number(counted.total) };
}
