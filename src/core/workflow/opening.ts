/** The fields of a to-do row the opening rule reads (DefaultBpmTask). */
export interface OpenableTask {
  id: string;
  taskId?: string;
  status: string;
  procInstId: string;
  ownerId?: string | null;
  assigneeId?: string | null;
  identityList?: { id: string; name: string }[] | null;
}

export type Opening =
  /** Several leaders could act: the user picks one, then the task opens as that leader. */
  | { kind: 'pick'; identities: { id: string; name: string }[] }
  | { kind: 'open'; path: string; readOnly: boolean };

/** The task page for an identity; the viewer's own id is identity 0 (acting for nobody). */
export function taskPath(taskId: string, identityId: string, viewerId: string): string {
  const identity = identityId && identityId !== viewerId ? identityId : '0';
  return `/task/${encodeURIComponent(taskId)}/${encodeURIComponent(identity)}`;
}

const isShared = (status: string) => status === 'SHARE' || status === 'BACKSHARE';

/**
 * Opening a to-do (spec/workflow-office.md section 4):
 * - SHARE or BACKSHARE with several identities: pick a leader to approve on behalf of;
 * - only one identity: use it;
 * - an AGENT task whose owner differs from its assignee, viewed by the owner: the read-only
 *   instance in agent mode;
 * - anything else: the task with identity 0.
 * In the leader to-do (`onBehalf`), every row is a leader's task: the identity rule then
 * holds whatever the status, or a secretary would open a leader's task as themselves.
 */
export function openingOf(
  row: OpenableTask,
  viewerId: string,
  options: { onBehalf?: boolean } = {},
): Opening {
  const taskId = row.taskId || row.id;
  const identities = row.identityList ?? [];
  if (isShared(row.status) || options.onBehalf) {
    if (identities.length > 1) return { kind: 'pick', identities };
    if (identities.length === 1)
      return { kind: 'open', path: taskPath(taskId, identities[0]!.id, viewerId), readOnly: false };
  }
  if (
    row.status === 'AGENT' &&
    row.ownerId &&
    row.ownerId !== row.assigneeId &&
    row.ownerId === viewerId
  ) {
    return {
      kind: 'open',
      path: `/instRead/${encodeURIComponent(row.procInstId)}/agent`,
      readOnly: true,
    };
  }
  return { kind: 'open', path: taskPath(taskId, '0', viewerId), readOnly: false };
}
