import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-news-carousel',
  summary:
    'A carousel of the news items that have a picture (rotatingDisplayPictures, loaded through downloadFile), one every 3000 ms (the spec default). It pauses while the pointer or focus is on it, and starts paused when the user prefers reduced motion; previous, next, numbered and pause buttons, and the arrow keys, move it by hand. A picture opens its news item.',
  attributes: {
    interval: { kind: 'number', description: 'Milliseconds between pictures.', default: '3000' },
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A picture asks to open /news/{id}.',
      cancelable: true,
    },
  },
  parts: { carousel: 'The carousel frame' },
  example: '<atrium-news-carousel interval="3000"></atrium-news-carousel>',
} satisfies ElementMeta;
