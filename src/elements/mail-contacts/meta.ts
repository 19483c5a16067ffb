import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-mail-contacts',
  summary:
    "The signed-in user's mail contacts: a paged, searchable list (name, address, mails sent, last sent) with add, edit, view and delete. Contacts are also learnt from the mail the user sends.",
  attributes: {
    action: { kind: 'string', description: 'add, edit or view: opens that form on arrival.' },
    itemId: { kind: 'string', description: 'The contact to edit or view.' },
  },
  events: {},
  parts: { table: 'The contacts', dialog: 'The form' },
  example: '<atrium-mail-contacts></atrium-mail-contacts>',
} satisfies ElementMeta;
