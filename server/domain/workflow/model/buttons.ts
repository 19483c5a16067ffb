import type { NodeType } from './graph';

/** Every button alias a node may allow (reference/platform-api.md section 3, "Buttons"). */
export const buttonAliases = [
  'agree',
  'oppose',
  'abandon',
  'reject',
  'backToStart',
  'rejectToAnyNode',
  'delegate',
  'startTrans',
  'inqu',
  'commu',
  'addSign',
  'customSign',
  'copyTo',
  'endProcess',
  'lockUnlock',
  'saveDraft',
  'flowImage',
  'approvalHistory',
  'print',
  'taskDelay',
  'agreeTrans',
  'opposeTrans',
  'inquReply',
  'commuReply',
] as const;
export type ButtonAlias = (typeof buttonAliases)[number];

/** What an approver node offers unless its atrium:buttons says otherwise. */
export const defaultButtons: Record<'USERTASK' | 'SIGNTASK', ButtonAlias[]> = {
  USERTASK: [
    'agree',
    'oppose',
    'reject',
    'backToStart',
    'rejectToAnyNode',
    'delegate',
    'startTrans',
    'inqu',
    'commu',
    'addSign',
    'customSign',
    'copyTo',
    'lockUnlock',
    'endProcess',
    'saveDraft',
    'flowImage',
    'approvalHistory',
    'taskDelay',
  ],
  SIGNTASK: [
    'agree',
    'oppose',
    'abandon',
    'reject',
    'backToStart',
    'rejectToAnyNode',
    'delegate',
    'inqu',
    'commu',
    'addSign',
    'endProcess',
    'flowImage',
    'approvalHistory',
  ],
};

/** The start node after a return: the applicant resubmits, ends or saves. */
export const startNodeButtons: ButtonAlias[] = ['agree', 'endProcess', 'saveDraft', 'flowImage'];

/** Buttons of tasks that hang off another task. */
export const childButtons: Record<string, ButtonAlias[]> = {
  addsign: ['agree', 'oppose', 'inqu', 'lockUnlock', 'flowImage', 'approvalHistory'],
  customsign: ['agree', 'oppose', 'flowImage', 'approvalHistory'],
  trans: ['agreeTrans', 'opposeTrans', 'flowImage', 'approvalHistory'],
  inqu: ['inquReply', 'flowImage', 'approvalHistory'],
  commu: ['commuReply', 'flowImage', 'approvalHistory'],
};

const movedToEnd: ButtonAlias[] = ['startTrans', 'lockUnlock', 'endProcess', 'saveDraft'];

/**
 * The order of spec/workflow-office.md section 4: startTrans, lockUnlock, endProcess and
 * saveDraft go to the end in that order; while adding a signature (an add-sign task)
 * lockUnlock is not shown and inqu is removed.
 */
export function orderButtons(allowed: ButtonAlias[], addingSignature: boolean): ButtonAlias[] {
  const dropped = new Set<ButtonAlias>(addingSignature ? ['lockUnlock', 'inqu'] : []);
  const kept = allowed.filter((alias) => !movedToEnd.includes(alias) && !dropped.has(alias));
  const tail = movedToEnd.filter((alias) => allowed.includes(alias) && !dropped.has(alias));
  return [...kept, ...tail];
}

export function isTaskNodeType(type: NodeType): type is 'USERTASK' | 'SIGNTASK' {
  return type === 'USERTASK' || type === 'SIGNTASK';
}
