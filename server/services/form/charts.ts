import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { loadChart, publicChart } from '../../domain/charts/definitions';
import { chartPage, chartRows, conditionChoices, toEchart } from '../../domain/charts/run';
import { csvStream, xlsxStream, type ExportSheet } from '../../domain/finance/export';
import { enforceLimits } from '../../domain/rate-limit';
import { badRequest } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import { ok } from '../schemas';
import { addRoute } from '../contract';
import { chartCalls, chartId, chartQuerys, chartSorter } from '../../../src/contract/charts';

const exportBody = Type.Object({
  id: chartId,
  format: Type.Union([Type.Literal('xlsx'), Type.Literal('csv')]),
  querys: Type.Optional(chartQuerys),
  sorter: Type.Optional(chartSorter),
});
const pageSizes = [10, 20, 50, 100];

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

  addRoute(app, chartCalls.get, async (request) => {
    const chart = await loadChart(db, request.params.id, request.language);
    const choices = await conditionChoices(db, currentUser(request), chart);
    const answer = publicChart(chart);
    return {
      ...answer,
      conditionfield: answer.conditionfield.map((field) =>
        choices[field.field] ? { ...field, choices: choices[field.field] } : field,
      ),
    };
  });

  addRoute(app, chartCalls.data, async (request) => {
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
  });

  addRoute(app, chartCalls.echart, async (request) => {
    const body = request.body;
    const chart = await loadChart(db, body.id, request.language);
    const rows = await chartRows(db, currentUser(request), chart, {
      querys: body.querys ?? [],
      sorter: body.sorter ?? [],
    });
    return ok(toEchart(chart, rows));
  });

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
