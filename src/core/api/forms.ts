import type { AnswerOf, BodyOf } from '../../contract/call';
import type { DefinitionCallsFor } from '../../contract/form-definitions';
import type { draftCalls } from '../../contract/form-drafts';
import type { RecordCallsFor } from '../../contract/form-records';
import type { FormDefinition } from '../forms/definition';
import { http, send, streamRequest } from '../http';
import type { DataTemplate, Row } from './statement';

/** Calls of the online forms (docs/forms.md); the server checks everything again. */
const base = '/form/dataTemplate/v1';
const key = encodeURIComponent;

/** The record and definition calls, their forms read as the browser's FormDefinition. */
type RecordCalls = RecordCallsFor<FormDefinition>;
type DefinitionCalls = DefinitionCallsFor<FormDefinition>;

export type { DraftEntry as Draft } from '../../contract/form-drafts';
export type { TemplateEntry } from '../../contract/form-definitions';
export type { ImportProblem } from '../../contract/form-imports';
import type { ImportAnswer, ImportProblem, ImportRefusal } from '../../contract/form-imports';

/**
 * An online form's template: the template call's answer (src/contract/statement.ts), its
 * form, list page size and every right answered. `list: 'query'`: records of a bound table
 * (dyzl), listed by the template's named query.
 */
export type FormTemplate = DataTemplate;

/** The caller's rights on a template's records. */
export type FormPermission = FormTemplate['permission'];

/**
 * Whether a template carries its form: the contract's always does; the pages keep the check
 * for an answer without one (another deployment of the platform).
 */
export function isFormTemplate(template: DataTemplate): template is FormTemplate {
  return Boolean(template.form);
}

/** A list's filter: the contract's QueryFilter (count: exact, estimate or none). */
export type FormFilter = NonNullable<BodyOf<RecordCalls['list']>>;

export function formRecords(
  templateKey: string,
  filter: FormFilter,
): Promise<AnswerOf<RecordCalls['list']>> {
  return send<RecordCalls['list']>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/dataList_:templateKey' },
    { params: { templateKey }, body: filter },
  );
}

export async function formRecord(template: FormTemplate, id?: string): Promise<Row> {
  const answer = await send<RecordCalls['get']>(
    'form',
    { method: 'GET', path: '/form/dataTemplate/v1/getForm/:formKey/:boAlias' },
    { params: { formKey: template.formKey, boAlias: template.boAlias }, query: id ? { id } : {} },
  );
  return answer.value?.data ?? {};
}

/** Saves a record (ID_ present: an edit); the answer's message is the server's. */
export async function saveFormRecord(template: FormTemplate, values: Row) {
  const answer = await send<RecordCalls['save']>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/boSave/:boAlias' },
    { params: { boAlias: template.boAlias }, body: values },
    { quiet: true },
  );
  return { id: answer.value ?? '', message: answer.message ?? '' };
}

export async function deleteFormRecords(template: FormTemplate, ids: string[]) {
  const answer = await send<RecordCalls['remove']>(
    'form',
    { method: 'DELETE', path: '/form/dataTemplate/v1/boDel/:boAlias' },
    { params: { boAlias: template.boAlias }, query: { ids: ids.join(',') } },
  );
  return answer.message ?? '';
}

export async function batchUpdate(template: FormTemplate, ids: string[], values: Row) {
  const answer = await send<RecordCalls['batchUpdate']>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/boBatchUpdate/:boAlias' },
    { params: { boAlias: template.boAlias }, body: { ids, values } },
    { quiet: true },
  );
  return answer.message ?? '';
}

export async function saveDraft(body: BodyOf<typeof draftCalls.save>) {
  const answer = await send<typeof draftCalls.save>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/boSaveDraft' },
    { body },
  );
  return { id: answer.value ?? '', message: answer.message ?? '' };
}

export async function draftData(id: string) {
  const answer = await send<typeof draftCalls.get>(
    'form',
    { method: 'GET', path: '/form/dataTemplate/v1/getTempDraftData/:id' },
    { params: { id } },
  );
  return answer.value!;
}

export function myDrafts(page: number, pageSize: number) {
  return send<typeof draftCalls.list>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/getMyDraftList' },
    { body: { pageBean: { page, pageSize } } },
  );
}

export async function removeDrafts(ids: string[]) {
  const answer = await send<typeof draftCalls.remove>(
    'form',
    { method: 'DELETE', path: '/form/dataTemplate/v1/removeTempDraft' },
    { query: { ids: ids.join(',') } },
  );
  return answer.message ?? '';
}

/** The XLSX of every record matching the filter, read as a stream (large exports). */
export function exportRecords(templateKey: string, filter: FormFilter): Promise<Response> {
  return streamRequest('form', `${base}/export?templateKey=${key(templateKey)}`, filter);
}

export function importTemplateFile(templateKey: string): Promise<Response> {
  return streamRequest('form', `${base}/downloadMainTempFile/${key(templateKey)}`, {});
}

/**
 * Uploads an XLSX; a refused file answers its per-row report rather than throwing. A
 * multipart upload with progress, so a plain request, not a call of the contract; its
 * answers are the contract's (src/contract/form-imports.ts).
 */
export async function importRecords(
  templateKey: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<
  { ok: true; message: string } | { ok: false; message: string; problems: ImportProblem[] }
> {
  const body = new FormData();
  body.append('file', file);
  try {
    const answer = await http.post<ImportAnswer>(
      'form',
      `${base}/importMain?templateKey=${key(templateKey)}`,
      body,
      {
        quiet: true,
        onUploadProgress: (event) => onProgress(event.total ? event.loaded / event.total : 0),
      },
    );
    return { ok: true, message: answer.message ?? '' };
  } catch (error) {
    const failure = error as { message: string; body?: Partial<ImportRefusal> };
    return { ok: false, message: failure.message, problems: failure.body?.value ?? [] };
  }
}

/** The data templates (listJson), for a page that lists the online forms. */
export function templateEntries(page: number, pageSize: number) {
  return send<DefinitionCalls['templates']>(
    'form',
    { method: 'POST', path: '/form/dataTemplate/v1/listJson' },
    { body: { pageBean: { page, pageSize } } },
  );
}

/**
 * Saves a definition as the form's next version (administrators); answers the version.
 * `baseVersion`: the version it was edited from (a newer one saved since is refused, 409).
 */
export async function saveFormDefinition(definition: unknown, baseVersion?: number) {
  const answer = await send<DefinitionCalls['save']>(
    'form',
    { method: 'POST', path: '/form/form/v1/save' },
    { body: baseVersion === undefined ? { definition } : { definition, baseVersion } },
    { quiet: true },
  );
  return { version: answer.value ?? 0, message: answer.message ?? '' };
}

export async function storedDefinition(formKey: string) {
  const answer = await send<DefinitionCalls['byKey']>(
    'form',
    { method: 'GET', path: '/form/form/v1/getByKey' },
    { query: { formKey } },
  );
  return answer.value!;
}
