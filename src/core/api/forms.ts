import type { FormDefinition } from '../forms/definition';
import { http, streamRequest, type CommonResult } from '../http';
import type { DataTemplate, PageList, Row } from './statement';

/** Calls of the online forms (docs/forms.md); the server checks everything again. */
const base = '/form/dataTemplate/v1';
const key = encodeURIComponent;

export interface FormPermission {
  add: boolean;
  edit: boolean;
  del: boolean;
  export: boolean;
  import: boolean;
  get: boolean;
}

export interface FormTemplate extends Omit<DataTemplate, 'permission'> {
  form: FormDefinition;
  permission: FormPermission;
  pageSize: number;
  /** 'query': records of a bound table (dyzl), listed by the template's named query. */
  list?: 'query';
}

export function isFormTemplate(template: DataTemplate): template is FormTemplate {
  return 'form' in template && Boolean((template as Partial<FormTemplate>).form);
}

export interface FormFilter {
  pageBean: { page: number; pageSize: number };
  querys: { property: string; value: unknown; operation: string }[];
  sorter?: { property: string; direction: 'ASC' | 'DESC' }[];
  /**
   * exact (default); estimate: exact up to 1,000, else the planner's estimate (a first
   * page); none: total -1 (later pages keep the first one's).
   */
  count?: 'exact' | 'estimate' | 'none';
}

export function formRecords(
  templateKey: string,
  filter: FormFilter,
): Promise<PageList<Row> & { estimated?: boolean }> {
  return http.post<PageList<Row>>('form', `${base}/dataList_${key(templateKey)}`, filter);
}

export async function formRecord(template: FormTemplate, id?: string): Promise<Row> {
  const answer = await http.get<CommonResult<{ data: Row }>>(
    'form',
    `${base}/getForm/${key(template.formKey)}/${key(template.boAlias)}`,
    id ? { id } : {},
  );
  return answer.value?.data ?? {};
}

/** Saves a record (ID_ present: an edit); the answer's message is the server's. */
export async function saveFormRecord(template: FormTemplate, values: Row) {
  const answer = await http.post<CommonResult<string>>(
    'form',
    `${base}/boSave/${key(template.boAlias)}`,
    values,
    { quiet: true },
  );
  return { id: answer.value ?? '', message: answer.message ?? '' };
}

export async function deleteFormRecords(template: FormTemplate, ids: string[]) {
  const answer = await http.delete<CommonResult<number>>(
    'form',
    `${base}/boDel/${key(template.boAlias)}?ids=${ids.map(key).join(',')}`,
  );
  return answer.message ?? '';
}

export async function batchUpdate(template: FormTemplate, ids: string[], values: Row) {
  const answer = await http.post<CommonResult<number>>(
    'form',
    `${base}/boBatchUpdate/${key(template.boAlias)}`,
    { ids, values },
    { quiet: true },
  );
  return answer.message ?? '';
}

export interface Draft {
  id: string;
  templateKey: string;
  recordId: string | null;
  title: string;
  templateName: string;
  updatedAt: string;
}

export async function saveDraft(body: {
  templateKey: string;
  id?: string | undefined;
  recordId?: string | undefined;
  title: string;
  data: Row;
}) {
  const answer = await http.post<CommonResult<string>>('form', `${base}/boSaveDraft`, body);
  return { id: answer.value ?? '', message: answer.message ?? '' };
}

export async function draftData(id: string) {
  const answer = await http.get<
    CommonResult<{ data: Row; templateKey: string; recordId: string | null }>
  >('form', `${base}/getTempDraftData/${key(id)}`);
  return answer.value!;
}

export function myDrafts(page: number, pageSize: number): Promise<PageList<Draft>> {
  return http.post<PageList<Draft>>('form', `${base}/getMyDraftList`, {
    pageBean: { page, pageSize },
  });
}

export async function removeDrafts(ids: string[]) {
  const answer = await http.delete<CommonResult<number>>(
    'form',
    `${base}/removeTempDraft?ids=${ids.map(key).join(',')}`,
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

/** One problem of a refused import: a row may have several (one per field). */
export interface ImportProblem {
  row: number;
  /** The field's label, in the caller's language. */
  field?: string;
  /** The value as the file gave it (cut at 60 characters). */
  value?: string;
  message: string;
}

/** Uploads an XLSX; a refused file answers its per-row report rather than throwing. */
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
    const answer = await http.post<CommonResult<number>>(
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
    const failure = error as { message: string; body?: { value?: ImportProblem[] } };
    return { ok: false, message: failure.message, problems: failure.body?.value ?? [] };
  }
}

export interface TemplateEntry {
  templateKey: string;
  name: string;
  formKey: string;
  source: 'store' | 'form';
}

/** The data templates (listJson), for a page that lists the online forms. */
export function templateEntries(page: number, pageSize: number): Promise<PageList<TemplateEntry>> {
  return http.post<PageList<TemplateEntry>>('form', `${base}/listJson`, {
    pageBean: { page, pageSize },
  });
}

/**
 * Saves a definition as the form's next version (administrators); answers the version.
 * `baseVersion`: the version it was edited from (a newer one saved since is refused, 409).
 */
export async function saveFormDefinition(definition: unknown, baseVersion?: number) {
  const answer = await http.post<CommonResult<number>>(
    'form',
    '/form/form/v1/save',
    baseVersion === undefined ? { definition } : { definition, baseVersion },
    { quiet: true },
  );
  return { version: answer.value ?? 0, message: answer.message ?? '' };
}

export async function storedDefinition(formKey: string) {
  const answer = await http.get<CommonResult<{ version: number; definition: FormDefinition }>>(
    'form',
    '/form/form/v1/getByKey',
    { formKey },
  );
  return answer.value!;
}
