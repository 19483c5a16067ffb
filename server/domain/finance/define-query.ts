import type { RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { FilterSpecs, FilterValues } from './filters';
import { QueryPlan } from './query-plan';
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

/**
 * How the total is counted: exactly (the default); exactly up to `countBound` rows and a
 * planner estimate past that, labelled as such (the first page of a long list); or not at
 * all (the next pages: the client keeps the total of the first).
 */
export type CountMode = 'exact' | 'estimate' | 'none';

export interface QueryRequest {
  filters: FilterValues;
  page: Page | null;
  sort: SortTerm[];
  count?: CountMode;
  /** A cursor from an earlier answer's `next`: the rows after it (keyset paging). */
  after?: string | null;
}

export interface EdgeContext {
  timeZone: string;
  /** The reader's language, for the words of a row (a store's name); unset: Chinese. */
  language?: Language;
  /** Signs and checks the keyset cursors (the server's secret; a key per process without). */
  cursorKey?: Uint8Array;
}

export type EdgeRow = Record<string, string | number | null>;

export interface Permissions {
  canAdd: boolean;
  canEdit: boolean;
}

export interface QueryAnswer {
  rows: EdgeRow[];
  /** null when not counted (count: none). */
  total: number | null;
  /** True when total is the planner's estimate, not a count. */
  estimated: boolean;
  /** Cursor of the last row, when the page was full (more rows may follow). */
  next?: string;
  page: number;
  pageSize: number;
  sortable?: string[];
  summary?: Record<string, number>;
  permissions?: Permissions;
  /**
   * On the notice lists: whether opening a notice records the caller's acknowledgement
   * (its merchant confirms it, or marks it viewed), or only a staff view (issue 36).
   */
  acknowledges?: boolean;
}

type Condition = RawBuilder<SqlBool>;

/** DB and TB as Kysely infers them from `from` (table aliases included); S its empty row. */
export interface QueryDefinition<DB, TB extends keyof DB, S, O> {
  name: string;
  filters: FilterSpecs;
  /** The tables, joined. */
  from(db: Db): SelectQueryBuilder<DB, TB, S>;
  /**
   * The main table and its alias in `from`, when `where` and `scope` use no other: the sort
   * key at an offset is then read from it alone, an index-only scan (PostgreSQL 15 does not
   * make one of a scan whose joined lookup it removed).
   */
  mainTable?: readonly [table: string, alias: string];
  /** The row columns. */
  select(query: SelectQueryBuilder<DB, TB, S>): SelectQueryBuilder<DB, TB, O>;
  /** Conditions of the filters that apply (undefined: this filter does not). */
  where(filters: FilterValues, context: EdgeContext): (Condition | undefined)[];
  scope(scope: FinanceScope): Condition;
  /** Edge field name to the column it sorts by: the only fields a caller may sort on. */
  sortable: Readonly<Record<string, string>>;
  defaultOrder: readonly SortTerm[];
  /**
   * Unique columns appended to every order, so pages never overlap. They follow the
   * direction of the last sort term, so one index (column, id) serves both directions.
   */
  tiebreakers: readonly string[];
  /** Sortable fields whose column can be NULL (they cost keyset paging an IS NULL branch). */
  nullable?: readonly string[];
  toRow(row: O, context: EdgeContext): EdgeRow;
  /** Edge field name to the column summed over all filtered rows. */
  summary?: Readonly<Record<string, string>>;
  permissions?(scope: FinanceScope): Permissions;
  /** The rows are notices their merchant acknowledges by opening them (QueryAnswer.acknowledges). */
  acknowledgedOnOpen?: boolean;
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
  /** Every filtered row in order, a batch at a time (exports): memory stays one batch. */
  stream(
    db: Db,
    request: QueryRequest,
    scope: FinanceScope,
    context: EdgeContext,
    batchSize: number,
  ): AsyncGenerator<EdgeRow[]>;
  /** The exact count and the summary sums over every filtered row. */
  totals(
    db: Db,
    request: QueryRequest,
    scope: FinanceScope,
    context: EdgeContext,
  ): Promise<{ total: number; summary?: Record<string, number> }>;
}

export function defineQuery<DB, TB extends keyof DB, S, O>(
  definition: QueryDefinition<DB, TB, S, O>,
): NamedQuery {
  const plan = (request: QueryRequest, scope: FinanceScope, context: EdgeContext) =>
    new QueryPlan(definition, request, scope, context);
  return {
    name: definition.name,
    filters: definition.filters,
    sortable: Object.keys(definition.sortable),
    run: (db, request, scope, context) => plan(request, scope, context).run(db),
    stream: (db, request, scope, context, batchSize) =>
      plan(request, scope, context).stream(db, batchSize),
    totals: (db, request, scope, context) => plan(request, scope, context).totals(db),
  };
}
