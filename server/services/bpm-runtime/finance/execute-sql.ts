import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseDescriptor } from '../../../domain/finance/descriptor';
import { namedQueries } from '../../../domain/finance/registry';
import { financeScope } from '../../../domain/finance/scope';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';
import { addRoute } from '../../contract';
import { financeCallsOf } from '../../../../src/contract/finance';

/**
 * The spec's generic query endpoint, without SQL: `param` is base64 of a JSON descriptor
 * naming a registered query (docs/finance-queries.md). Scope always comes from the session.
 */
export async function executeSqlRoute(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  addRoute(
    app,
    financeCallsOf(config.product).query,
    async (request) => {
      const user = currentUser(request);
      const { param } = request.query;
      const descriptor = withFilterLabel(request, () => parseDescriptor(param, namedQueries));
      const scope = financeScope(user);
      const found = await descriptor.query.run(db, descriptor, scope, {
        timeZone: config.timeZone,
        language: request.language,
        cursorKey: config.jwtSecret,
      });
      return {
        state: true as const,
        result: found.rows,
        total: found.total,
        ...(found.estimated ? { estimated: true } : {}),
        ...(found.next ? { next: found.next } : {}),
        ...(found.sortable ? { sortable: found.sortable } : {}),
        page: found.page,
        pageSize: found.pageSize,
        ...(found.summary ? { summary: found.summary } : {}),
        ...(found.permissions ? { permissions: found.permissions } : {}),
        ...(found.acknowledges !== undefined ? { acknowledges: found.acknowledges } : {}),
      };
    },
    { preValidation: refuseSql },
  );
}

/**
 * The old client sent SQL text; a `sql` parameter is refused, not ignored. Before validation
 * the query is what was sent, not yet the schema's.
 */
async function refuseSql(request: FastifyRequest) {
  const given: unknown = request.query;
  const keys = typeof given === 'object' && given !== null ? Object.keys(given) : [];
  if (keys.some((key) => key.toLowerCase() === 'sql')) {
    throw badRequest('server:finance.sqlRejected');
  }
}
