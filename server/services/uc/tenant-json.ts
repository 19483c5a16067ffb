import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { shellCalls } from '../../../src/contract/shell';
import { tenantById } from '../../domain/tenants';
import { ok } from '../schemas';
import { addRoute } from '../contract';

/** A tenant by id, for the top bar's logo (spec/shell.md section 7). */
export async function tenantJsonRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  // A tenant's name and logo are on its public login page already.
  addRoute(app, shellCalls.tenant, async (request) => {
    const { id } = request.query;
    const tenant = await tenantById(db, id);
    return ok({
      id: tenant.id,
      code: tenant.code,
      name: tenant.name,
      frontLogo: tenant.logo,
      ico: tenant.logo,
    });
  });
}
