import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import {
  decodeCursor,
  encodeCursor,
  keyOf,
  keysetCondition,
  type KeyValues,
  type OrderColumn,
} from '../../../lib/keyset';
import { formatDateTime } from '../../../lib/time';
import {
  hasConditions,
  orderBy,
  orderOf,
  pageOf,
  whereOf,
  type Columns,
  type PageList,
  type QueryFilter,
} from './filter';

/**
 * A list of the runtime service: a subquery that already holds the caller's scope (built from
 * the session, never from the request), the properties a QueryFilter may use on its output,
 * and the default order. Lists and their counts run the same subquery, so they agree. `R` is
 * the subquery's row as its SQL writes it, when the list declares it (sql<R>).
 */
export interface ListSpec<R = unknown> {
  source: RawBuilder<R>;
  columns: Columns;
  /** The default order; it ends in a unique column, for stable pages and cursors. */
  order: readonly OrderColumn[];
  /**
   * The same rows as `source` for a page in the default order with no filters, where each
   * UNION ALL branch reads only its first `limit` rows after the key, in order, from its
   * index. PostgreSQL cannot do that itself: a branch with a WHERE clause stays a subquery,
   * whose order is lost, so the whole list would be joined and sorted for one page.
   */
  bounded?: (bound: BranchBound) => RawBuilder<R>;
}

/** The rows a branch of a list reads: the first `limit` after `after`, in the list's order. */
export interface BranchBound {
  after: KeyValues | null;
  limit: number;
}

/**
 * A branch's part of a bound: the key condition and the ORDER BY ... LIMIT, over the branch's
 * own columns that the list's default order is made of (the same directions and NULL rules).
 */
export function branchBound(bound: BranchBound, order: readonly OrderColumn[]) {
  return {
    after: bound.after ? keysetCondition(order, bound.after) : sql<boolean>`true`,
    first: sql`order by ${orderBy(order)} limit ${bound.limit}`,
  };
}

/**
 * Keyset paging of a list: the key that signs its cursors, and what a cursor is bound to
 * (the list; the order is added), so a cursor of one list or order is refused by another.
 */
export interface Cursors {
  key: Uint8Array;
  list: string;
}

/** Filter columns over a list's output: x."name" for each named property. */
export function outputColumns(spec: Record<string, [Columns[string]['type'], boolean?]>): Columns {
  return Object.fromEntries(
    Object.entries(spec).map(([name, [type, sortable]]) => [
      name,
      { expr: `x."${name}"`, type, sortable: sortable ?? false },
    ]),
  );
}

type Row = Record<string, unknown>;

/**
 * A page of a list. The rows and the count are separate queries: the count reads only what
 * the filters need (the planner drops the unused name lookups of the subquery), and the
 * page sorts narrow rows and looks names up for its own rows only (it postpones them past
 * the LIMIT). With pageBean.showTotal false the count is skipped and total is -1, as the
 * platform's pager answers: a client that scrolls on counts once per filter and reuses it.
 *
 * With `cursors`, a full page answers `next` (the last row's sort key, signed) and a request
 * with pageBean.after reads the rows after that key instead of skipping `offset` rows, so the
 * last page of a long list costs what the first does (docs/decisions.md, lists at any size).
 * `R` is the source's row as its SQL writes it: the spec's own, or declared by the caller of a
 * spec that declares none (raw SQL is typed by its caller, as kysely's sql<T> is); Row when
 * the rows are answered as they come.
 */
export async function runList<R extends Row = Row>(
  db: Kysely<Database>,
  spec: ListSpec<R> | ListSpec,
  filter: QueryFilter,
  timeZone: string,
  cursors?: Cursors,
): Promise<PageList<R> & { next?: string }> {
  const { page, pageSize, offset } = pageOf(filter);
  const where = whereOf(filter, spec.columns, timeZone);
  const order = orderOf(filter, spec.columns, spec.order);
  const binding = `${cursors?.list}\n${order.map((t) => `${t.column} ${t.direction}`).join(',')}`;
  const after =
    cursors && filter.pageBean?.after !== undefined
      ? decodeCursor(cursors.key, binding, filter.pageBean.after, order.length)
      : null;
  const counting = filter.pageBean?.showTotal !== false;
  const limit = pageSize + (after ? 0 : offset);
  const source =
    spec.bounded && !filter.sorter?.length && !hasConditions(filter)
      ? spec.bounded({ after, limit })
      : spec.source;
  const [result, counted] = await Promise.all([
    sql<R>`
      select x.*, ${keyColumns(order)} from (${source}) x
      where ${where} and ${after ? keysetCondition(order, after) : sql`true`}
      order by ${orderBy(order)}
      limit ${pageSize} offset ${after ? 0 : offset}`.execute(db),
    counting
      ? sql<{ total: number }>`
          select count(*) as total from (${spec.source}) x where ${where}`.execute(db)
      : null,
  ]);
  const total = counted ? Number(counted.rows[0]?.total ?? 0) : -1;
  const last = result.rows.length === pageSize ? result.rows[pageSize - 1] : undefined;
  return {
    rows: result.rows.map(withoutKey),
    total,
    page,
    pageSize,
    ...(cursors && last ? { next: encodeCursor(cursors.key, binding, keyOf(last, order)) } : {}),
  };
}

/**
 * The sort key of each row as text, in "__k0", "__k1", ... (as lib/keyset's keyColumns, in
 * raw SQL; dropped from the answer).
 */
function keyColumns(order: readonly OrderColumn[]) {
  return sql.join(
    order.map((term, index) => sql`${sql.ref(term.column)}::text as ${sql.ref(`__k${index}`)}`),
  );
}

/** A row without its sort key and other columns a list keeps for itself ("__..."). */
function withoutKey<R extends Row>(row: R): R {
  // The row's own columns are R's; only the sort keys, which R does not name, are dropped.
  return Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('__'))) as R;
}

export interface TypeCount {
  typeId: string;
  count: number;
}

/** The platform's count answers: how many rows of a list, per flow category (typeId). */
export async function runCount(
  db: Kysely<Database>,
  spec: ListSpec,
  filter: QueryFilter,
  timeZone: string,
): Promise<TypeCount[]> {
  const where = whereOf(filter, spec.columns, timeZone);
  const result = await sql<{ typeId: string; count: number }>`
    select x."typeId", count(*) as count
    from (${spec.source}) x
    where ${where}
    group by x."typeId"
    order by x."typeId"`.execute(db);
  return result.rows.map((row) => ({ typeId: row.typeId, count: Number(row.count) }));
}

export const totalOf = (counts: TypeCount[]) => counts.reduce((sum, row) => sum + row.count, 0);

/**
 * A row as its SQL gives it: `Answered` (the contract's row) with its times, the `Time`
 * fields, still timestamps (null where there is none), which withTimes writes as text.
 */
export type SqlRow<Answered, Time extends keyof Answered> = Omit<Answered, Time> & {
  [Field in Time]: Date | null;
};

/**
 * Timestamps of a row as the platform writes them ("yyyy-MM-dd HH:mm:ss", business zone): the
 * named fields become text (empty where there was no time), and the row's type says so.
 */
export function withTimes<T extends Row, K extends keyof T & string>(
  row: T,
  names: readonly K[],
  timeZone: string,
): Omit<T, K> & Record<K, string> {
  const copy: Row = { ...row };
  for (const name of names) {
    const value = copy[name];
    copy[name] =
      value instanceof Date || typeof value === 'string' ? formatDateTime(value, timeZone) : '';
  }
  return copy as Omit<T, K> & Record<K, string>;
}
