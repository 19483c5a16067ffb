import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-statement-list',
  summary:
    "A merchant's statements of one kind, with the store, month, contract, merchant and brand filters (default window: two months before to one month after the current month), print and invoice actions, batch print, and XLSX/CSV export. Rows are scoped by the server to what the signed-in user may see.",
  attributes: {
    kind: {
      kind: 'string',
      description:
        '`lyfyjsd` joint-operation fee settlement, `yjfytzd` prepayment notices, `zlfymxd` lease fee details, `fkqkd` payment request statements.',
      default: 'lyfyjsd',
    },
    tableHeight: {
      kind: 'number',
      description: 'Table height in px; default: window height − 136.',
    },
  },
  events: {
    'atrium-print-open': {
      detail: '{ url: string }',
      description: 'A print view was opened in a new window.',
    },
  },
  parts: { filters: 'The filter form', toolbar: 'Title, count and buttons', table: 'The table' },
  example: '<atrium-statement-list kind="yjfytzd"></atrium-statement-list>',
} satisfies ElementMeta;
