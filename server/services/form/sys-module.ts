import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { loadModule, moduleItemTypes } from '../../domain/modules/sys-modules';
import { currentUser } from '../../plugins/auth';

/** System modules (/sysModulePreview/{id}; docs/forms.md "System modules"). */
const moduleAnswer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  items: Type.Array(
    Type.Object({
      type: Type.Unsafe<(typeof moduleItemTypes)[number]>({
        type: 'string',
        enum: [...moduleItemTypes],
      }),
      key: Type.String(),
      title: Type.String(),
      titleEn: Type.String(),
    }),
  ),
});

export async function sysModuleRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/form/sysModule/v1/get',
    {
      schema: {
        summary: 'A system module: its name and its tabs (data templates, custom queries, charts)',
        description:
          'Each tab names an element the portal shows by its key: type template (a data ' +
          'template key), query (a custom query alias) or chart (a custom chart id). Unknown ' +
          "id: 404; a module none of whose roles the caller holds: 403. The tabs' own calls " +
          'check the caller again.',
        querystring: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' }),
        }),
        response: { 200: moduleAnswer },
      },
    },
    async (request) => loadModule(app.deps.db, currentUser(request), request.query.id),
  );
}
