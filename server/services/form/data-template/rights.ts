import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { saveTemplateRights, templateRights } from '../../../domain/forms/template-rights';
import { forbidden } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { queryContext } from '../../portal/shell/context';
import { commonResult, done, ok } from '../../schemas';
import { templateKey } from './schemas';

const base = '/form/dataTemplate/v1';

const id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });
const ids = Type.Array(id, { maxItems: 200 });
const audience = Type.Object(
  { menu: Type.Optional(Type.Boolean()), roles: Type.Optional(ids), orgs: Type.Optional(ids) },
  { additionalProperties: false },
);
const rights = Type.Object(
  { read: audience, add: audience, edit: audience, delete: audience },
  { additionalProperties: false },
);
const choice = Type.Object({ id: Type.String(), label: Type.String() });

/** Only the administrator (the designated user) sets who may use a form. */
function administrator(request: FastifyRequest) {
  if (!currentUser(request).seesEverything) throw forbidden('server:forms.noRightsEdit');
}

/** A template's rights for the form-definition screen (docs/forms.md, "Who may use a form"). */
export async function formRightsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    `${base}/getRights`,
    {
      schema: {
        summary: "A template's managers and rights, with the roles and organisations to choose",
        querystring: Type.Object({ templateKey }),
        response: {
          200: commonResult(
            Type.Object({
              templateKey: Type.String(),
              name: Type.String(),
              managers: Type.Array(Type.String()),
              rights,
              custom: Type.Boolean(),
              roles: Type.Array(choice),
              orgs: Type.Array(choice),
            }),
          ),
        },
      },
    },
    async (request) => {
      administrator(request);
      const { templateKey: key } = request.query;
      return ok(await templateRights(queryContext(app, request), key));
    },
  );

  app.post(
    `${base}/saveRights`,
    {
      schema: {
        summary: "Sets a template's managers and who else may read, add, edit and delete",
        body: Type.Object({ templateKey, managers: ids, rights }, { additionalProperties: false }),
        response: { 200: commonResult(Type.Null()) },
      },
    },
    async (request) => {
      administrator(request);
      const body = request.body;
      const ctx = queryContext(app, request);
      await saveTemplateRights(ctx, body.templateKey, body.managers, body.rights);
      return done(request, 'server:forms.rightsSaved');
    },
  );
}
