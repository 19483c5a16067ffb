import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { shellCalls } from '../../../src/contract/shell';
import { notFound } from '../../lib/errors';
import { ok } from '../schemas';
import { addRoute } from '../contract';

/** A tenant by id, for the top bar's logo (spec/shell.md section 7). */
export async function tenantJsonRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  // A tenant's name and logo are on its public login page already.
  addRoute(app, shellCalls.tenant, async (request) => {
    const { id } = request.query;
    const tenant = await db
      .selectFrom('tenants as t')
      .leftJoin('files as f', 'f.id', 't.logo_file_id')
      .select(['t.id', 't.code', 't.name', 'f.id as logo_id', 'f.name as logo_name'])
      .where('t.id', '=', id)
      .executeTakeFirst();
    if (!tenant) throw notFound('server:tenantNotFound');
    const logo = JSON.stringify(
      tenant.logo_id ? [{ id: tenant.logo_id, name: tenant.logo_name }] : [],
    );
    return ok({
      id: tenant.id,
      code: tenant.code,
      name: tenant.name,
      frontLogo: logo,
      ico: logo,
    });
  });
}
