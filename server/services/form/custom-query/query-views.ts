import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { filtersOf, pageOf } from '../../../domain/shell/queries/query-filter';
import {
  loadView,
  toViewDefinition,
  viewRowBatches,
  viewRows,
} from '../../../domain/shell/query-views';
import { streamWorkbook } from '../../../domain/forms/spreadsheet';
import { enforceExportLimit, sendXlsx } from '../xlsx';
import { queryContext } from '../../portal/shell/context';
import { addRoute } from '../../contract';
import { statementCalls, viewAliases } from '../../../../src/contract/statement';
import { queryFilter } from '../../schemas';

/** Query views: querySql/queryView/{sqlAlias}/{alias} (docs/shell-api.md, "Query views"). */
export async function queryViewRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, statementCalls.view, async (request) => {
    const { sqlAlias, alias } = request.query;
    const ctx = queryContext(app, request);
    return toViewDefinition(await loadView(ctx, sqlAlias, alias), ctx.language === 'en-US');
  });

  addRoute(app, statementCalls.viewRows, async (request) => {
    const { sqlAlias, alias } = request.params;
    const body = request.body;
    const ctx = queryContext(app, request);
    const view = await loadView(ctx, sqlAlias, alias);
    return viewRows(ctx, view, filtersOf(body), pageOf(body, view.page_size));
  });

  app.post(
    '/form/query/queryView/export',
    {
      schema: {
        summary:
          "Every row of a view under its conditions, with the caller's scope, streamed as XLSX (the row count in the file name)",
        querystring: viewAliases,
        body: Type.Union([queryFilter, Type.Null()]),
      },
    },
    async (request, reply) => {
      const { sqlAlias, alias } = request.query;
      const ctx = queryContext(app, request);
      const view = await loadView(ctx, sqlAlias, alias);
      await enforceExportLimit(ctx.db, ctx.caller.id);
      const english = ctx.language === 'en-US';
      const { total, batches } = await viewRowBatches(ctx, view, filtersOf(request.body));
      const columns = view.columns.map((column) => ({
        name: column.field,
        label: column.label,
        ...(column.labelEn ? { labelEn: column.labelEn } : {}),
        type: 'text' as const,
      }));
      const name = `${toViewDefinition(view, english).name} (${total})`;
      return sendXlsx(reply, name, streamWorkbook(ctx.language, name, columns, batches));
    },
  );
}
