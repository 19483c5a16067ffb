import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { formatDateTime } from '../../lib/time';
import { orderOf, pageOf, whereOf, type Columns, type PageList, type QueryFilter } from './filter';

/**
 * A list of the runtime service: a subquery that already holds the caller's scope (built from
 * the session, never from the request), the properties a QueryFilter may use on its output,
 * and the default order. Lists and their counts run the same subquery, so they agree.
 */
export interface ListSpec {
  source: RawBuilder<unknown>;
  columns: Columns;
  /** ORDER BY text that ends in a unique column, for stable pages. */
  order: string;
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
 */
export async function runList(
  db: Kysely<Database>,
  spec: ListSpec,
  filter: QueryFilter,
  timeZone: string,
): Promise<PageList<Row>> {
  const { page, pageSize, offset } = pageOf(filter);
  const where = whereOf(filter, spec.columns, timeZone);
  const order = orderOf(filter, spec.columns, spec.order);
  const counting = filter.pageBean?.showTotal !== false;
  const [result, counted] = await Promise.all([
    sql<Row>`
      select x.* from (${spec.source}) x
      where ${where}
      order by ${order}
      limit ${pageSize} offset ${offset}`.execute(db),
    counting
      ? sql<{ total: number }>`
          select count(*) as total from (${spec.source}) x where ${where}`.execute(db)
      : null,
  ]);
  const total = counted ? Number(counted.rows[0]?.total ?? 0) : -1;
  return { rows: result.rows, total, page, pageSize };
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

/** Timestamps of a row as the platform writes them ("yyyy-MM-dd HH:mm:ss", business zone). */
export function withTimes<T extends Row>(row: T, names: string[], timeZone: string): T {
  const copy: Row = { ...row };
  for (const name of names) {
    const value = copy[name];
    copy[name] =
      value instanceof Date || typeof value === 'string' ? formatDateTime(value, timeZone) : '';
  }
  return copy as T;
}
