import { rulesFor, validateValue } from '../../../../src/core/rules/rule-string';
import type { DataTemplateRow, TemplateField } from '../../../db/schema-shell';
import { translate } from '../../../i18n';
import { badRequest, forbidden, notFound, UserError } from '../../../lib/errors';
import { namedQuery } from '../queries';
import { runNamedQuery, type Filters, type Paging, type QueryContext } from '../queries/registry';
import type { TemplateStore } from './store';
import { assertMethod, mayUse } from '../methods';

/** A data template as getBpmDataTemplateInfo answers it. */
export interface TemplateInfo {
  templateKey: string;
  name: string;
  boAlias: string;
  formKey: string;
  columns: DataTemplateRow['columns'];
  conditions: DataTemplateRow['conditions'];
  fields: TemplateField[];
  /** What the caller may do: add a record; edit is decided per record (getForm). */
  permission: { add: boolean; edit: boolean; get: boolean };
}

export async function loadTemplate(
  ctx: QueryContext,
  templateKey: string,
): Promise<DataTemplateRow> {
  const row = await ctx.db
    .selectFrom('data_templates')
    .selectAll()
    .where('template_key', '=', templateKey)
    .executeTakeFirst();
  if (!row) throw notFound('server:shell.templateNotFound');
  return row;
}

export async function templateByBoAlias(ctx: QueryContext, boAlias: string) {
  const row = await ctx.db
    .selectFrom('data_templates')
    .selectAll()
    .where('bo_alias', '=', boAlias)
    .executeTakeFirst();
  if (!row) throw notFound('server:shell.templateNotFound');
  return row;
}

/** The template's own roles first (data), then the store's finer rule (code). */
/**
 * Writing takes the template's edit role, the store's scope rule for the record, and the
 * method of the action (`{templateKey}:add`, `{templateKey}:edit`) when one is registered.
 */
async function mayWrite(
  ctx: QueryContext,
  template: DataTemplateRow,
  store: TemplateStore,
  record?: Record<string, unknown>,
): Promise<boolean> {
  const holdsRole = template.edit_role_ids.some((role) => ctx.caller.roleIds.includes(role));
  const method = `${template.template_key}:${record ? 'edit' : 'add'}`;
  return (
    holdsRole && (await mayUse(ctx.db, ctx.caller, method)) && (await store.canWrite(ctx, record))
  );
}

export async function templateInfo(
  ctx: QueryContext,
  template: DataTemplateRow,
  store: TemplateStore,
): Promise<TemplateInfo> {
  const english = ctx.language === 'en-US';
  const add = await mayWrite(ctx, template, store);
  const edit =
    template.edit_role_ids.some((role) => ctx.caller.roleIds.includes(role)) &&
    (await mayUse(ctx.db, ctx.caller, `${template.template_key}:edit`));
  return {
    templateKey: template.template_key,
    name: english && template.name_en ? template.name_en : template.name,
    boAlias: template.bo_alias,
    formKey: template.form_key,
    columns: template.columns,
    conditions: template.conditions,
    fields: template.fields,
    permission: { add, edit, get: true },
  };
}

export async function templateRows(
  ctx: QueryContext,
  template: DataTemplateRow,
  filters: Filters,
  paging: Paging,
) {
  const query = namedQuery(template.named_query);
  if (!query) throw new UserError(500, 'server:shell.customQueryBroken');
  return runNamedQuery(query, ctx, filters, paging);
}

/** A record for the form page; `readonly` tells the page whether to offer saving. */
export async function templateRecord(
  ctx: QueryContext,
  template: DataTemplateRow,
  store: TemplateStore,
  id: string | undefined,
) {
  if (!id) {
    const writable = await mayWrite(ctx, template, store);
    if (!writable) throw forbidden('server:shell.templateNoWrite');
    return { data: {}, readonly: false };
  }
  const record = await store.get(ctx, id);
  if (!record) throw notFound('server:shell.recordNotFound');
  return { data: record, readonly: !(await mayWrite(ctx, template, store, record)) };
}

/**
 * Checks the submitted values against the template's rule strings, the same engine the form
 * runs in the browser: a value that got past the page still stops here. Read-only fields and
 * unknown names are not taken from the request.
 */
export function checkValues(
  ctx: QueryContext,
  fields: TemplateField[],
  body: Record<string, unknown>,
) {
  const english = ctx.language === 'en-US';
  const labelOf = (field: TemplateField) => (english && field.labelEn) || field.label;
  const values: Record<string, unknown> = {};
  for (const field of fields) if (!field.readonly) values[field.name] = body[field.name];
  const labels = Object.fromEntries(fields.map((field) => [field.name, labelOf(field)]));
  const refuse = (field: TemplateField, key: string, params?: Record<string, string | number>) =>
    badRequest('server:shell.fieldInvalid', {
      label: labelOf(field),
      message: translate(ctx.language, key, params),
    });
  for (const field of fields) {
    if (field.readonly) continue;
    const value = values[field.name];
    // Form values are text, numbers or booleans; a nested object is never a valid value.
    if (value !== undefined && value !== null && typeof value === 'object') {
      throw refuse(field, 'rules:form.regex');
    }
    const failure = validateValue(value, rulesFor(field.rules, field), { values, labels });
    if (failure) throw refuse(field, failure.key, failure.params);
  }
  return values;
}

export async function saveRecord(
  ctx: QueryContext,
  template: DataTemplateRow,
  store: TemplateStore,
  body: Record<string, unknown>,
): Promise<string> {
  const given = body.ID_ ?? body.id;
  const id = typeof given === 'string' && given ? given : undefined;
  if (!template.edit_role_ids.some((role) => ctx.caller.roleIds.includes(role))) {
    throw forbidden('server:shell.templateNoWrite');
  }
  await assertMethod(ctx.db, ctx.caller, `${template.template_key}:${id ? 'edit' : 'add'}`);
  const values = checkValues(ctx, template.fields, body);
  return store.save(ctx, values, id);
}
