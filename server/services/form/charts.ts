import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { loadChart, publicChart } from '../../domain/charts/definitions';
import { chartPage, chartRows, conditionChoices, toEchart } from '../../domain/charts/run';
import { csvStream, xlsxStream, type ExportSheet } from '../../domain/finance/export';
import { enforceLimits } from '../../domain/rate-limit';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { commonResult, ok } from '../schemas';

const id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });
const scalar = Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Null()]);
const querys = Type.Array(
  Type.Object({
    property: Type.String({ minLength: 1, maxLength: 64 }),
    value: Type.Optional(Type.Union([scalar, Type.Array(scalar, { maxItems: 50 })])),
    operation: Type.Optional(Type.String({ maxLength: 16 })),
    relation: Type.Optional(Type.String({ maxLength: 8 })),
    group: Type.Optional(Type.String({ maxLength: 32 })),
  }),
  { maxItems: 20 },
);
const sorter = Type.Array(
  Type.Object({
    property: Type.String({ minLength: 1, maxLength: 64 }),
    direction: Type.Optional(Type.String({ maxLength: 4 })),
  }),
  { maxItems: 5 },
);
const pageSizes = [10, 20, 50, 100];

const dataBody = Type.Object({
  id,
  pageBean: Type.Optional(
    Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
      showTotal: Type.Optional(Type.Boolean()),
    }),
  ),
  querys: Type.Optional(querys),
  sorter: Type.Optional(sorter),
});

const exportBody = Type.Object({
  id,
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  querys: Type.Optional(querys),
  sorter: Type.Optional(sorter),
});

const labelled = { field: Type.String(), comment: Type.String() };
const chartSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  style: Type.Integer(),
  conditionfield: Type.Array(
    Type.Object({
      ...labelled,
      dbType: Type.String(),
      // Spelled out, not mapped from conditionCodes: a mapped list types every entry as never.
      condition: Type.Union([
        Type.Literal('EQ'),
        Type.Literal('BETWEEN'),
        Type.Literal('GE'),
        Type.Literal('LE'),
        Type.Literal('LK'),
        Type.Literal('IN'),
      ]),
      defaultType: Type.String(),
      defaultValue: Type.String(),
      /** A text IN condition's values among the caller's rows, to pick from. */
      choices: Type.Optional(Type.Array(Type.String())),
    }),
  ),
  displayfield: Type.Array(Type.Object(labelled)),
  xaxisField: Type.String(),
  sortfield: Type.Array(Type.Object({ field: Type.String(), direction: Type.String() })),
  conf: Type.Object({ seriesField: Type.Optional(Type.String()) }),
});
const cell = Type.Union([Type.String(), Type.Number(), Type.Null()]);

const mime = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Exports per user and minute, as the finance lists allow. */
const exportLimit = { max: 10, windowSeconds: 60 };

/** Custom charts (docs/charts.md): definition, a page of rows, ECharts data, export. */
export async function chartRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/form/customChart/v1/get/:id',
    {
      schema: {
        summary: 'A custom chart: style, condition, display, x-axis and sort fields',
        params: Type.Object({ id }),
        response: { 200: chartSchema },
      },
    },
    async (request) => {
      const chart = await loadChart(db, request.params.id, request.language);
      const choices = await conditionChoices(db, currentUser(request), chart);
      const answer = publicChart(chart);
      return {
        ...answer,
        conditionfield: answer.conditionfield.map((field) =>
          choices[field.field] ? { ...field, choices: choices[field.field] } : field,
        ),
      };
    },
  );

  app.post(
    '/form/customChart/v1/getChartData',
    {
      schema: {
        summary: "A page of a chart's rows under conditions (pageBean, querys, sorter)",
        body: dataBody,
        response: {
          200: Type.Object({
            rows: Type.Array(Type.Record(Type.String(), cell)),
            total: Type.Integer(),
            page: Type.Integer(),
            pageSize: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const pageSize = body.pageBean?.pageSize ?? 10;
      if (!pageSizes.includes(pageSize)) throw badRequest('server:charts.badPageSize');
      const chart = await loadChart(db, body.id, request.language);
      return chartPage(db, currentUser(request), chart, {
        querys: body.querys ?? [],
        sorter: body.sorter ?? [],
        page: body.pageBean?.page ?? 1,
        pageSize,
      });
    },
  );

  app.post(
    '/form/customChart/v1/getEchartData',
    {
      schema: {
        summary: "A chart's rows as ECharts takes them (legend, xAxis, series), under conditions",
        body: Type.Omit(dataBody, ['pageBean']),
        response: {
          200: commonResult(
            Type.Object({
              style: Type.Integer(),
              rows: Type.Integer(),
              legend: Type.Array(Type.String()),
              xAxis: Type.Array(Type.String()),
              series: Type.Array(
                Type.Object({
                  name: Type.String(),
                  data: Type.Array(
                    Type.Union([
                      Type.Number(),
                      Type.Object({ name: Type.String(), value: Type.Number() }),
                    ]),
                  ),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const chart = await loadChart(db, body.id, request.language);
      const rows = await chartRows(db, currentUser(request), chart, {
        querys: body.querys ?? [],
        sorter: body.sorter ?? [],
      });
      return ok(toEchart(chart, rows));
    },
  );

  app.post(
    '/form/customChart/v1/export',
    {
      schema: {
        summary: "The chart's data tab (every row under the conditions) as XLSX or CSV",
        body: exportBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The finance exports' limit: an export reads a whole chart's rows, a page does not.
      await enforceLimits(db, [
        { key: `chart-export:user:${currentUser(request).id}`, ...exportLimit },
      ]);
      const chart = await loadChart(db, body.id, request.language);
      const rows = await chartRows(db, currentUser(request), chart, {
        querys: body.querys ?? [],
        sorter: body.sorter ?? [],
      });
      const x = chart.conditionfield.find((field) => field.field === chart.xaxisField);
      const sheet: ExportSheet = {
        title: chart.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1',
        columns: [
          { field: chart.xaxisField, title: x?.comment ?? chart.xaxisField, kind: 'text' },
          ...(chart.conf.seriesField
            ? [
                {
                  field: chart.conf.seriesField,
                  title: chart.conf.seriesField,
                  kind: 'text' as const,
                },
              ]
            : []),
          ...chart.displayfield.map((field) => ({
            field: field.field,
            title: field.comment,
            kind: 'number' as const,
          })),
        ],
        total: rows.length,
        factsTitle: request.t('server:charts.exportFacts'),
        facts: [[request.t('server:charts.exportRows'), String(rows.length)]],
      };
      const aborted = new AbortController();
      reply.raw.once('close', () => aborted.abort());
      async function* batches() {
        yield rows;
      }
      const stream =
        body.format === 'csv'
          ? csvStream(sheet, batches(), aborted.signal)
          : xlsxStream(sheet, batches(), aborted.signal, (error) =>
              request.log.error({ err: error }, 'chart export failed'),
            );
      const name = `${chart.name}.${body.format}`;
      return reply
        .header('content-type', mime[body.format])
        .header(
          'content-disposition',
          `attachment; filename="chart.${body.format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('x-total-count', String(rows.length))
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
