import type { FieldOptions, FormDefinition, FormField } from '../../../src/core/forms/definition';
import { optionsOf } from './dictionaries';
import type { DataTemplateRow } from '../../db/schema-shell';
import { badRequest } from '../../lib/errors';
import { mayReadFile } from '../file-access';
import type { QueryContext } from '../shell/queries/registry';
import { loadTemplate, templateByBoAlias } from '../shell/templates/data-templates';
import { assertMayDo, mayDo } from './access';
import { currentDefinition } from './definitions';
import { getRecord, valueTaken, visibleIds, writeRecords } from './records';
import { checkRecord, type CheckContext } from './values';

/** A data template over an online form, with the form's current definition. */
export interface FormTemplate {
  template: DataTemplateRow;
  definition: FormDefinition;
  version: number;
}

async function withDefinition(ctx: QueryContext, template: DataTemplateRow): Promise<FormTemplate> {
  if (template.source !== 'form') throw badRequest('server:forms.templateNotForm');
  const { definition, version } = await currentDefinition(ctx.db, template.form_key);
  return { template, definition, version };
}

export async function formTemplate(ctx: QueryContext, templateKey: string) {
  return withDefinition(ctx, await loadTemplate(ctx, templateKey));
}

export async function formTemplateByAlias(ctx: QueryContext, boAlias: string) {
  return withDefinition(ctx, await templateByBoAlias(ctx, boAlias));
}

/** The server's side of each check: files the caller may use, values other records hold. */
export function checkContext(ctx: QueryContext, formKey: string, recordId?: string): CheckContext {
  const choices = new Map<FormField, Promise<FieldOptions>>();
  return {
    choices: (field) => {
      if (!choices.has(field)) choices.set(field, optionsOf(ctx.db, field));
      return choices.get(field)!;
    },
    db: ctx.db,
    language: ctx.language,
    mayAttach: async (fileId) => {
      const file = await ctx.db
        .selectFrom('files')
        .select(['id', 'public', 'uploader_id'])
        .where('id', '=', fileId)
        .executeTakeFirst();
      return Boolean(file) && (await mayReadFile(ctx.db, file!, ctx.caller));
    },
    taken: (field, value) => valueTaken(ctx.db, formKey, field, value, recordId),
  };
}

/** boSave: adds (no ID_) or edits a record the caller may see, checked as the form does. */
export async function saveFormRecord(
  ctx: QueryContext,
  { template, definition }: FormTemplate,
  body: Record<string, unknown>,
): Promise<string> {
  const given = body.ID_ ?? body.id;
  const id = typeof given === 'string' && given ? given.slice(0, 64) : undefined;
  await assertMayDo(ctx, template, id ? 'edit' : 'add');
  if (id) await getRecord(ctx, template, id);
  const record = await checkRecord(checkContext(ctx, template.form_key, id), definition, body);
  const [saved] = await writeRecords(ctx, template, [{ record, id }]);
  return saved!;
}

/**
 * boBatchUpdate: the same values on several records, each record then checked whole (a
 * value valid alone may break a rule that compares fields). All or nothing.
 */
export async function batchUpdate(
  ctx: QueryContext,
  form: FormTemplate,
  ids: string[],
  values: Record<string, unknown>,
): Promise<number> {
  const { template, definition } = form;
  await assertMayDo(ctx, template, 'edit');
  const editable = new Set(
    definition.fields.filter((field) => !field.formula && !field.capitalsOf).map((f) => f.name),
  );
  if (!Object.keys(values).length || Object.keys(values).some((name) => !editable.has(name)))
    throw badRequest('server:forms.batchFieldsInvalid');
  const found = await visibleIds(ctx, template, ids);
  const checked = [];
  for (const id of found) {
    const { data } = await getRecord(ctx, template, id);
    checked.push({
      id,
      record: await checkRecord(checkContext(ctx, template.form_key, id), definition, {
        ...data,
        ...values,
      }),
    });
  }
  await writeRecords(ctx, template, checked);
  return checked.length;
}

/** What the template's buttons may do for this caller (allMethod/curUserMethod applied). */
export async function permissions(ctx: QueryContext, template: DataTemplateRow) {
  const [add, edit, del, exportAllowed, importAllowed] = await Promise.all(
    (['add', 'edit', 'del', 'export', 'import'] as const).map((action) =>
      mayDo(ctx, template, action),
    ),
  );
  return { add, edit, del, export: exportAllowed, import: importAllowed, get: true };
}
