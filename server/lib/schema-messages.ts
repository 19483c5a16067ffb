import fieldsEn from '../i18n/fields.en-US.json' with { type: 'json' };
import fieldsZh from '../i18n/fields.zh-CN.json' with { type: 'json' };
import { translate, type Language } from '../i18n';
import { UserError } from './errors';

/**
 * What a user reads when a request breaks its schema: the field named in their language and
 * the problem in their words ("铺位第 70 项的铺位号：不能为空"), never the validator's own text
 * ("body.shops.69.number must NOT have fewer than 1 characters"). Used by the error handler
 * for every route and by the form-definition check; tests/server/schema-messages.test.ts
 * keeps a label for every property name any route's schema has.
 */
export interface SchemaError {
  /** JSON pointer of the value at fault: `/shops/69/number`. */
  instancePath: string;
  keyword: string;
  params?: Record<string, unknown>;
  /** Where in the schema: a union's branches say `/anyOf/0`. */
  schemaPath?: string;
}

const labels: Record<Language, Record<string, string>> = {
  'zh-CN': fieldsZh,
  'en-US': fieldsEn,
};

/** The label of a property: its own under its parent (`shops.number`), else its general one. */
export function fieldLabel(language: Language, name: string, parent?: string): string | undefined {
  const catalogue = labels[language];
  return (parent ? catalogue[`${parent}.${name}`] : undefined) ?? catalogue[name];
}

/** Every property name that has a label (both languages must have the same ones). */
export const labelledNames = (language: Language) => Object.keys(labels[language]);

const pointer = (path: string) =>
  path
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));

const isIndex = (part: string) => /^\d+$/.test(part);

/** The value at a path of the request, to name a list item by its own name or number. */
function valueAt(root: unknown, parts: string[]): unknown {
  let node = root;
  for (const part of parts) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A list item's own name, when it has one a user would know it by. */
function itemName(item: unknown): string {
  if (item === null || typeof item !== 'object') return '';
  const record = item as Record<string, unknown>;
  for (const key of ['number', 'name', 'label', 'property', 'field']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() && value.length <= 40) return value.trim();
  }
  return '';
}

/**
 * Where the problem is, in words: the last named property, inside the first list item on the
 * way (the shop, the form field, the condition) when there is one.
 */
function subjectOf(language: Language, parts: string[], root: unknown): string {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(language, `server:validation.${key}`, params);
  const named = parts.filter((part) => !isIndex(part));
  const last = named.at(-1);
  const lastAt = last === undefined ? -1 : parts.lastIndexOf(last);
  const label = (at: number) => {
    const name = parts[at]!;
    const parent = parts
      .slice(0, at)
      .filter((part) => !isIndex(part))
      .at(-1);
    return fieldLabel(language, name, parent) ?? t('unknownField', { name });
  };
  const firstIndex = parts.findIndex(isIndex);
  if (last === undefined) return t('request');
  if (firstIndex < 0 || firstIndex === 0) return label(lastAt);
  const list = label(firstIndex - 1);
  const name = itemName(valueAt(root, parts.slice(0, firstIndex + 1)));
  const item = name
    ? t('namedItem', { list, name })
    : t('item', { list, n: Number(parts[firstIndex]) + 1 });
  if (lastAt < firstIndex) return item;
  return t('of', { outer: item, inner: label(lastAt) });
}

const typeNames = new Set(['number', 'integer', 'string', 'boolean', 'array', 'object']);

