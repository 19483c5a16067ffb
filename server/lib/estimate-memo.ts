import { LRUCache } from 'lru-cache';

/**
 * The planner's estimates of large lists (past the exact bound), kept ten seconds per process
 * by their exact query: the SQL text and every parameter, the caller's scope among them, so
 * an estimate is only reused for the very same rows. At 9:00 on statement day the heaviest
 * users open the same first pages again and again; each first page of theirs ran a bounded
 * count (a thousand and one rows) and an EXPLAIN on top of the page, both planned anew. A
 * total past the bound is shown as approximate anyway ("about 1,503"), and the exact count
 * the list asks for next is never kept; lists under the bound are always counted exactly, so
 * a row added to a short list shows at once.
 */
const estimates = new LRUCache<string, number>({ max: 2_000, ttl: 10_000 });

/** The key of a count: its SQL and its parameters. */
export function estimateKey(sql: string, parameters: readonly unknown[]): string {
  return `${sql}\n${JSON.stringify(parameters)}`;
}

export function rememberedEstimate(key: string): number | undefined {
  return estimates.get(key);
}

export function rememberEstimate(key: string, estimate: number): void {
  estimates.set(key, estimate);
}

/** For tests: forget every estimate (a test that changes rows counts them afresh). */
export function forgetEstimates(): void {
  estimates.clear();
}
