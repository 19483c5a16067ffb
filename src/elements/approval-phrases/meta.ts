import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-approval-phrases',
  summary:
    "The user's approval phrases (常用语) offered in the opinion box: the system phrases (read-only here) and their own, which they add, edit (text, flow, order) and delete. `action` opens the add form (add) or a phrase (edit, get with `item-id`) on arrival, as the /v-personal/approvalItem/{action}/{id} routes do.",
  attributes: {
    action: { kind: 'string', description: 'add, edit or get: opens that form on arrival.' },
    itemId: { kind: 'string', description: 'The phrase to edit or show.' },
  },
  parts: { table: 'The phrases', dialog: 'The add and edit form' },
  example: '<atrium-approval-phrases></atrium-approval-phrases>',
} satisfies ElementMeta;
