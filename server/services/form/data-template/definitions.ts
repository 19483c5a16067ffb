import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { templatesWith } from '../../../domain/forms/access';
import { currentDefinition, saveDefinition } from '../../../domain/forms/definitions';
import { withChoices } from '../../../domain/forms/dictionaries';
import { currentUser } from '../../../plugins/auth';
import { forbidden } from '../../../lib/errors';
import { queryContext } from '../../portal/shell/context';
import { addRoute } from '../../contract';
import { commonResult, ok } from '../../schemas';
import { definitionCalls, templateKey } from './schemas';

/**
 * Form definitions and the template list: getSubEntsByFormKey (spec 7.6), listJson (7.7),
 * and the form-definition screen's read and save (docs/forms.md, "Definitions").
 */
export async function formDefinitionRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/form/form/v1/getSubEntsByFormKey',
    {
      schema: {
        summary: "The sub-tables of a form's current definition",
        querystring: Type.Object({ formKey: templateKey }),
        response: {
          200: commonResult(
            Type.Array(
              Type.Object({
                name: Type.String(),
                label: Type.String(),
                labelEn: Type.Optional(Type.String()),
              }),
            ),
          ),
        },
      },
    },
    async (request) => {
      const { db } = app.deps;
      const { definition } = await currentDefinition(db, request.query.formKey);
      return ok(definition.subTables.map(({ name, label, labelEn }) => ({ name, label, labelEn })));
    },
  );

  addRoute(app, definitionCalls.byKey, async (request) => {
    const { db } = app.deps;
    const stored = await currentDefinition(db, request.query.formKey);
    const definition = await withChoices(db, stored.definition);
    return ok({ version: stored.version, definition });
  });

  addRoute(app, definitionCalls.save, async (request) => {
    const caller = currentUser(request);
    if (!caller.seesEverything) throw forbidden('server:forms.noWrite');
    const { definition, baseVersion } = request.body;
    const version = await saveDefinition(app.deps.db, definition, caller.id, baseVersion);
    return ok(version, request.t('server:forms.saved'));
  });

  addRoute(app, definitionCalls.templates, async (request) => {
    const ctx = queryContext(app, request);
    const body = request.body;
    const paging = { page: body?.pageBean?.page ?? 1, pageSize: body?.pageBean?.pageSize ?? 20 };
    const english = ctx.language === 'en-US';
    // Only the forms the caller may open: the others are not theirs to know of.
    const open = (await templatesWith(ctx, ['read', 'add'])).sort((a, b) =>
      a.template_key < b.template_key ? -1 : 1,
    );
    const rows = open.slice((paging.page - 1) * paging.pageSize, paging.page * paging.pageSize);
    return {
      rows: rows.map((row) => ({
        templateKey: row.template_key,
        name: (english && row.name_en) || row.name,
        boAlias: row.bo_alias,
        formKey: row.form_key,
        source: row.source,
      })),
      total: open.length,
      ...paging,
    };
  });
}
