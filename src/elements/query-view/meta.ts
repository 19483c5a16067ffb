import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-query-view',
  summary:
    'A query view (docs/shell-api.md, "Query views"), found by its query\'s alias and its own: its declared conditions as a filter form, its rows a page at a time from the server with the caller\'s scope, and 导出 Excel, which streams every row under the applied conditions into a workbook whose name carries the row count (at most 100,000 rows; past that the server asks to narrow the conditions).',
  attributes: {
    sqlAlias: { kind: 'string', description: 'The alias of the query behind the view.' },
    alias: { kind: 'string', description: "The view's own alias." },
  },
  events: {},
  methods: {},
  parts: {},
  example: '<atrium-query-view sql-alias="kqyc" alias="kqycmx"></atrium-query-view>',
} satisfies ElementMeta;
