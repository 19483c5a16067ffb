import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-mail',
  summary:
    "The signed-in user's mail: a mailbox tree per mail account (inbox, sent, drafts, deleted) with unread counts, a paged message list with unread marks and search, a reader (HTML sanitised with DOMPurify in a sandboxed iframe; remote images blocked until allowed) and a composer (contacts and portal users suggested, attachments with upload progress, rich text; reply, reply all, forward, drafts). Deleting from Deleted is final. Syncs on demand and every few minutes. Without a mail account it says how to add one.",
  attributes: {
    mailId: { kind: 'string', description: 'Opens this mail (read) or this draft (action edit).' },
    action: { kind: 'string', description: 'add: opens the composer; edit: the draft mail-id.' },
    folder: {
      kind: 'string',
      description: 'Folder shown first: inbox, sent, drafts or deleted.',
      default: 'inbox',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'The mail settings should open (no account yet); cancel it to route yourself.',
      cancelable: true,
    },
  },
  parts: {
    tree: 'The mailbox tree',
    list: 'The message list',
    reader: 'The mail being read',
    composer: 'The composer',
  },
  example: '<atrium-mail folder="inbox"></atrium-mail>',
} satisfies ElementMeta;
