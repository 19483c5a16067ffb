import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-sales-query',
  summary:
    'Brand monthly sales with a summary row: store, date range (default one month back to today), contract and brand filters; a row opens the brand daily sales detail in a 50%-wide drawer. Exports to XLSX and CSV.',
  attributes: {
    tableHeight: {
      kind: 'number',
      description: 'Table height in px; default: window height − 136.',
    },
  },
  events: {
    'atrium-row-open': {
      detail: '{ id: string, contract: string, brand: string }',
      description: 'The daily detail of a row was opened.',
    },
  },
  parts: {
    filters: 'The filter form',
    toolbar: 'Title, count and buttons',
    table: 'The table',
    drawer: 'The daily detail drawer',
  },
  example: '<atrium-sales-query></atrium-sales-query>',
} satisfies ElementMeta;
