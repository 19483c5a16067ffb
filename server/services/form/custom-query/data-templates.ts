import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { FormDefinition } from '../../../../src/core/forms/definition';
import { filtersOf, pageOf } from '../../../domain/shell/queries/query-filter';
import type { QueryContext } from '../../../domain/shell/queries/registry';
import { formAccess } from '../../../domain/forms/access';
import {
  editedId,
  formTemplate,
  formTemplateByAlias,
  saveFormRecord,
  type FormTemplate,
} from '../../../domain/forms/form-templates';
import { sortOf } from '../../../domain/forms/record-order';
import type { RecordStore } from '../../../domain/forms/record-store';
import { isStoreBound, recordStoreOf } from '../../../domain/forms/record-stores';
import { withChoices } from '../../../domain/forms/dictionaries';
import { addRoute } from '../../contract';
import { recordCalls, templateCalls } from '../data-template/schemas';
import { ok } from '../../schemas';
import { queryContext } from '../../portal/shell/context';

/**
 * Data templates: template/preview/{templateKey} lists, template/form/{templateKey}/{action}
 * adds, edits or shows a record (docs/shell-api.md, "Data templates").
 */
export async function dataTemplateRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const storeOf = (form: FormTemplate) => recordStoreOf(form.template, app.deps.sms);

  addRoute(app, templateCalls.template, async (request) => {
    const ctx = queryContext(app, request);
    const { templateKey } = request.query;
    // The form page of someone who may only add needs the template too, not its list.
    const form = await formTemplate(ctx, templateKey, ['read', 'add']);
    return ok(await formInfo(ctx, form, storeOf(form)));
  });

  addRoute(app, recordCalls.list, async (request) => {
    const ctx = queryContext(app, request);
    const { templateKey } = request.params;
    const form = await formTemplate(ctx, templateKey, 'read');
    const body = request.body;
    const paging = pageOf(body, form.template.page_size);
    const result = await storeOf(form).list(
      ctx,
      form,
      filtersOf(body),
      paging,
      sortOf(body),
      body?.count,
    );
    return { ...result, ...paging };
  });

  addRoute(app, recordCalls.get, async (request) => {
    const { boAlias } = request.params;
    const ctx = queryContext(app, request);
    const { id } = request.query;
    const form = await formTemplateByAlias(ctx, boAlias, id ? 'read' : 'add');
    const store = storeOf(form);
    if (!id) await store.assertMayWrite(ctx, form);
    const data = id ? await store.get(ctx, form, id) : {};
    return ok({
      formKey: form.template.form_key,
      boAlias,
      fields: legacyFields(form),
      form: await withChoices(ctx.db, form.definition),
      data,
      readonly: id ? !(await store.mayEdit(ctx, form, data)) : false,
    });
  });

  addRoute(app, recordCalls.save, async (request) => {
    const { boAlias } = request.params;
    const ctx = queryContext(app, request);
    const body = request.body;
    const form = await formTemplateByAlias(ctx, boAlias, editedId(body) ? 'edit' : 'add');
    const saved = await saveFormRecord(ctx, form, body, storeOf(form));
    return ok(saved, request.t('server:forms.saved'));
  });
}

/**
 * The form's fields as the platform's template answered them (name, label, rule string,
 * required, a select's option source), for a template over a bound table (dyzl); an ordinary
 * form's page reads the definition (`form`) only.
 */
function legacyFields({ template, definition }: FormTemplate) {
  if (!isStoreBound(template)) return [];
  return definition.fields.map((field: FormDefinition['fields'][number]) => ({
    name: field.name,
    label: field.label,
    ...(field.labelEn ? { labelEn: field.labelEn } : {}),
    type: field.type,
    rules: field.rules ?? '',
    required: field.required === true,
    ...(field.dictionary ? { options: field.dictionary } : {}),
  }));
}

/** getBpmDataTemplateInfo: the form's definition, its list and the caller's buttons. */
async function formInfo(ctx: QueryContext, form: FormTemplate, store: RecordStore) {
  const { template, definition } = form;
  const english = ctx.language === 'en-US';
  return {
    templateKey: template.template_key,
    name: english && template.name_en ? template.name_en : template.name,
    boAlias: template.bo_alias,
    formKey: template.form_key,
    columns: template.columns,
    conditions: template.conditions,
    fields: legacyFields(form),
    permission: {
      ...(await store.permissions(ctx, form)),
      get: await formAccess(ctx, template, 'read'),
    },
    form: await withChoices(ctx.db, definition),
    pageSize: template.page_size,
    // A bound table's rows are listed by its named query (its conditions, its order and
    // indexes): the page shows the template's plain list, not the form list's sort and export.
    ...(isStoreBound(template) ? { list: 'query' as const } : {}),
  };
}
