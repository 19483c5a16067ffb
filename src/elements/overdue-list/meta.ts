import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-overdue-list',
  summary:
    'Merchant overdue (dunning) notices, newest cut-off date first: store, contract, brand and merchant filters; a row prints that notice, the batch button prints every row shown. Shows who viewed each notice and when.',
  attributes: {
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
  example: '<atrium-overdue-list></atrium-overdue-list>',
} satisfies ElementMeta;
