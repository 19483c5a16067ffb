import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-task-list',
  summary:
    "A workflow list with server paging and a search box (the platform's QueryFilter: the text matched with LIKE against the title and flow name, or for flows against name and key). `kind`: todo (to-do), leader (the to-do of the leaders one is secretary of), myDelegate (tasks one delegated or that an agent holds), todoRead / doneRead / myRead (carbon copies and follow notices to read, read, and sent), done (one row per action, with the revoke flag and a withdraw action where the revocable-row rule allows), request (my requests, withdrawable while no approver acted), draft (continue editing in the start form, or delete: 删除成功), newProcess (the flows one may start, by category, with the choice of starting for a leader). Tasks open by the spec's opening rule.",
  attributes: {
    kind: {
      kind: 'string',
      description:
        'todo, leader, myDelegate, todoRead, doneRead, myRead, done, request, draft or newProcess.',
      default: 'todo',
    },
    defKey: { kind: 'string', description: 'Only rows of this flow (the /{defKey} routes).' },
    orgId: { kind: 'string', description: "Leader to-do: only this department's tasks." },
    orgName: { kind: 'string', description: 'Leader to-do: the name of that department.' },
    pageSize: {
      kind: 'number',
      description: 'Rows asked for per request as the list scrolls (at most 500).',
      default: '50',
    },
    tableHeight: { kind: 'number', description: 'Height of the table in px.', default: '436' },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description:
        'A task, instance, draft or start form should open; cancel it to route yourself.',
      cancelable: true,
    },
  },
  methods: { refresh: 'Loads the current page again.' },
  parts: {
    toolbar: 'The search box and filters',
    table: 'The list',
    pager: 'Previous and next page with the total',
  },
  example: '<atrium-task-list kind="done" page-size="20"></atrium-task-list>',
} satisfies ElementMeta;
