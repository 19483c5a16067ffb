import { randomBytes } from 'node:crypto';
import {
  sql,
  type CompiledQuery,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Db } from '../../db/database';
import type {
  EdgeContext,
  EdgeRow,
  QueryAnswer,
  QueryDefinition,
  QueryRequest,
} from './define-query';
import { countBound, unpagedLimit } from './query-limits';
import {
  decodeCursor,
  encodeCursor,
  keyColumns,
  keyOf,
  keysetCondition,
  type KeyValues,
  type OrderColumn,
} from '../../lib/keyset';
import { plannerEstimate } from '../../lib/bounded-count';
import { estimateKey, rememberEstimate, rememberedEstimate } from '../../lib/estimate-memo';
import { executeShape } from '../../db/query-shapes';
import type { FinanceScope } from './scope';

type Condition = RawBuilder<SqlBool>;
/** A list's total (null when not counted) and, for lists with sums, the sums. */
interface Counted {
  total: number | null;
  estimated: boolean;
  summary?: Record<string, number>;
}
/** Rows to count or sum, with raw selections only. */
type CountedRows = SelectQueryBuilder<Record<string, unknown>, string, object>;

const processKey = randomBytes(32);

/**
 * One request of a named query: the filtered rows (filters and scope), their order (the
 * sort asked for or the default, then the tiebreakers), and the three ways they are read:
 * a page (by offset, or after a cursor), a count, and every row in batches.
 */
export class QueryPlan<DB, TB extends keyof DB, S, O> {
  private readonly conditions: Condition[];
  readonly order: OrderColumn[];

  constructor(
    private readonly definition: QueryDefinition<DB, TB, S, O>,
    private readonly request: QueryRequest,
    private readonly scope: FinanceScope,
    private readonly context: EdgeContext,
  ) {
    this.conditions = [
      ...definition.where(request.filters, context),
      definition.scope(scope),
    ].filter((condition): condition is Condition => condition !== undefined);
    this.order = orderOf(definition, request);
  }

  private get where(): Condition {
    return sql<SqlBool>`${sql.join(this.conditions, sql` and `)}`;
  }

  private filtered(db: Db) {
    return this.definition.from(db).where(this.where);
  }

  /**
   * The filtered rows as counted and summed: from the main table alone where the definition
   * names one. Its joins only add columns (each joins a store by a non-null foreign key, as
   * keyAt already relies on), so the count is the same, without a lookup per row: a bounded
   * count of the heaviest user's first page reads 1,001 rows.
   */
  private counted(db: Db): CountedRows {
    const mainTable = this.definition.mainTable;
    // Only raw selections follow (count, sums, 1): the row type does not matter.
    if (!mainTable) return this.filtered(db) as unknown as CountedRows;
    const [table, alias] = mainTable;
    return db.selectFrom(sql`${sql.table(table)}`.as(alias)).where(this.where);
  }

  private whereCompiled?: CompiledQuery;

  /**
   * The conditions alone, compiled: their text is the part of the shape the filters decide
   * (server/db/query-shapes.ts), their parameters come first in every query of the plan.
   */
  private compiledWhere(db: Db): CompiledQuery {
    this.whereCompiled ??= this.where.compile(db);
    return this.whereCompiled;
  }

  private get cursorKey(): Uint8Array {
    return this.context.cursorKey ?? processKey;
  }

  /** What a cursor is bound to: this query in this order. */
  private get binding(): string {
    return `${this.definition.name}\n${this.order.map((c) => `${c.column} ${c.direction}`).join(',')}`;
  }

