import type { ElementMeta } from '../../ui/element/meta';

export const meta = {
  tag: 'atrium-chart-column',
  summary:
    "A custom chart (customChart get/{id}) as a home column or on its own: the condition area from the chart's conditionfield (EQ, BETWEEN with a date range, GE, LE, LK, IN; empty values ignored) with query and reset, a chart tab drawn by Apache ECharts (style 1 line, 2 bar, 3 pie; a zoom slider when a line or bar chart has more than 20 rows; it follows its box's size) and a data tab with the rows in a table and a pager (10/20/50/100). The data tab exports as Excel or CSV (written by the server, every row under the conditions), the chart as a PNG picture. ECharts (only the chart types and components used) is fetched when the first chart draws, never with the shared bundle. The rows come from a named query on the server, limited to what the signed-in user may see.",
  attributes: {
    chartId: {
      kind: 'string',
      description: 'The id of the custom chart.',
    },
    tableHeight: {
      kind: 'number',
      description: 'Height of the chart and the table in px.',
      default: '300',
    },
    columnAlias: {
      kind: 'string',
      description: 'Set by the home grid: the column it is shown in.',
    },
  },
  parts: {
    conditions: 'The condition area',
    tabs: 'The chart and data tabs',
    chart: 'The chart canvas (data-zoom says whether the zoom slider shows)',
    pager: 'The data pager',
  },
  cssProperties: { '--atrium-chart-height': 'Height of the chart (default 300px)' },
  example: '<atrium-chart-column chart-id="1700000080000000001"></atrium-chart-column>',
} satisfies ElementMeta;
