import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-task',
  summary:
    "The task page: the flow's form (inputs where the node may change a field, checked with the form's rule strings; plain values elsewhere), the node's buttons in the spec's order (startTrans, lockUnlock, endProcess, saveDraft at the end; no lockUnlock or inquiry while adding a signature), an opinion box with the approval phrases and opinion files, the approval history and the flow chart. Every action of the runtime service has its button: agree, oppose, abstain, return to the previous node, to the applicant or to a chosen node (with the direct way back), delegate, circulate with vote settings, inquiry and its reply, communication and its reply, carbon copy, custom signing in sequence or in parallel, add-sign, claim and release (已签收 / 已取消签收), end (终止成功), save, due-time extension. Successes show the server's message for 1.5 s, failures the server's reason. With `leader-id` (not 0) the page acts for that leader: every request carries leaderId. Without `task-id` it shows an instance read-only (`inst-id`, `mode`): the applicant may withdraw, urge and end it, anyone may follow its steps, an agent task's owner may take it back (`mode=agent`), a carbon copy is marked read and may be answered.",
  attributes: {
    taskId: { kind: 'string', description: 'The task to show.' },
    leaderId: {
      kind: 'string',
      description:
        'The leader acted for (a secretary, or the identity picked for a shared task); 0 for nobody.',
      default: '0',
    },
    instId: { kind: 'string', description: 'Without task-id: the instance to show read-only.' },
    mode: {
      kind: 'string',
      description:
        "Read-only views: read (default), agent (the owner of an agent task), todoRead / doneRead / myRead (a notice, with notice-id), done. form: the instance form alone; formEdit: the form with the fields the caller's open task may change, saved without acting.",
    },
    noticeId: { kind: 'string', description: 'The carbon copy or follow notice being read.' },
    readonly: { kind: 'boolean', description: 'Shows the task without its buttons (/taskRead).' },
  },
  events: {
    'atrium-task-done': {
      detail: '{ taskId: string, action: string }',
      description:
        'An action finished the task; by default the page then goes to the to-do list (cancel to stay).',
      cancelable: true,
    },
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'Another page should open; cancel it to route yourself.',
      cancelable: true,
    },
  },
  parts: {
    summary: 'Subject, flow, applicant, node and due time',
    actions: 'The buttons',
    form: 'The form',
    opinion: 'The opinion box',
    history: 'The approval history',
    diagram: 'The flow chart',
  },
  example: '<atrium-task task-id="1700000025000000010" leader-id="0"></atrium-task>',
} satisfies ElementMeta;
