/** The fields of a done row the revoke rule reads. */
export interface DoneRow {
  /** The instance id (done rows are keyed by instance). */
  id: string;
  taskKey: string;
  status: string;
  opinionStatus: string;
}

/**
 * The revocable-row rule (spec/workflow-office.md section 4): a done row is revocable only
 * when (its instance is running and its opinion is agree) or its opinion is inqu, and no
 * earlier row with the same instance and taskKey is already revocable. Rows are taken in
 * list order (newest first), so only the newest of several actions on one node can be
 * taken back. Answers one flag per row, in order.
 */
export function revokeFlags(rows: readonly DoneRow[]): boolean[] {
  const taken = new Set<string>();
  return rows.map((row) => {
    const candidate =
      (row.status === 'running' && row.opinionStatus === 'agree') || row.opinionStatus === 'inqu';
    const key = `${row.id}\u0000${row.taskKey}`;
    if (!candidate || taken.has(key)) return false;
    taken.add(key);
    return true;
  });
}

/**
 * The flag to show: the server's `revoke` when it sent one (it computes it over all the
 * user's rows, not just this page), else the rule over the rows at hand.
 */
export function withRevokeFlags<R extends DoneRow & { revoke?: unknown }>(
  rows: readonly R[],
): (R & { revoke: boolean })[] {
  const computed = revokeFlags(rows);
  return rows.map((row, index) => ({
    ...row,
    revoke: typeof row.revoke === 'boolean' ? row.revoke : computed[index]!,
  }));
}
