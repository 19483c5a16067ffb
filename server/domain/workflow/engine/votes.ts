/**
 * Vote counting for countersign nodes and transfers (taskToTrans). The rule says how many
 * votes decide (an amount, or a percent of the voters) and which side they count for:
 * decideType agree passes once enough agree and refuses once that can no longer happen;
 * decideType refuse refuses once enough oppose and passes once that can no longer happen.
 * Abstentions count for neither side.
 */
export interface VoteRule {
  voteType: 'amount' | 'percent';
  voteAmount: number;
  decideType: 'agree' | 'refuse';
}

export interface Tally {
  agree: number;
  refuse: number;
  /** Voters who have not voted yet (open or waiting their turn). */
  pending: number;
  total: number;
}

export type Decision = 'pass' | 'refuse' | null;

export function needed(rule: VoteRule, total: number): number {
  const need =
    rule.voteType === 'amount'
      ? rule.voteAmount
      : Math.ceil((rule.voteAmount * total) / 100 - 1e-9);
  return Math.max(1, Math.min(need, total));
}

export function decide(rule: VoteRule, tally: Tally): Decision {
  const need = needed(rule, tally.total);
  if (rule.decideType === 'agree') {
    if (tally.agree >= need) return 'pass';
    if (tally.agree + tally.pending < need) return 'refuse';
    return null;
  }
  if (tally.refuse >= need) return 'refuse';
  if (tally.refuse + tally.pending < need) return 'pass';
  return null;
}

/** Counts the tasks of a vote: done ones by their action, live ones as pending. */
export function tallyOf(
  tasks: { state: string; action: string | null }[],
  agreeAction: string,
  refuseAction: string,
): Tally {
  const counted = tasks.filter((task) => task.state !== 'cancelled');
  return {
    agree: counted.filter((task) => task.state === 'done' && task.action === agreeAction).length,
    refuse: counted.filter((task) => task.state === 'done' && task.action === refuseAction).length,
    pending: counted.filter((task) => task.state !== 'done').length,
    total: counted.length,
  };
}
