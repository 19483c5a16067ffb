import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  filtersOf,
  pageOf,
  type QueryFilterBody,
} from '../../../domain/shell/queries/query-filter';
import { loadView, toViewDefinition, viewRows } from '../../../domain/shell/query-views';
import { queryContext } from '../../portal/shell/context';
import { queryFilterBody, rowPage, viewColumns, viewConditions } from './schemas';

const aliases = {
  sqlAlias: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  alias: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
};

/** Query views: querySql/queryView/{sqlAlias}/{alias} (docs/shell-api.md, "Query views"). */
export async function queryViewRoutes(app: FastifyInstance) {
  app.get(
    '/form/query/queryView/getJson',
    {
      schema: {
        summary: 'A query view: its columns and conditions (a bare object)',
        querystring: Type.Object(aliases),
        response: {
          200: Type.Object({
            sqlAlias: Type.String(),
            alias: Type.String(),
            name: Type.String(),
            columns: viewColumns,
            conditions: viewConditions,
            pageSize: Type.Integer(),
          }),
        },
      },
    },
    async (request) => {
      const { sqlAlias, alias } = request.query as { sqlAlias: string; alias: string };
      const ctx = queryContext(app, request);
      return toViewDefinition(await loadView(ctx, sqlAlias, alias), ctx.language === 'en-US');
    },
  );

  app.post(
    '/form/query/queryView/data_:sqlAlias/:alias',
    {
      schema: {
        summary: "One page of a view's rows, filtered by its declared conditions (a bare PageList)",
        params: Type.Object(aliases),
        body: Type.Union([queryFilterBody, Type.Null()]),
        response: { 200: rowPage },
      },
    },
    async (request) => {
      const { sqlAlias, alias } = request.params as { sqlAlias: string; alias: string };
      const body = request.body as QueryFilterBody | null | undefined;
      const ctx = queryContext(app, request);
      const view = await loadView(ctx, sqlAlias, alias);
      return viewRows(ctx, view, filtersOf(body), pageOf(body, view.page_size));
    },
  );
}
