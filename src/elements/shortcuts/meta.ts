import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-shortcuts',
  summary:
    "The quick system-entry bar (getYykjrk): each entry's name (yymc) with its first icon (tb, loaded through downloadFile). An internal link (nwyylj) opens inside the portal, an external one (yylj) in a new window.",
  attributes: {
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'An internal entry asks to open its route.',
      cancelable: true,
    },
  },
  parts: { bar: 'The list of entries' },
  example: '<atrium-shortcuts></atrium-shortcuts>',
} satisfies ElementMeta;