  /**
   * The rows after `after` (or from `offset`), in order, with their sort keys. A page by
   * offset (a jump with the scroll bar) first finds the key of the row before it, reading
   * the sort columns only, then reads the page after that key: skipping 100,000 index
   * entries costs tens of milliseconds, skipping 100,000 whole rows hundreds.
   */
  private async rows(
    db: Db,
    limit: number,
    offset: number,
    after: KeyValues | null,
  ): Promise<Record<string, unknown>[]> {
    const mainTable = this.definition.mainTable;
    if (!after && offset > 0 && mainTable) {
      const before = await this.keyAt(db, offset - 1, mainTable);
      return before ? this.rows(db, limit, 0, before) : [];
    }
    const where = this.compiledWhere(db);
    const keyset = after ? keysetCondition(this.order, after) : undefined;
    const keysetCompiled = keyset?.compile(db);
    const shape = `rows\n${this.binding}\n${where.sql}\n${keysetCompiled?.sql ?? ''}\n${offset > 0}`;
    const parameters = [
      ...where.parameters,
      ...(keysetCompiled?.parameters ?? []),
      limit,
      ...(offset > 0 ? [offset] : []),
    ];
    return executeShape(db, shape, parameters, () => {
      let query = this.definition.select(this.filtered(db)).select(keyColumns(this.order));
      if (keyset) query = query.where(keyset);
      for (const column of this.order)
        query = query.orderBy(sql.ref(column.column), column.direction);
      query = query.limit(limit);
      if (offset > 0) query = query.offset(offset);
      return query;
    }) as Promise<Record<string, unknown>[]>;
  }

  /** The sort key of the row at `index` in order, or null past the end. */
  private async keyAt(
    db: Db,
    index: number,
    [table, alias]: readonly [string, string],
  ): Promise<KeyValues | null> {
    // The columns as they are inside (an index-only scan gives them), as text outside,
    // where only the one row left is converted.
    const columns = this.order.map(
      (column, i) => sql`${sql.ref(column.column)} as ${sql.ref(`__o${i}`)}`,
    );
    const keys = this.order.map(
      (_, i) => sql`${sql.ref(`o.__o${i}`)}::text as ${sql.ref(`__k${i}`)}`,
    );
    const order = this.order.map(
      (column) => sql`${sql.ref(column.column)} ${sql.raw(column.direction)}`,
    );
    const { rows } = await sql<Record<string, unknown>>`
      select ${sql.join(keys)} from (
        select ${sql.join(columns)} from ${sql.table(table)} as ${sql.ref(alias)}
        where ${sql.join(this.conditions, sql` and `)}
        order by ${sql.join(order)} offset ${index} limit 1
      ) o`.execute(db);
    return rows[0] ? keyOf(rows[0], this.order) : null;
  }

  async run(db: Db): Promise<QueryAnswer> {
    const page = this.request.page ?? { page: 1, pageSize: unpagedLimit };
    const after = this.request.after
      ? decodeCursor(this.cursorKey, this.binding, this.request.after, this.order.length)
      : null;
    const offset = after ? 0 : (page.page - 1) * page.pageSize;
    const [found, counted] = await this.pageAndCount(db, page.pageSize, offset, after);
    const last = found.length === page.pageSize ? found[found.length - 1] : undefined;
    return {
      rows: found.map((row) => this.definition.toRow(row as O, this.context)),
      total: counted.total,
      estimated: counted.estimated,
      ...(last
        ? { next: encodeCursor(this.cursorKey, this.binding, keyOf(last, this.order)) }
        : {}),
      page: page.page,
      pageSize: page.pageSize,
      // With the count, once per filter: which fields the list may be sorted by.
      ...(this.request.count === 'none' ? {} : { sortable: Object.keys(this.definition.sortable) }),
      ...(counted.summary ? { summary: counted.summary } : {}),
      ...(this.definition.permissions
        ? { permissions: this.definition.permissions(this.scope) }
        : {}),
      // Only a merchant acknowledges their notices; staff opening them are recorded apart.
      ...(this.definition.acknowledgedOnOpen
        ? { acknowledges: this.scope.vendorCode !== null }
        : {}),
    };
  }

