import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { pagingOf, textFilters } from '../../domain/directory/paging';
import { searchTenants } from '../../domain/tenant-search';
import { tenantByCode } from '../../domain/tenants';
import { formatDateTime } from '../../lib/time';
import { currentUser } from '../../plugins/auth';
import { ok, pageList, queryFilter } from '../schemas';
import { addRoute } from '../contract';
import { tenantCalls, tenantEntry } from '../../../src/contract/portal';

const tenantRow = Type.Object({
  ...tenantEntry.properties,
  createTime: Type.String(),
});

export async function tenantRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  app.post(
    '/uc/tenantManage/v1/listJson',
    {
      schema: {
        summary:
          'Tenants by name (LIKE) or code, 20 a page (the caller’s own; everyone’s for the administrator)',
        description:
          'QueryFilter: querys on `name` (substring, wildcards literal) or `code`; pageBean (20 a page by default, at most 50).',
        body: Type.Optional(queryFilter),
        response: { 200: pageList(tenantRow) },
      },
    },
    async (request) => {
      const { body } = request;
      const filters = textFilters(body, ['name', 'code']);
      return searchTenants(
        db,
        currentUser(request),
        { name: filters.name || undefined, code: filters.code || undefined },
        pagingOf(body, 20),
        (value) => formatDateTime(value, config.timeZone),
      );
    },
  );

  addRoute(app, tenantCalls.byCode, async (request) => {
    const { code } = request.query;
    const tenant = await tenantByCode(db, code);
    return ok({ id: tenant.id, code: tenant.code, name: tenant.name, ico: tenant.logo });
  });
}
