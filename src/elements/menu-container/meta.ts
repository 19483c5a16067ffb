import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-menu-container',
  summary:
    "An area of the portal with its second-level menu (spec/workflow-office.md 2.1): the signed-in user's items of a menu alias from the server, sub-menus one open at a time, the first item chosen when none is, a collapse toggle, external addresses embedded, PDF files previewed in the 80 %-wide dialog. The page of the chosen item goes in the default slot. Without leaders to serve, the flow area has no leader to-do.",
  attributes: {
    menuAlias: {
      kind: 'string',
      description: 'The menu alias whose children form the menu (v-flow, v-personal, v-news, ...).',
    },
    active: {
      kind: 'string',
      description: 'Current path, to mark its item (the host sets it on navigation).',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string, replace?: boolean }',
      description:
        'An item was chosen (replace: chosen automatically, the history entry should be replaced); cancel it to route yourself.',
      cancelable: true,
    },
  },
  slots: { '': 'The page of the current item.' },
  parts: {
    menu: 'The second-level menu',
    content: 'The area around the page',
    toggle: 'The collapse toggle',
  },
  example: `<atrium-menu-container menu-alias="v-flow" active="/v-flow/v-todo">
  <atrium-task-list kind="todo"></atrium-task-list>
</atrium-menu-container>`,
} satisfies ElementMeta;