/** The problem, in words, for one validator keyword. */
function problemOf(language: Language, error: SchemaError): string {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(language, `server:validation.${key}`, params);
  const limit = Number(error.params?.limit ?? 0);
  switch (error.keyword) {
    case 'required':
      return t('required');
    case 'minLength':
      return limit <= 1 ? t('empty') : t('minLength', { limit });
    case 'maxLength':
      return t('maxLength', { limit });
    case 'minItems':
      return t('minItems', { limit });
    case 'maxItems':
      return t('maxItems', { limit });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return t(error.keyword, { limit });
    case 'type': {
      const type = String(error.params?.type ?? '').split(',')[0] ?? '';
      return typeNames.has(type) ? t(`types.${type}`) : t('invalid');
    }
    case 'enum':
    case 'const':
      return t('choice');
    case 'additionalProperties':
      return t('notAllowed');
    case 'boolean':
      // TypeBox: a property the schema does not allow ("schema is false").
      return t(/additionalProperties$/.test(error.schemaPath ?? '') ? 'notAllowed' : 'invalid');
    case 'pattern':
    case 'format':
      return t('format');
    default:
      return t('invalid');
  }
}

/**
 * The one error of a failed check to tell the user about: the first. A union (anyOf) reports
 * each of its branches' errors before its own: when the first error is such a branch, the
 * union's own says it better, and when every branch asked for one fixed value, the value is
 * simply not one of the choices.
 */
function chosenError(errors: SchemaError[]): SchemaError | undefined {
  const first = errors[0];
  if (!first || !/\/(anyOf|oneOf)\/\d+/.test(first.schemaPath ?? '')) return first;
  const union = errors.find(
    (error) =>
      (error.keyword === 'anyOf' || error.keyword === 'oneOf') &&
      error.instancePath === first.instancePath,
  );
  if (!union) return first;
  const branches = errors.filter(
    (error) => error !== union && error.instancePath === union.instancePath,
  );
  const choices = branches.every((error) => error.keyword === 'const' || error.keyword === 'enum');
  return choices ? { ...union, keyword: 'const' } : union;
}

/** A property the validator names in its params (Ajv: one; TypeBox: a list). */
function namedProperty(params: Record<string, unknown> = {}): string | undefined {
  for (const key of [
    'missingProperty',
    'additionalProperty',
    'requiredProperties',
    'additionalProperties',
  ]) {
    const value = params[key];
    const name = Array.isArray(value) ? value[0] : value;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

/** The path of the value at fault, with the missing or unexpected property added. */
function faultPath(error: SchemaError): string[] {
  const parts = pointer(error.instancePath);
  const extra = namedProperty(error.params);
  return extra === undefined ? parts : [...parts, extra];
}

/**
 * The message for a failed schema check, in the caller's language. `root` is the checked
 * value (the body), used to name a list item by its own number or name.
 */
export function schemaMessage(language: Language, errors: SchemaError[], root?: unknown): string {
  const error = chosenError(errors);
  if (!error) return translate(language, 'server:validation.badRequest');
  return translate(language, 'server:validation.message', {
    subject: subjectOf(language, faultPath(error), root),
    problem: problemOf(language, error),
  });
}

/** Fastify's own refusals before any schema ran (bad JSON, too large), by their code. */
const requestProblems: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_BODY_TOO_LARGE: 'tooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'badJson',
  FST_REQ_FILE_TOO_LARGE: 'tooLarge',
  FST_PARTS_LIMIT: 'tooLarge',
  FST_FILES_LIMIT: 'tooLarge',
  FST_FIELDS_LIMIT: 'tooLarge',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'mediaType',
};

/** A refusal of the request itself, in words: never the framework's own English. */
export function requestProblem(language: Language, code: string | undefined): string {
  const key = (code && requestProblems[code]) ?? 'badRequest';
  return translate(language, `server:validation.${key}`);
}

/**
 * A refusal of something a schema checked outside the route's own (a form definition): the
 * error handler words `errors` as it words a route's, and puts them in `key` as `detail`.
 */
export class SchemaRefusal extends UserError {
  constructor(
    key: string,
    readonly errors: SchemaError[],
    readonly root: unknown,
  ) {
    super(400, key);
    this.name = 'SchemaRefusal';
  }

  override describe(language: Language): string {
    return translate(language, this.key, {
      detail: schemaMessage(language, this.errors, this.root),
    });
  }
}
