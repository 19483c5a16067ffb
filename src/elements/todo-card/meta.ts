import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-todo-card',
  summary:
    "The home page's to-do card: a badge with the number of tasks to do, a refresh icon and More (to the full to-do list, /flow/todo), and a table of the newest tasks with the type tag (the status labels of the spec; BACKSHARE shown as SHARE), title, task name, arrival time and initiator. The first load shows 8 rows, a refresh 7 (the spec's constants). A title opens the task by the opening rule: a shared task several leaders may handle asks which leader to approve for, an agent's task viewed by its owner opens read-only, others open /task/{taskId}/0. Inside a home column (`column-alias` set) the column's own header carries More.",
  attributes: {
    tableHeight: {
      kind: 'number',
      description: 'Height of the table in px.',
      default: '380',
    },
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in (its header then has More).',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A task or the full list should open; cancel it to route yourself.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Loads the newest tasks again (7 rows, as the refresh icon does).' },
  parts: {
    header: 'The badge, refresh icon and More',
    badge: 'The number of tasks to do',
    table: 'The task table',
  },
  example: '<atrium-todo-card table-height="380"></atrium-todo-card>',
} satisfies ElementMeta;