  /**
   * The page and its total. A first page shorter than a page holds every row, so its length
   * is the total and no count runs (as Spring Data's paging does): a merchant's statement
   * list, a few rows, is one query instead of two. So a first page is read before it is
   * counted; later pages (by offset), and lists with sums, are read and counted at once, on
   * two connections.
   */
  private async pageAndCount(
    db: Db,
    limit: number,
    offset: number,
    after: KeyValues | null,
  ): Promise<[Record<string, unknown>[], Counted]> {
    const mode = this.request.count ?? 'exact';
    if (mode === 'none' || offset > 0 || after || this.definition.summary) {
      return Promise.all([this.rows(db, limit, offset, after), this.count(db, mode)]);
    }
    const found = await this.rows(db, limit, 0, null);
    if (found.length < limit) return [found, { total: found.length, estimated: false }];
    return [found, await this.count(db, mode)];
  }

  async *stream(db: Db, batchSize: number): AsyncGenerator<EdgeRow[]> {
    let after: KeyValues | null = null;
    for (;;) {
      const found = await this.rows(db, batchSize, 0, after);
      if (found.length > 0) yield found.map((row) => this.definition.toRow(row as O, this.context));
      if (found.length < batchSize) return;
      after = keyOf(found[found.length - 1]!, this.order);
    }
  }

  /** The exact count and the summary sums, in one pass over the filtered rows. */
  async totals(db: Db): Promise<{ total: number; summary?: Record<string, number> }> {
    const summary = Object.entries(this.definition.summary ?? {});
    const where = this.compiledWhere(db);
    const [row] = (await executeShape(
      db,
      `totals\n${this.definition.name}\n${where.sql}`,
      where.parameters,
      () =>
        this.counted(db).select([
          sql<number>`count(*)`.as('__total'),
          ...summary.map(([field, column]) =>
            sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as(`__sum_${field}`),
          ),
        ]),
    )) as Record<string, unknown>[];
    if (!row) throw new Error('a count answers one row');
    return {
      total: Number(row.__total),
      ...(this.definition.summary
        ? {
            summary: Object.fromEntries(
              summary.map(([field]) => [field, Number(row[`__sum_${field}`] ?? 0)]),
            ),
          }
        : {}),
    };
  }

  private async count(db: Db, mode: 'exact' | 'estimate' | 'none'): Promise<Counted> {
    if (mode === 'none') return { total: null, estimated: false };
    if (mode === 'exact') return { ...(await this.totals(db)), estimated: false };
    const where = this.compiledWhere(db);
    const key = estimateKey(`${this.definition.name}\n${where.sql}`, where.parameters);
    const remembered = rememberedEstimate(key);
    if (remembered !== undefined) return { total: remembered, estimated: true };
    const bounded = this.counted(db)
      .select(sql`1`.as('one'))
      .limit(countBound + 1);
    const { n } = (await db
      .selectFrom(bounded.as('b'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()) as { n: number | string };
    const exact = Number(n);
    if (exact <= countBound) {
      // A summary is a sum over every row: cheap for a few, and then given at once.
      if (this.definition.summary) return { ...(await this.totals(db)), estimated: false };
      return { total: exact, estimated: false };
    }
    // Past the bound the summary comes with the exact count the element asks for next.
    const total = Math.max(countBound + 1, await this.estimate(db));
    rememberEstimate(key, total);
    return { total, estimated: true };
  }

  /** The planner's row estimate for the filtered rows (EXPLAIN plans, it does not run). */
  private async estimate(db: Db): Promise<number> {
    return plannerEstimate(db, this.counted(db).select(sql`1`.as('one')));
  }
}

/** The sort asked for (or the default), then the tiebreakers in the last term's direction. */
function orderOf<DB, TB extends keyof DB, S, O>(
  definition: QueryDefinition<DB, TB, S, O>,
  request: QueryRequest,
): OrderColumn[] {
  const terms = request.sort.length > 0 ? request.sort : definition.defaultOrder;
  const nullable = new Set(definition.nullable ?? []);
  const order: OrderColumn[] = terms.map((term) => ({
    column: definition.sortable[term.field]!,
    direction: term.direction,
    nullable: nullable.has(term.field),
  }));
  const direction = order[order.length - 1]?.direction ?? 'asc';
  for (const column of definition.tiebreakers) {
    if (!order.some((each) => each.column === column)) {
      order.push({ column, direction, nullable: false });
    }
  }
  return order;
}
