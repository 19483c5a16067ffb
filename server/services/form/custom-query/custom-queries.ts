import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { queryCalls } from '../../../../src/contract/custom-query';
import {
  loadCustomQuery,
  parseQueryData,
  runCustomQuery,
  toDefinition,
} from '../../../domain/shell/custom-queries';
import { badRequest } from '../../../lib/errors';
import { addRoute } from '../../contract';
import { queryContext } from '../../portal/shell/context';

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

  addRoute(app, queryCalls.byAlias, async (request) => {
    const ctx = queryContext(app, request);
    const alias = aliasOf(request.query, request.body);
    return toDefinition(await loadCustomQuery(ctx, alias));
  });

  addRoute(app, queryCalls.run, async (request) => {
    const { alias, page } = request.query;
    const ctx = queryContext(app, request);
    return runCustomQuery(ctx, alias, parseQueryData(request.body), page ?? 1);
  });
}
