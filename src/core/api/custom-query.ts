import { $config, type ServiceBases } from '../config';
import { $language } from '../language';
import { $session } from '../session';
import type { AnswerOf } from '../../contract/call';
import type { CustomQueryDefinition, queryCalls } from '../../contract/custom-query';
import { ApiError, httpClient, send } from '../http';

/**
 * Custom queries (spec/shell.md section 7): a definition found by alias, then rows from our
 * doQuery (dsType dataSource) or from the external address the definition names (restful).
 * Every way a definition or an external answer can be broken is a CustomQueryError with its
 * own code, so the element can say exactly what is wrong (section 8).
 */

export type { CustomQueryDefinition } from '../../contract/custom-query';

export type CustomQueryErrorCode =
  | 'notFound'
  | 'emptyUrl'
  | 'badUrl'
  | 'badParams'
  | 'badHeader'
  | 'badConditions'
  | 'badMethod'
  | 'badSource'
  | 'emptyAnswer'
  | 'notJson'
  | 'noArray'
  | 'noArrayRoot'
  | 'httpStatus'
  | 'network';

export class CustomQueryError extends Error {
  constructor(
    readonly code: CustomQueryErrorCode,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
    this.name = 'CustomQueryError';
  }
}

/**
 * A field's label: `comment`, and for English readers `commentEn` where the definition has one.
 * The fields below are read here from the definition's JSON settings, which the call answers
 * as text (the contract's `conditionfield`, `displayfield`): parsed settings, not wire types.
 */
export interface FieldLabel {
  comment: string;
  commentEn?: string;
}

export const labelOf = (field: FieldLabel, language: string): string =>
  (language === 'en-US' && field.commentEn) || field.comment;

/** A condition of the query, parsed from the definition's `conditionfield` text. */
export interface ConditionField extends FieldLabel {
  field: string;
  defaultValue: string;
  /** '1' (or empty): the user may change it; anything else: a fixed value, not shown. */
  defaultType: string;
}

/** A column to show, parsed from the definition's `displayfield` (or `resultfield`) text. */
export interface DisplayField extends FieldLabel {
  field: string;
}

/** Rows to show: a dataSource page's rows and total, or a restful answer's whole list. */
export type QueryPage = Pick<AnswerOf<typeof queryCalls.run>, 'rows' | 'total'>;

/** Parses a JSON setting; blank text is `fallback`, broken text is null. */
function parseJson(text: string | null | undefined, fallback: unknown): unknown {
  if (!text?.trim()) return fallback;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown) =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);

const englishLabel = (item: Record<string, unknown>) =>
  textOf(item.commentEn) ? { commentEn: textOf(item.commentEn) } : {};

/** The condition fields of a definition; broken JSON (or not a list of fields) throws. */
export function parseConditionFields(text: string | null | undefined): ConditionField[] {
  const parsed = parseJson(text, []);
  if (!Array.isArray(parsed) || !parsed.every((item) => isPlainObject(item) && item.field)) {
    throw new CustomQueryError('badConditions');
  }
  return parsed.map((item: Record<string, unknown>) => ({
    field: textOf(item.field),
    comment: textOf(item.comment) || textOf(item.field),
    ...englishLabel(item),
    defaultValue: textOf(item.defaultValue),
    defaultType: textOf(item.defaultType),
  }));
}

/** Columns to show: displayfield, else resultfield, else the keys of the first row. */
export function displayFields(
  definition: Pick<CustomQueryDefinition, 'displayfield' | 'resultfield'>,
  rows: readonly Record<string, unknown>[],
): DisplayField[] {
  for (const text of [definition.displayfield, definition.resultfield]) {
    const parsed = parseJson(text, null);
    if (Array.isArray(parsed)) {
      const fields = parsed
        .filter((item): item is Record<string, unknown> => isPlainObject(item) && !!item.field)
        .map((item) => ({
          field: textOf(item.field),
          comment: textOf(item.comment) || textOf(item.field),
          ...englishLabel(item),
        }));
      if (fields.length > 0) return fields;
    }
  }
  return Object.keys(rows[0] ?? {}).map((field) => ({ field, comment: field }));
}

/** The initial condition values: each field's default, then the page's own values. */
export function initialValues(
  fields: readonly ConditionField[],
  given: Record<string, unknown> = {},
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [
      field.field,
      field.field in given ? textOf(given[field.field]) : field.defaultValue,
    ]),
  );
}

/** Conditions the user sees: defaultType 1 or none. Others are fixed values. */
export const isEditable = (field: ConditionField) =>
  field.defaultType === '' || field.defaultType === '1';

/** Non-empty condition values (an empty condition means "any"). */
export function filledValues(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/**
 * The rows at a dotted list key (`data.list`, `result.0.items`) of an answer; the answer
 * itself when the key is empty. Throws when there is no array there.
 */
export function rowsAt(answer: unknown, listKey: string | null | undefined): unknown[] {
  const path = (listKey ?? '')
    .split('.')
    .map((part) => part.trim())
    .filter(Boolean);
  let node: unknown = answer;
  for (const part of path) {
    if (Array.isArray(node) && /^\d+$/.test(part)) node = node[Number(part)];
    else if (isPlainObject(node)) node = node[part];
    else {
      node = undefined;
      break;
    }
  }
  if (!Array.isArray(node)) {
    throw path.length
      ? new CustomQueryError('noArray', { listKey: path.join('.') })
      : new CustomQueryError('noArrayRoot');
  }
  return node;
}

/** An external answer's text as rows: empty, not JSON and no array are three errors. */
export function readExternalAnswer(text: unknown, listKey: string): Record<string, unknown>[] {
  const body = typeof text === 'string' ? text : text === null || text === undefined ? '' : text;
  if (typeof body === 'string' && body.trim() === '') throw new CustomQueryError('emptyAnswer');
  let parsed: unknown = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body) as unknown;
    } catch {
      throw new CustomQueryError('notJson');
    }
  }
  if (parsed === null) throw new CustomQueryError('emptyAnswer');
  return rowsAt(parsed, listKey).map((row) => (isPlainObject(row) ? row : { value: row }));
}

