import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-news-viewer',
  summary:
    'News viewer and generic link-opening page. With `news-id`: title, drafter and create time, then the sanitised content or the embedded url page at its pageHeight, then the attached files (download or preview: images, PDF drawn with pdf.js, text, audio, video); a signed-in reader gets a read mark. With `src`: that page embedded. With `file-id`: that file shown in place (PDF with pdf.js, images, text, audio, video; office files in the document-preview service when one is configured); other types download with a notice. The first of `news-id`, `src`, `file-id` that is set wins.',
  attributes: {
    newsId: { kind: 'string', description: 'The news item or announcement to show.' },
    src: {
      kind: 'string',
      description:
        'A page to embed (http or https; a path is taken on the Atrium server), as on /iframeSrc/{iframeSrc}/{fileId}.',
    },
    fileId: { kind: 'string', description: 'A file to show embedded, as on /pdf/{src}/{fileId}.' },
    height: {
      kind: 'number',
      description: 'Height in px of an embedded page or file.',
      default: '80 % of the window',
    },
  },
  events: {
    'atrium-news-open': {
      detail: '{ id: string, title: string }',
      description: 'The news item was loaded and shown.',
    },
  },
  parts: {
    item: 'The news item',
    content: 'The item text',
    attachments: 'The attached files',
    frame: 'The embedded page',
    file: 'The embedded file',
  },
  example: '<atrium-news-viewer news-id="1700000006000000001"></atrium-news-viewer>',
} satisfies ElementMeta;
