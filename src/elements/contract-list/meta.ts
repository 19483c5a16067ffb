import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-contract-list',
  summary:
    'Contract/statement print list: store, month range (default twelve months back to now), contract, merchant and brand filters. The add button and the edit link are offered only to the contract-management and store roles; others open the read-only form.',
  attributes: {
    contract: {
      kind: 'string',
      description:
        'A contract number to find at once (the contract filter, within the default months).',
    },
    tableHeight: {
      kind: 'number',
      description: 'Table height in px; default: window height − 136.',
    },
  },
  events: {
    'atrium-form-open': {
      detail: '{ url: string, mode: "add" | "edit" | "get" }',
      description: 'A contract form was opened in a new window.',
    },
  },
  parts: { filters: 'The filter form', toolbar: 'Title, count and buttons', table: 'The table' },
  example: '<atrium-contract-list></atrium-contract-list>',
} satisfies ElementMeta;
