import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rightsCalls } from '../../../../src/contract/form-rights';
import { saveTemplateRights, templateRights } from '../../../domain/forms/template-rights';
import { forbidden } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { addRoute } from '../../contract';
import { queryContext } from '../../portal/shell/context';
import { done, ok } from '../../schemas';

/** Only the administrator (the designated user) sets who may use a form. */
function administrator(request: FastifyRequest) {
  if (!currentUser(request).seesEverything) throw forbidden('server:forms.noRightsEdit');
}

/** A template's rights for the form-definition screen (docs/forms.md, "Who may use a form"). */
export async function formRightsRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  addRoute(app, rightsCalls.get, async (request) => {
    administrator(request);
    const { templateKey: key } = request.query;
    return ok(await templateRights(queryContext(app, request), key));
  });

  addRoute(app, rightsCalls.save, async (request) => {
    administrator(request);
    const body = request.body;
    const ctx = queryContext(app, request);
    await saveTemplateRights(ctx, body.templateKey, body.managers, body.rights);
    return done(request, 'server:forms.rightsSaved');
  });
}
