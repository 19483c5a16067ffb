/**
 * What the end of a request means to its requesters (docs/workflow.md, "Who acts next"): the
 * server's message to them and the live portal's notice read it from here.
 */
export type Outcome = 'approved' | 'refused' | 'ended' | 'returned';

/** The outcome a finished instance tells its requesters; null when it tells nothing. */
export function outcomeOf(status: string, result: string | null): Outcome | null {
  if (status === 'end') return result === 'agree' ? 'approved' : 'refused';
  return status === 'manualend' ? 'ended' : null;
}
