import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../lib/errors';
import { commonResult, ok } from '../schemas';

const tenantSchema = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  /** JSON text of `[{id, name}]`: the tenant's logo for the top bar. */
  frontLogo: Type.String(),
  /** The same files as `ico`, the name the login page reads. */
  ico: Type.String(),
});

/** A tenant by id, for the top bar's logo (spec/shell.md section 7). */
export async function tenantJsonRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps;

  app.get(
    '/uc/tenantManage/v1/getJson',
    {
      // A tenant's name and logo are on its public login page already.
      schema: {
        summary: "A tenant's name and front logo (frontLogo: JSON text of [{id, name}])",
        querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: commonResult(tenantSchema) },
      },
    },
    async (request) => {
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
    },
  );
}
