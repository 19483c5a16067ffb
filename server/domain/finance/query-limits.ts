/**
 * The finance lists' limits, in a module of their own so that the query definitions
 * (define-query.ts) and the plan that runs them (query-plan.ts) both read them without
 * importing each other at runtime.
 */

/** Without a page the answer holds every filtered row up to this many. */
export const unpagedLimit = 10_000;
/** count: estimate counts exactly up to this many rows (cheap: a thousand index entries). */
export const countBound = 1_000;
