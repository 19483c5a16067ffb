/**
 * To-do statuses and their labels (spec/workflow-office.md section 4). BACKSHARE is shown
 * like SHARE; anything else the server may send is labelled "other", never left blank.
 */
export const todoStatuses = [
  'NORMAL',
  'TRANSFORMED',
  'TRANSFORMEDINQU',
  'DELIVERTO',
  'COPYTO',
  'FOLLOW',
  'COMMU',
  'BACK',
  'ADDSIGN',
  'SHARE',
  'AGENT',
  'SIGNSEQUENCEED',
  'SIGNLINEED',
] as const;

export type TodoStatus = (typeof todoStatuses)[number] | 'BACKSHARE';

/** The message key of a to-do status label. */
export function statusLabelKey(status: string | null | undefined): string {
  const normalised = status === 'BACKSHARE' ? 'SHARE' : status;
  return (todoStatuses as readonly string[]).includes(normalised ?? '')
    ? `workflow:status.${normalised}`
    : 'workflow:status.other';
}

/** Colour family of a status tag: returns and shared tasks stand out from plain to-dos. */
export function statusTone(status: string | null | undefined): 'normal' | 'warn' | 'info' {
  if (status === 'BACK' || status === 'BACKSHARE') return 'warn';
  if (status === 'NORMAL' || !status) return 'normal';
  return 'info';
}

export const instanceStatuses = ['running', 'end', 'manualend', 'revoke'] as const;

/** The message key of an instance status (running, end, manualend, revoke). */
export function instanceStatusKey(status: string | null | undefined): string {
  return (instanceStatuses as readonly string[]).includes(status ?? '')
    ? `workflow:instStatus.${status}`
    : 'workflow:instStatus.other';
}

/**
 * What a finished request came to: an instance that ended normally says whether it was
 * approved (the flow reached its end) or refused (a countersign voted it down); other
 * statuses keep their own label (issue 13, item 7).
 */
export function instanceOutcomeKey(
  status: string | null | undefined,
  result: string | null | undefined,
): string {
  if (status === 'end' && (result === 'agree' || result === 'refuse'))
    return `workflow:instStatus.${result === 'agree' ? 'approved' : 'refused'}`;
  return instanceStatusKey(status);
}

/** Actions a done row or a history row can carry; others are shown as the server names them. */
export const opinionActions = [
  'start',
  'agree',
  'oppose',
  'abandon',
  'reject',
  'backToStart',
  'rejectToAnyNode',
  'delegate',
  'agreeTrans',
  'opposeTrans',
  'inqu',
  'commu',
  'endProcess',
] as const;

/** The message key of an opinion status, or undefined when only the server can name it. */
export function opinionLabelKey(action: string | null | undefined): string | undefined {
  return (opinionActions as readonly string[]).includes(action ?? '')
    ? `workflow:opinion.${action}`
    : undefined;
}
