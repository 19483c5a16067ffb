/**
 * Who a node goes to, written in the `atrium:assignee` (and `atrium:copyTo`) attribute as a
 * comma-separated list of sources:
 *   user:<account>     one person
 *   role:<code>        everyone holding the role
 *   starter            the applicant (the leader when a secretary started it for them)
 *   starterLeader      the leader of the applicant's start org (of its parent org when the
 *                      applicant leads it)
 *   field:<name>       the users named in a form field of type user (ids or accounts)
 */
export type AssigneeSource =
  | { kind: 'user'; account: string }
  | { kind: 'role'; code: string }
  | { kind: 'starter' }
  | { kind: 'starterLeader' }
  | { kind: 'field'; name: string };

export function parseAssignees(text: string): AssigneeSource[] | string {
  const sources: AssigneeSource[] = [];
  for (const part of text.split(',').map((item) => item.trim())) {
    if (part === '') continue;
    const colon = part.indexOf(':');
    const kind = colon === -1 ? part : part.slice(0, colon);
    const arg = colon === -1 ? '' : part.slice(colon + 1).trim();
    if (kind === 'starter' && !arg) sources.push({ kind: 'starter' });
    else if (kind === 'starterLeader' && !arg) sources.push({ kind: 'starterLeader' });
    else if (kind === 'user' && arg) sources.push({ kind: 'user', account: arg });
    else if (kind === 'role' && arg) sources.push({ kind: 'role', code: arg });
    else if (kind === 'field' && arg) sources.push({ kind: 'field', name: arg });
    else return part;
  }
  return sources;
}
