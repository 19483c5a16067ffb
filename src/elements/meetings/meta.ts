import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-meetings',
  summary:
    'The caller\'s meetings (subject hymc and start time kssj), start time descending: today\'s, 3 rows, on the home card (今日会议), or all of them in the paged list of /meetingList/0 (`mode="list"`, 10 a page). A row opens the meeting\'s own page, /meeting/{id} (`mode="detail"`).',
  attributes: {
    mode: {
      kind: 'string',
      description:
        "`card` (today's meetings, 3 rows, the default), `list` (all, paged), or `detail`: the meeting `meeting-id` (time, room, organiser, attendees, a link to the request it reviews).",
    },
    meetingId: { kind: 'string', description: 'With `mode="detail"`: the meeting shown.' },
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description:
        'A meeting row asks to open /meeting/{id} (a page asks for /inst/{instId}); cancel it to route yourself.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Loads the meetings again.' },
  parts: { list: 'The meeting rows', pager: 'The pager of the list mode' },
  example: '<atrium-meetings></atrium-meetings>',
} satisfies ElementMeta;
