import type { FieldOptions, FormField } from '../../../src/core/forms/definition';
import { optionsOf } from './dictionaries';
import type { DataTemplateRow } from '../../db/schema-shell';
import { badRequest } from '../../lib/errors';
import { mayReadFile } from '../file-access';
import type { QueryContext } from '../shell/queries/registry';
import { loadTemplate, templateByBoAlias } from '../shell/templates/data-templates';
import { assertFormAccess, assertMayDo, type FormNeed } from './access';
import { currentDefinition } from './definitions';
import { formRecordStore, type RecordStore } from './record-store';
import { getRecord, valueTaken, visibleIds, writeRecords, type WrittenForm } from './records';
import { holdsUniqueValues } from './unique';
import { checkRecord, type CheckContext } from './values';

/** A data template over an online form, with the form's current definition and version. */
export type FormTemplate = WrittenForm;

/**
 * The guard every form call goes through: a template is opened only for a right the call
 * names (access.ts), checked before anything of its records is read or written; a caller
 * without it gets 403 and learns nothing of the records, not even how many there are.
 */
async function opened(
  ctx: QueryContext,
  template: DataTemplateRow,
  need: FormNeed,
): Promise<FormTemplate> {
  if (template.source !== 'form') throw badRequest('server:forms.templateNotForm');
  await assertFormAccess(ctx, template, need);
  const { definition, version } = await currentDefinition(ctx.db, template.form_key);
  // A save's unique check says whether another record holds a value: those who may not
  // read the form's records may not ask it, so adding or editing needs reading too here.
  if (writesOnly(need) && holdsUniqueValues(definition))
    await assertFormAccess(ctx, template, 'read');
  return { template, definition, version };
}

const writesOnly = (need: FormNeed) =>
  (typeof need === 'string' ? [need] : need).every((right) => right === 'add' || right === 'edit');

export async function formTemplate(ctx: QueryContext, templateKey: string, need: FormNeed) {
  return opened(ctx, await loadTemplate(ctx, templateKey), need);
}

export async function formTemplateByAlias(ctx: QueryContext, boAlias: string, need: FormNeed) {
  return opened(ctx, await templateByBoAlias(ctx, boAlias), need);
}

/** The record a save edits (ID_, or id), or none: the save adds one. */
export function editedId(body: Record<string, unknown>): string | undefined {
  const given = body.ID_ ?? body.id;
  return typeof given === 'string' && given ? given.slice(0, 64) : undefined;
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
    taken: (field, value, table) => valueTaken(ctx.db, formKey, field, value, recordId, table),
  };
}

/**
 * boSave: adds (no ID_) or edits a record the caller may write, checked as the form does,
 * stored by the form's record store (form_records, or a bound table: record-stores.ts).
 */
export async function saveFormRecord(
  ctx: QueryContext,
  form: FormTemplate,
  body: Record<string, unknown>,
  store: RecordStore = formRecordStore,
): Promise<string> {
  const { template, definition } = form;
  const id = editedId(body);
  // The stamp the editor read (getForm's UPDATED_AT_): a save over a newer one is a 409.
  const stamp = id && typeof body.UPDATED_AT_ === 'string' ? body.UPDATED_AT_ : undefined;
  await store.assertMayWrite(ctx, form, id);
  const record = await checkRecord(checkContext(ctx, template.form_key, id), definition, body);
  return store.save(ctx, form, record, id, stamp);
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
    const { data, stamp } = await getRecord(ctx, template, id);
    checked.push({
      id,
      // A record saved by someone else between this read and the write: 409, nothing changes.
      stamp,
      record: await checkRecord(checkContext(ctx, template.form_key, id), definition, {
        ...data,
        ...values,
      }),
    });
  }
  await writeRecords(ctx, form, checked);
  return checked.length;
}
