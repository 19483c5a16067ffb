import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-home',
  summary:
    "The home dashboard: the marquee of enterprise notices, the grid of columns from the user's home layout (each column's widget decided from its configuration: colType, chart type, dataMode; configs fetched in one batched request; widgets built by other elements plug in by tag name; a column whose data fails shows the error in red), the pop-up tip list (count, collapse, close; opens as a tab, a new window or a dialog; once closed it stays closed, across reloads, until a tip arrives that it has not shown), form reminders, the holiday and birthday overlay once per session, then the guided tour when the server says it is due.",
  attributes: {
    previewAlias: {
      kind: 'string',
      description:
        'Shows only this column (by getColumnByAlias), even to a user without display rights: the /column/preview/{alias} page.',
    },
    tour: {
      kind: 'boolean',
      description:
        "Starts the guided tour once the dashboard is drawn (the user asked for it elsewhere: the top bar's guide button on another page).",
    },
  },
  events: {
    'atrium-navigate': {
      detail: '{ path: string }',
      description: 'A column, tip or reminder should open; cancel it to route yourself.',
      cancelable: true,
    },
    'atrium-tour-end': {
      detail: "{ outcome: 'complete' | 'exit' }",
      description: 'The guided tour was finished or skipped.',
    },
  },
  parts: {
    marquee: 'The notice marquee',
    grid: 'The column grid',
    tips: 'The pop-up tip list',
    overlay: 'The holiday overlay',
    tour: 'The guided tour',
  },
  example: '<atrium-home></atrium-home>',
} satisfies ElementMeta;
