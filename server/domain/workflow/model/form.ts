import {
  ruleNames,
  parseRules,
  rulesFor,
  validateValue,
} from '../../../../src/core/rules/rule-string';
import { hasUnsafePattern } from '../../../../src/core/rules/safe-pattern';
import { refusalText } from '../../../../src/core/workflow/form';
import type { RuleFailure } from '../../../../src/core/rules/types';
import type { FormDefinition as OnlineForm } from '../../../../src/core/forms/definition';

/**
 * The form of a flow definition: its fields, each with a type and a rule string of the shared
 * rule engine (src/core/rules/rule-string.ts), so the browser and the server check a form with
 * the same rules.
 */
export const fieldTypes = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'select',
  'user',
  'boolean',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export interface FormField {
  name: string;
  label: string;
  /** The label in English (shown to English readers). */
  labelEn?: string;
  type: FieldType;
  /** Rule string, e.g. "max:200" or "min_value:0.5|decimal:1". */
  rules?: string;
  /** The platform's "b" mark: required is put in front of the rules. */
  required?: boolean;
  options?: { value: string; label: string; labelEn?: string }[];
  /** What the field expects, shown under it and with a failed check (合同编号's format). */
  hint?: string;
  hintEn?: string;
}

export interface FormDefinition {
  fields: FormField[];
  /**
   * Set when the flow's form is an online form (server/domain/workflow/bound-form.ts): its key, the
   * version pinned at deploy, and that version's definition. `fields` is then the flow's view
   * of its main fields (names, labels, types), for conditions, subjects and assignees.
   */
  formKey?: string;
  formVersion?: number;
  online?: OnlineForm;
  /**
   * A URL form (spec/merchant-finance.md section 8, "new-window forms"): the page the
   * starter opens in a window of its own and asks for the data with the form-data handshake
   * (docs/workflow.md, "URL forms"). `fields` still names and checks the data it sends.
   */
  url?: string;
}

/** A URL form's address: a path of the portal's origin, or an http(s) address. */
export function isFormUrl(url: unknown): url is string {
  return (
    typeof url === 'string' &&
    url.length <= 500 &&
    (/^\/(?!\/)/.test(url) || /^https?:\/\/[^\s]+$/i.test(url)) &&
    !/[\s\p{Cc}]/u.test(url)
  );
}

/** A problem with a definition or with submitted data, described for the caller. */
export interface FormProblem {
  key: string;
  params: Record<string, string | number>;
}

const namePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks a form definition before it is deployed; answers the first problem. */
export function checkFormDefinition(form: unknown): FormProblem | undefined {
  if (
    typeof form !== 'object' ||
    form === null ||
    !Array.isArray((form as FormDefinition).fields)
  ) {
    return { key: 'server:workflow.formInvalid', params: { detail: 'fields' } };
  }
  const { url } = form as FormDefinition;
  if (url !== undefined && !isFormUrl(url)) {
    return { key: 'server:workflow.formInvalid', params: { detail: 'url' } };
  }
  const seen = new Set<string>();
  for (const field of (form as FormDefinition).fields) {
    const problem = checkField(field, seen);
    if (problem) return { key: 'server:workflow.formInvalid', params: { detail: problem } };
  }
  return undefined;
}

function checkField(field: FormField, seen: Set<string>): string | undefined {
  if (typeof field !== 'object' || field === null) return 'field';
  if (typeof field.name !== 'string' || !namePattern.test(field.name)) return `name ${field.name}`;
  if (seen.has(field.name)) return `duplicate ${field.name}`;
  seen.add(field.name);
  if (typeof field.label !== 'string' || field.label === '') return `label of ${field.name}`;
  if (field.labelEn !== undefined && typeof field.labelEn !== 'string') {
    return `labelEn of ${field.name}`;
  }
  if (!fieldTypes.includes(field.type)) return `type of ${field.name}`;
  if (field.rules !== undefined) {
    if (typeof field.rules !== 'string') return `rules of ${field.name}`;
    const unknown = parseRules(field.rules).find((rule) => !ruleNames.includes(rule.name));
    if (unknown) return `rule ${unknown.name} of ${field.name}`;
    if (hasUnsafePattern(field.rules)) return `unsafe regex of ${field.name}`;
  }
  for (const key of ['hint', 'hintEn'] as const) {
    if (field[key] !== undefined && (typeof field[key] !== 'string' || field[key].length > 200)) {
      return `${key} of ${field.name}`;
    }
  }
  if (field.type === 'select' && !(Array.isArray(field.options) && field.options.length > 0)) {
    return `options of ${field.name}`;
  }
  return undefined;
}

/** A translated rule failure message, for "label: message". */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

function normalise(field: FormField, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  if ((field.type === 'number' || field.type === 'money') && typeof value === 'string') {
    const trimmed = value.trim();
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
  }
  return value;
}

function typeProblem(field: FormField, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  switch (field.type) {
    case 'number':
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'rules:form.number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'server:workflow.fieldType';
    case 'select':
      return field.options?.some((option) => option.value === value)
        ? undefined
        : 'server:workflow.fieldOption';
    default:
      return typeof value === 'string' ? undefined : 'server:workflow.fieldType';
  }
}

/**
 * Checks submitted form data against the form: no unknown fields, values of the right type,
 * every rule passing. Answers the cleaned data (numbers as numbers) or the first problem.
 * `checkRules: false` is for drafts, which may be incomplete but must still be well formed.
 */
export function validateFormData(
  form: FormDefinition,
  data: unknown,
  translate: Translate,
  checkRules = true,
  english = false,
): { data: Record<string, unknown> } | { problem: FormProblem } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { problem: { key: 'server:workflow.dataInvalid', params: {} } };
  }
  const input = data as Record<string, unknown>;
  const fields = new Map(form.fields.map((field) => [field.name, field]));
  const unknown = Object.keys(input).find((name) => !fields.has(name));
  if (unknown)
    return { problem: { key: 'server:workflow.unknownField', params: { name: unknown } } };
  const cleaned: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (Object.hasOwn(input, field.name)) cleaned[field.name] = normalise(field, input[field.name]);
  }
  const labels = Object.fromEntries(form.fields.map((field) => [field.name, field.label]));
  for (const field of form.fields) {
    const value = cleaned[field.name];
    const wrongType = typeProblem(field, value);
    const failure: RuleFailure | undefined = wrongType
      ? { key: wrongType }
      : checkRules
        ? validateValue(value, rulesFor(field.rules, { required: field.required ?? false }), {
            values: cleaned,
            labels,
          })
        : undefined;
    if (failure) {
      // A field that says what it expects says it with its refusal too.
      const hint = (english && field.hintEn) || field.hint;
      const said = translate(failure.key, failure.params ?? {});
      const message = refusalText(said, failure.key, wrongType ? undefined : hint);
      return {
        problem: { key: 'server:workflow.fieldInvalid', params: { label: field.label, message } },
      };
    }
  }
  return { data: cleaned };
}
