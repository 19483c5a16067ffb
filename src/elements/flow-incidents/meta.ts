import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-flow-incidents',
  summary:
    "Flow incidents, for administrators: timer jobs that failed for good (an approver who resolves to nobody, a condition no branch meets) and flows left running with nothing that can move them. Each row shows the flow, the node, the error in the reader's language and the attempts; Retry runs the job again (or gives a stalled node its tasks again), Cancel drops a reminder or ends a flow that cannot go on, with a reason its applicant is told. Other users see the server's refusal.",
  attributes: {
    state: {
      kind: 'string',
      description: 'open (default) or resolved: which incidents to list.',
      default: 'open',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: "An incident's flow should open (/inst/{instId}); cancel it to route yourself.",
      cancelable: true,
    },
  },
  parts: { table: 'The incidents', pager: 'Paging', dialog: 'The cancel form' },
  example: '<atrium-flow-incidents></atrium-flow-incidents>',
} satisfies ElementMeta;
