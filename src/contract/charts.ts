import { Type, type Static } from 'typebox';
import { commonResult } from './envelope';
import { defineCalls } from './call';

/**
 * Custom charts (docs/charts.md) under {form}/form/customChart/v1: the definition, a page of
 * its rows and its ECharts data. The export answers a file and stays a plain route; its body
 * reads the conditions and sort declared here.
 */
const base = '/form/customChart/v1';

export const chartId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });
const scalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]);

/** The conditions sent (the platform's QueryField); BETWEEN takes [from, to]. */
export const chartQuerys = Type.Array(
  Type.Object({
    property: Type.String({ minLength: 1, maxLength: 64 }),
    value: Type.Optional(Type.Union([scalar, Type.Array(scalar, { maxItems: 50 })])),
    operation: Type.Optional(Type.String({ maxLength: 16 })),
    relation: Type.Optional(Type.String({ maxLength: 8 })),
    group: Type.Optional(Type.String({ maxLength: 32 })),
  }),
  { maxItems: 20 },
);

export const chartSorter = Type.Array(
  Type.Object({
    property: Type.String({ minLength: 1, maxLength: 64 }),
    direction: Type.Optional(Type.String({ maxLength: 4 })),
  }),
  { maxItems: 5 },
);

const dataBody = Type.Object({
  id: chartId,
  pageBean: Type.Optional(
    Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
      // The page sizes the route takes (10, 20, 50, 100) are checked there, in words.
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      showTotal: Type.Optional(Type.Boolean()),
    }),
  ),
  querys: Type.Optional(chartQuerys),
  sorter: Type.Optional(chartSorter),
});

// Spelled out, not mapped from a list: a mapped list types every entry as never.
const conditionCode = Type.Union([
  Type.Literal('EQ'),
  Type.Literal('BETWEEN'),
  Type.Literal('GE'),
  Type.Literal('LE'),
  Type.Literal('LK'),
  Type.Literal('IN'),
]);

export type ConditionCode = Static<typeof conditionCode>;

const labelled = { field: Type.String(), comment: Type.String() };

const conditionField = Type.Object({
  ...labelled,
  dbType: Type.Union([
    Type.Literal('varchar'),
    Type.Literal('number'),
    Type.Literal('date'),
    Type.Literal('month'),
  ]),
  condition: conditionCode,
  defaultType: Type.String(),
  defaultValue: Type.String(),
  /** A text IN condition's values among the caller's rows, to pick from. */
  choices: Type.Optional(Type.Array(Type.String())),
});

export type ConditionField = Static<typeof conditionField>;

const chart = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** 1 line, 2 bar, 3 pie. */
  style: Type.Integer(),
  conditionfield: Type.Array(conditionField),
  displayfield: Type.Array(Type.Object(labelled)),
  xaxisField: Type.String(),
  sortfield: Type.Array(Type.Object({ field: Type.String(), direction: Type.String() })),
  conf: Type.Object({ seriesField: Type.Optional(Type.String()) }),
});

export type CustomChart = Static<typeof chart>;

const chartRow = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Number(), Type.Null()]),
);

export type ChartRow = Static<typeof chartRow>;

const chartPage = Type.Object({
  rows: Type.Array(chartRow),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export type ChartPage = Static<typeof chartPage>;

const echartData = Type.Object({
  style: Type.Integer(),
  rows: Type.Integer(),
  legend: Type.Array(Type.String()),
  xAxis: Type.Array(Type.String()),
  series: Type.Array(
    Type.Object({
      name: Type.String(),
      data: Type.Array(
        Type.Union([Type.Number(), Type.Object({ name: Type.String(), value: Type.Number() })]),
      ),
    }),
  ),
});

export type EchartData = Static<typeof echartData>;

export const chartCalls = defineCalls({
  get: {
    method: 'GET',
    path: `${base}/get/:id`,
    schema: {
      summary: 'A custom chart: style, condition, display, x-axis and sort fields',
      params: Type.Object({ id: chartId }),
      response: { 200: chart },
    },
  },
  data: {
    method: 'POST',
    path: `${base}/getChartData`,
    schema: {
      summary: "A page of a chart's rows under conditions (pageBean, querys, sorter)",
      body: dataBody,
      response: { 200: chartPage },
    },
  },
  echart: {
    method: 'POST',
    path: `${base}/getEchartData`,
    schema: {
      summary: "A chart's rows as ECharts takes them (legend, xAxis, series), under conditions",
      body: Type.Omit(dataBody, ['pageBean']),
      response: { 200: commonResult(echartData) },
    },
  },
});
