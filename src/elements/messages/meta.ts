import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-messages',
  summary:
    "The caller's message list, newest first: the workflow engine's reminders (urging, due times, incidents; runtime/message/v1/myList) and news items, each with its read mark (a red dot and bold until read). Above the list, a counter of everything unread (未读：N 条; every unread reminder, `unread` of myList, and every unread news item, `isReadNews`), not only the ten shown; it goes when nothing is unread. Opening one records the read mark (POST /message/SaveNewsItem) and opens the task, instance or news item.",
  attributes: {
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A message asks to open its task, instance or news item.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Loads the messages again.' },
  parts: { list: 'The message rows' },
  example: '<atrium-messages></atrium-messages>',
} satisfies ElementMeta;
