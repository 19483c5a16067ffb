import { randomBytes } from 'node:crypto';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import {
  countBound,
  unpagedLimit,
  type EdgeContext,
  type EdgeRow,
  type QueryAnswer,
  type QueryDefinition,
  type QueryRequest,
} from './define-query';
import {
  decodeCursor,
  encodeCursor,
  keyColumns,
  keyOf,
  keysetCondition,
  type KeyValues,
  type OrderColumn,
} from './keyset';
import type { FinanceScope } from './scope';

type Condition = RawBuilder<SqlBool>;

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

  private filtered(db: Db) {
    return this.definition.from(db).where(sql<SqlBool>`${sql.join(this.conditions, sql` and `)}`);
  }

  private get cursorKey(): Uint8Array {
    return this.context.cursorKey ?? processKey;
  }

  /** What a cursor is bound to: this query in this order. */
  private get binding(): string {
    return `${this.definition.name}\n${this.order.map((c) => `${c.column} ${c.direction}`).join(',')}`;
  }

  /** The rows after `after` (or from `offset`), in order, with their sort keys. */
  private async rows(db: Db, limit: number, offset: number, after: KeyValues | null) {
    let query = this.definition.select(this.filtered(db)).select(keyColumns(this.order));
    if (after) query = query.where(keysetCondition(this.order, after));
    for (const column of this.order)
      query = query.orderBy(sql.ref(column.column), column.direction);
    query = query.limit(limit);
    if (offset > 0) query = query.offset(offset);
    return (await query.execute()) as Record<string, unknown>[];
  }

  async run(db: Db): Promise<QueryAnswer> {
    const page = this.request.page ?? { page: 1, pageSize: unpagedLimit };
    const after = this.request.after
      ? decodeCursor(this.cursorKey, this.binding, this.request.after, this.order.length)
      : null;
    const offset = after ? 0 : (page.page - 1) * page.pageSize;
    const [found, counted] = await Promise.all([
      this.rows(db, page.pageSize, offset, after),
      this.count(db, this.request.count ?? 'exact'),
    ]);
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
    };
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
    const row = (await this.filtered(db)
      .select([
        sql<number>`count(*)`.as('__total'),
        ...summary.map(([field, column]) =>
          sql<number>`coalesce(sum(${sql.ref(column)}), 0)`.as(`__sum_${field}`),
        ),
      ])
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
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

  private async count(
    db: Db,
    mode: 'exact' | 'estimate' | 'none',
  ): Promise<{ total: number | null; estimated: boolean; summary?: Record<string, number> }> {
    if (mode === 'none') return { total: null, estimated: false };
    // A summary is a sum over every row anyway; the lists that have one are small.
    if (mode === 'exact' || this.definition.summary) {
      return { ...(await this.totals(db)), estimated: false };
    }
    const bounded = this.filtered(db)
      .select(sql`1`.as('one'))
      .limit(countBound + 1);
    const { n } = (await db
      .selectFrom(bounded.as('b'))
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow()) as { n: number | string };
    const exact = Number(n);
    if (exact <= countBound) return { total: exact, estimated: false };
    return { total: Math.max(countBound + 1, await this.estimate(db)), estimated: true };
  }

  /** The planner's row estimate for the filtered rows (EXPLAIN plans, it does not run). */
  private async estimate(db: Db): Promise<number> {
    const compiled = this.filtered(db)
      .select(sql`1`.as('one'))
      .compile();
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>({
      ...compiled,
      sql: `explain (format json) ${compiled.sql}`,
    });
    const plan = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return Math.round(parsed[0].Plan['Plan Rows']);
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
