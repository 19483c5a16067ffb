import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  loadCustomQuery,
  parseQueryData,
  runCustomQuery,
  toDefinition,
} from '../../../domain/shell/custom-queries';
import { badRequest } from '../../../lib/errors';
import { queryContext } from '../../portal/shell/context';
import { rowPage } from './schemas';

const definition = Type.Object({
  alias: Type.String(),
  name: Type.String(),
  dsType: Type.Union([Type.Literal('dataSource'), Type.Literal('restful')]),
  requestType: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
  url: Type.String(),
  header: Type.String(),
  dataParam: Type.String(),
  listKey: Type.String(),
  conditionfield: Type.String(),
  resultfield: Type.String(),
  displayfield: Type.String(),
  pageSize: Type.Integer(),
  needPage: Type.Boolean(),
});

/** The alias of getByAlias: a query parameter, a raw text body, or `{ alias }`. */
function aliasOf(query: { alias?: string }, body: unknown): string {
  const fromBody =
    typeof body === 'string'
      ? body.trim()
      : body && typeof body === 'object' && 'alias' in body && typeof body.alias === 'string'
        ? body.alias.trim()
        : '';
  const alias = query.alias?.trim() || fromBody;
  if (!alias || alias.length > 100) throw badRequest('server:shell.aliasRequired');
  return alias;
}

export async function customQueryRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  // The platform's clients post queryData and alias as a bare string, which axios sends as
  // application/x-www-form-urlencoded; here that body is kept as the text it is.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/form/customQuery/v1/getByAlias',
    {
      schema: {
        summary: 'A custom query definition by alias (a bare object; JSON settings as text)',
        description:
          'The alias comes as ?alias=, as a raw text body, or as { "alias": "..." }. ' +
          'Unknown alias: 404 "related query with alias not found".',
        querystring: Type.Object({ alias: Type.Optional(Type.String({ maxLength: 100 })) }),
        body: Type.Optional(Type.Unknown()),
        response: { 200: definition },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const alias = aliasOf(request.query, request.body);
      return toDefinition(await loadCustomQuery(ctx, alias));
    },
  );

  app.post(
    '/form/customQuery/v1/doQuery',
    {
      schema: {
        summary: "One page of a dataSource query's rows (a bare PageList)",
        description:
          'The body is queryData: JSON text (or a JSON object) of condition values, ' +
          '{ "field": "value" } or { "dateField": ["yyyy-mm-dd", "yyyy-mm-dd"] }. Text matches ' +
          'as a substring when not empty; a date pair only when both ends are set.',
        querystring: Type.Object({
          alias: Type.String({ minLength: 1, maxLength: 100 }),
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
        }),
        body: Type.Optional(Type.Unknown()),
        response: { 200: rowPage },
      },
    },
    async (request) => {
      const { alias, page } = request.query;
      const ctx = queryContext(app, request);
      return runCustomQuery(ctx, alias, parseQueryData(request.body), page ?? 1);
    },
  );
}
