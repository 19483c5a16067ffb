import { sql, type Compilable, type Expression, type Kysely } from 'kysely';
import { estimateKey, rememberEstimate, rememberedEstimate } from './estimate-memo';

/**
 * How a list's total is counted (docs/decisions.md, "Lists at any size"): exactly; exactly
 * up to `bound` rows and the planner's estimate past that, labelled (a first page); or not
 * at all (later pages keep the first page's total).
 */
export type CountMode = 'exact' | 'estimate' | 'none';

export interface Counted {
  /** -1 when not counted (mode none). */
  total: number;
  estimated: boolean;
}

/** Exact up to this many rows: counting a thousand index entries costs about a millisecond. */
export const defaultCountBound = 1_000;

type Rows = Expression<unknown> & Compilable;

/**
 * Counts the rows of `rows` (a select of the filtered rows; its select list does not
 * matter). `estimate` counts at most bound + 1 rows and, past the bound, answers the
 * planner's estimate (EXPLAIN plans, it never runs), never below bound + 1, kept briefly
 * for the same query (server/lib/estimate-memo.ts).
 */
export async function countRows<DB>(
  db: Kysely<DB>,
  rows: Rows,
  mode: CountMode,
  bound = defaultCountBound,
): Promise<Counted> {
  if (mode === 'none') return { total: -1, estimated: false };
  const compiled = mode === 'estimate' ? rows.compile() : undefined;
  const key = compiled && estimateKey(`${bound}\n${compiled.sql}`, compiled.parameters);
  const remembered = key && rememberedEstimate(key);
  if (remembered) return { total: remembered, estimated: true };
  const limit = mode === 'estimate' ? sql`limit ${bound + 1}` : sql``;
  const { rows: found } = await sql<{ n: number | string }>`
    select count(*) as n from (${rows} ${limit}) as counted`.execute(db);
  const exact = Number(found[0]?.n ?? 0);
  if (mode === 'exact' || exact <= bound) return { total: exact, estimated: false };
  const total = Math.max(bound + 1, await plannerEstimate(db, rows));
  if (key) rememberEstimate(key, total);
  return { total, estimated: true };
}

/** The planner's row estimate for a query (EXPLAIN plans, it does not run). */
export async function plannerEstimate<DB>(db: Kysely<DB>, rows: Compilable): Promise<number> {
  const compiled = rows.compile();
  const { rows: plans } = await db.executeQuery<{ 'QUERY PLAN': unknown }>({
    ...compiled,
    sql: `explain (format json) ${compiled.sql}`,
  });
  const plan = plans[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(parsed[0].Plan['Plan Rows']);
}
