import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { parseDescriptor } from '../../../domain/finance/descriptor';
import { namedQueries } from '../../../domain/finance/registry';
import { financeScope } from '../../../domain/finance/scope';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';
import { listRow } from '../../../lib/row-schema';

const answer = Type.Object({
  state: Type.Literal(true),
  result: Type.Array(listRow),
  total: Type.Union([Type.Integer(), Type.Null()]),
  estimated: Type.Optional(Type.Boolean()),
  next: Type.Optional(Type.String()),
  sortable: Type.Optional(Type.Array(Type.String())),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  summary: Type.Optional(Type.Record(Type.String(), Type.Number())),
  permissions: Type.Optional(Type.Object({ canAdd: Type.Boolean(), canEdit: Type.Boolean() })),
  acknowledges: Type.Optional(Type.Boolean()),
});

/**
 * The spec's generic query endpoint, without SQL: `param` is base64 of a JSON descriptor
 * naming a registered query (docs/finance-queries.md). Scope always comes from the session.
 */
export async function executeSqlRoute(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  app.get(
    `/bpm/${config.product}Script/executeSql`,
    {
      schema: {
        summary: 'Runs a named finance query (param: base64 of a JSON query descriptor)',
        description:
          'Descriptor: { "query": name, "filters": {...}, "page": { "page", "pageSize" }, "sort": [{ "field", "direction" }], "count": "exact" | "estimate" | "none", "after": cursor }. SQL text is refused.',
        security: [{ bearer: [] }],
        querystring: Type.Object({ param: Type.String({ minLength: 1, maxLength: 65_536 }) }),
        response: { 200: answer },
      },
      preValidation: async (request) => {
        // The old client sent SQL text; a `sql` parameter is refused, not ignored. Before
        // validation the query is what was sent, not yet the schema's.
        const given: unknown = request.query;
        const keys = typeof given === 'object' && given !== null ? Object.keys(given) : [];
        if (keys.some((key) => key.toLowerCase() === 'sql')) {
          throw badRequest('server:finance.sqlRejected');
        }
      },
    },
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
  );
}
