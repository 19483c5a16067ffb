import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-news',
  summary:
    'Announcement list and reader: title, drafter and time, then the content or the embedded page at its height; attachments download or preview (images, PDF drawn with pdf.js, text, audio and video; office files through the document-preview service when one is configured; other types download with a notice).',
  attributes: {
    classifyId: { kind: 'string', description: 'News class to list.', default: 'all' },
    type: { kind: 'string', description: '`announcement` or `news`; empty lists both.' },
    itemId: { kind: 'string', description: 'Open this item directly.' },
    limit: { kind: 'number', description: 'How many items to list.', default: '20' },
  },
  events: {
    'atrium-news-open': {
      detail: '{ id: string, title: string }',
      description: 'An item was opened.',
    },
  },
  parts: {
    list: 'The list',
    item: 'The opened item',
    content: 'The item text',
    attachments: 'The attached files',
  },
  example: '<atrium-news type="announcement" limit="10"></atrium-news>',
} satisfies ElementMeta;
