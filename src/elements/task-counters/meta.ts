import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-task-counters',
  summary:
    "The home page's quick entries: how many tasks to do, done, requests, drafts and unread mails (myEmail) the user has (getDefaultInfoMap), each with a dot badge when it is not 0, opening /fvue/v-flow/v-{product}Todo?curr=todo, /fvue/v-flow/v-{product}Done, /fvue/v-flow/v-request, /fvue/v-flow/v-draft and /fvue/v-mail/mailList.",
  attributes: {
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'An entry should open; cancel it to route yourself.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Counts again.' },
  parts: { entry: 'One quick entry (data-counter: todo, done, request, draft)' },
  example: '<atrium-task-counters></atrium-task-counters>',
} satisfies ElementMeta;
