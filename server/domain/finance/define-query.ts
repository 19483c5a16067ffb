import { sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { FilterSpecs, FilterValues } from './filters';
import type { FinanceScope } from './scope';

/**
 * A named query: parameterised SQL for one list of the spec, with its filters, sortable
 * fields, default order and scope. Columns have English names inside; `toRow` is the one
 * place per query where they become the spec's field names.
 */
export interface Page {
  page: number;
  pageSize: number;
}

export interface SortTerm {
  field: string;
  direction: 'asc' | 'desc';
}

export interface QueryRequest {
  filters: FilterValues;
  page: Page | null;
  sort: SortTerm[];
}

export interface EdgeContext {
  timeZone: string;
}

export type EdgeRow = Record<string, string | number | null>;

export interface Permissions {
  canAdd: boolean;
  canEdit: boolean;
}

export interface QueryAnswer {
  rows: EdgeRow[];
  total: number;
  page: number;
  pageSize: number;
  summary?: Record<string, number>;
  permissions?: Permissions;
}

/** Without a page the answer holds every filtered row up to this many. */
export const unpagedLimit = 10_000;
export const maxPageSize = 10_000;

type Condition = RawBuilder<SqlBool>;

/** DB and TB as Kysely infers them from `from` (table aliases included); S its empty row. */
export interface QueryDefinition<DB, TB extends keyof DB, S, O> {
  name: string;
  filters: FilterSpecs;
  /** The tables, joined. */
  from(db: Db): SelectQueryBuilder<DB, TB, S>;
  /** The row columns. */
  select(query: SelectQueryBuilder<DB, TB, S>): SelectQueryBuilder<DB, TB, O>;
  /** Conditions of the filters that apply (undefined: this filter does not). */
  where(filters: FilterValues, context: EdgeContext): (Condition | undefined)[];
  scope(scope: FinanceScope): Condition;
  /** Edge field name to the column it sorts by: the only fields a caller may sort on. */
  sortable: Readonly<Record<string, string>>;
  defaultOrder: readonly SortTerm[];
  /** Unique columns appended to every order, so pages never overlap. */
  tiebreakers: readonly string[];
  toRow(row: O, context: EdgeContext): EdgeRow;
  /** Edge field name to the column summed over all filtered rows. */
  summary?: Readonly<Record<string, string>>;
  permissions?(scope: FinanceScope): Permissions;
}

export interface NamedQuery {
  name: string;
  filters: FilterSpecs;
  sortable: readonly string[];
  run(
    db: Db,
    request: QueryRequest,
    scope: FinanceScope,
    context: EdgeContext,
  ): Promise<QueryAnswer>;
}

export function defineQuery<DB, TB extends keyof DB, S, O>(
  definition: QueryDefinition<DB, TB, S, O>,
): NamedQuery {
  return {
    name: definition.name,
    filters: definition.filters,
    sortable: Object.keys(definition.sortable),
    run: (db, request, scope, context) => runQuery(definition, db, request, scope, context),
  };
}

/**
 * One round trip in the usual case: the page's rows carry the filtered total (and the
 * summary sums) as window aggregates. Only a page past the end, which has no row to carry
 * them, costs a second query.
 */
async function runQuery<DB, TB extends keyof DB, S, O>(
  definition: QueryDefinition<DB, TB, S, O>,
  db: Db,
  request: QueryRequest,
  scope: FinanceScope,
  context: EdgeContext,
): Promise<QueryAnswer> {
  const conditions = [
    ...definition.where(request.filters, context),
    definition.scope(scope),
  ].filter((condition): condition is Condition => condition !== undefined);
  const filtered = () =>
    definition.from(db).where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`);
  const summary = Object.entries(definition.summary ?? {});
  const aggregates = (window: boolean) => {
    const over = window ? sql` over ()` : sql``;
    return [
      sql<number>`count(*)${over}`.as('__total'),
      ...summary.map(([field, column]) =>
        sql<number>`coalesce(sum(${sql.ref(column)})${over}, 0)`.as(`__sum_${field}`),
      ),
    ];
  };

  let rows = definition.select(filtered()).select(aggregates(true));
  const order = request.sort.length > 0 ? request.sort : definition.defaultOrder;
  for (const term of order) {
    rows = rows.orderBy(sql.ref(definition.sortable[term.field]!), term.direction);
  }
  for (const column of definition.tiebreakers) rows = rows.orderBy(sql.ref(column), 'asc');
  const page = request.page ?? { page: 1, pageSize: unpagedLimit };
  rows = rows.limit(page.pageSize).offset((page.page - 1) * page.pageSize);

  const found = await rows.execute();
  const totals: Record<string, unknown> =
    found[0] ??
    (page.page === 1
      ? { __total: 0 }
      : await filtered().select(aggregates(false)).executeTakeFirstOrThrow());
  return {
    rows: found.map((row) => definition.toRow(row as O, context)),
    total: Number(totals.__total),
    page: page.page,
    pageSize: page.pageSize,
    ...(definition.summary
      ? {
          summary: Object.fromEntries(
            summary.map(([field]) => [field, Number(totals[`__sum_${field}`] ?? 0)]),
          ),
        }
      : {}),
    ...(definition.permissions ? { permissions: definition.permissions(scope) } : {}),
  };
}