/**
 * A request to the address a restful definition names (often another server's), prepared in
 * the browser: not a call of our API.
 */
export interface RestfulRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Query parameters (GET) or the JSON body (POST). */
  data: Record<string, unknown>;
  /** The address is one of ours: the session's token and tenant may go with it. */
  ownServer: boolean;
}

const servicePlaceholder = /^\{(uc|portal|bpmRunTime|bpmModel|form)\}/;

/**
 * A definition's address settings. The method is any text here: the server answers GET or
 * POST, and this check (badMethod, spec/shell.md section 8) does not lean on that.
 */
type RestfulSettings = Pick<CustomQueryDefinition, 'url' | 'header' | 'dataParam'> & {
  requestType: string;
};

/**
 * What to send to a restful query's address, checked before anything is sent: the address
 * is required, header and dataParam must be JSON objects, the method GET or POST. A relative
 * address (or one starting with a service placeholder such as `{form}`) is on our server.
 */
export function prepareRestful(
  definition: RestfulSettings,
  conditions: Record<string, string>,
  services: ServiceBases,
): RestfulRequest {
  const address = definition.url?.trim() ?? '';
  if (!address) throw new CustomQueryError('emptyUrl');
  const method = (definition.requestType?.trim() || 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new CustomQueryError('badMethod', { method });
  const headers = parseJson(definition.header, {});
  if (!isPlainObject(headers)) throw new CustomQueryError('badHeader');
  const params = parseJson(definition.dataParam, {});
  if (!isPlainObject(params)) throw new CustomQueryError('badParams');

  const apiOrigin = new URL(services.form).origin;
  const expanded = address.replace(
    servicePlaceholder,
    (_match, service: keyof ServiceBases) => services[service],
  );
  let url: URL;
  try {
    url = new URL(expanded, apiOrigin + '/');
  } catch {
    throw new CustomQueryError('badUrl', { url: address });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CustomQueryError('badUrl', { url: address });
  }
  const ownOrigins = new Set(Object.values(services).map((base) => new URL(base).origin));
  return {
    method,
    url: url.toString(),
    headers: Object.fromEntries(
      Object.entries(headers).map(([key, value]) => [key, textOf(value)]),
    ),
    data: { ...params, ...conditions },
    ownServer: ownOrigins.has(url.origin),
  };
}

/** The definition of an alias; a 404 answers null (it may appear later). */
export async function findByAlias(alias: string): Promise<CustomQueryDefinition | null> {
  try {
    return await send<typeof queryCalls.byAlias>(
      'form',
      { method: 'POST', path: '/form/customQuery/v1/getByAlias' },
      { body: { alias } },
      { quiet: true },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** One page of a dataSource query from our server. */
export async function runDataSource(
  alias: string,
  conditions: Record<string, string>,
  page: number,
): Promise<QueryPage> {
  const answer = await send<typeof queryCalls.run>(
    'form',
    { method: 'POST', path: '/form/customQuery/v1/doQuery' },
    { query: { alias, page }, body: conditions },
    { quiet: true },
  );
  return { rows: answer.rows, total: answer.total };
}

/**
 * Calls a restful query's address. The session's token goes only to our own server: an
 * external service never sees it. Its answer is read as text, so an empty or broken answer
 * is told apart from a missing list.
 */
export async function runRestful(
  definition: CustomQueryDefinition,
  conditions: Record<string, string>,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const { services, tenantCode } = $config.get();
  const prepared = prepareRestful(definition, conditions, services);
  const token = $session.get()?.token;
  const headers: Record<string, string> = {
    'Accept-Language': $language.get(),
    ...(prepared.ownServer && token ? { Authorization: `Bearer ${token}` } : {}),
    ...(prepared.ownServer && tenantCode ? { 'Tenant-Code': tenantCode } : {}),
    ...prepared.headers,
  };
  let response;
  try {
    response = await httpClient.request({
      url: prepared.url,
      method: prepared.method,
      headers,
      ...(prepared.method === 'GET' ? { params: prepared.data } : { data: prepared.data }),
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'CanceledError') throw error;
    throw new CustomQueryError('network');
  }
  if (response.status >= 400) throw new CustomQueryError('httpStatus', { status: response.status });
  return readExternalAnswer(response.data, definition.listKey);
}

/** Spec section 9 (workflow-office.md): a custom list shows 20 rows a page by default. */
export const customListPageSize = 20;

/** Pages and totals of a restful query are the browser's: its rows are all in one answer. */
export function pageOf<Row>(rows: readonly Row[], page: number, pageSize: number): Row[] {
  const size = pageSize > 0 ? pageSize : customListPageSize;
  const start = (Math.max(1, page) - 1) * size;
  return rows.slice(start, start + size);
}

/** What to tell the user about a failure: a message key of ours, or the server's text. */
export function describeFailure(
  error: unknown,
): { key: string; params: Record<string, string | number> } | { text: string } {
  if (error instanceof CustomQueryError) {
    return { key: `shell-elements:customQuery.errors.${error.code}`, params: error.params };
  }
  if (error instanceof ApiError && error.message) return { text: error.message };
  return { key: 'common:errors.failed', params: {} };
}
