import type { ElementMeta } from '../../ui/element/meta';

export const meta: ElementMeta = {
  tag: 'atrium-meetings',
  summary:
    'The caller\'s meetings (subject hymc and start time kssj), start time descending: 3 rows on the home card, or the paged list of /meetingList/0 (`mode="list"`, 10 a page). A row opens its workflow task, /task/{taskId}.',
  attributes: {
    mode: { kind: 'string', description: '`card` (3 rows, the default) or `list` (paged).' },
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A meeting row asks to open /task/{taskId}; cancel it to route yourself.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Loads the meetings again.' },
  parts: { list: 'The meeting rows', pager: 'The pager of the list mode' },
  example: '<atrium-meetings></atrium-meetings>',
};
