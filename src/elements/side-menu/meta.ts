import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-side-menu',
  summary:
    "The portal's 64 px side menu: the signed-in user's own items from the server (home, application, items, announcements, attendance, workbench, settings, contacts — or a merchant's statements, sales, contracts and notices), an unread dot on contacts, and the items that do not fit collapsed under \"more\".",
  attributes: {
    active: {
      kind: 'string',
      description: 'Current path, to highlight its item (the host sets it on navigation).',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'An item was chosen; cancel it to route yourself.',
      cancelable: true,
    },
  },
  parts: { item: 'A menu item', more: 'The "more" button and its list' },
  example: '<atrium-side-menu active="/home"></atrium-side-menu>',
} satisfies ElementMeta;
