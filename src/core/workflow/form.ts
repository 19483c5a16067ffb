import { parseRules, rulesFor, validateValue, workdaySpan } from '../rules/rule-string';
import type { RuleFailure } from '../rules/types';
import type { FormDefinition } from '../forms/definition';

/** A field of a flow form (docs/workflow.md, "Forms"). */
export interface FlowField {
  name: string;
  label: string;
  /** The label in English (the form's own text; what users type stays as typed). */
  labelEn?: string;
  type: 'text' | 'textarea' | 'number' | 'money' | 'date' | 'select' | 'user' | 'boolean';
  rules?: string;
  required?: boolean;
  options?: { value: string; label: string; labelEn?: string }[];
  /** What the field expects (合同编号's format), under it and with a failed check. */
  hint?: string;
  hintEn?: string;
}

export interface FlowForm {
  fields: FlowField[];
  /**
   * An online form the flow is bound to (docs/workflow.md, "Online forms in flows"): then it
   * is rendered and checked as that form, and `fields` only names its main fields.
   */
  formKey?: string;
  online?: FormDefinition;
  /** A URL form: a page filled in a window of its own, read with the form-data handshake. */
  url?: string;
}

/** The form with its labels in the reader's language (English where the form has it). */
export function localFlowForm(form: FlowForm, language: string): FlowForm {
  if (language !== 'en-US') return form;
  const english = <T extends { label: string; labelEn?: string }>(item: T): T =>
    item.labelEn ? { ...item, label: item.labelEn } : item;
  return {
    ...form,
    fields: form.fields.map((field) => ({
      ...english(field),
      ...(field.hintEn && { hint: field.hintEn }),
      ...(field.options && { options: field.options.map(english) }),
    })),
  };
}

export type FormValues = Record<string, unknown>;

/**
 * A field's refusal in words: a field that says what it expects (合同编号's format) says it
 * with its refusal too, in the browser's check and the server's alike; a missing value is
 * only asked for.
 */
export function refusalText(message: string, failureKey: string, hint?: string): string {
  return hint && failureKey !== 'rules:form.required' ? `${message} (${hint})` : message;
}

/** What a field may hold while being edited: text from inputs, a boolean from a box. */
export function inputText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/**
 * The value sent for a field: numbers and amounts as numbers when they are numbers (the
 * conditions compare them), blank text as absent, a boolean as a boolean. Text that is not
 * a number stays text so the rule says what is wrong with it.
 */
export function outgoingValue(field: FlowField, value: unknown): unknown {
  if (field.type === 'boolean') return value === true || value === 'true';
  if (value === null || value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : value;
  if (text === '') return undefined;
  if ((field.type === 'number' || field.type === 'money') && typeof text === 'string') {
    return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : text;
  }
  return text;
}

/** The form data to send: only the form's fields, with their outgoing values. */
export function formData(form: FlowForm, values: FormValues): FormValues {
  const data: FormValues = {};
  for (const field of form.fields) {
    const value = outgoingValue(field, values[field.name]);
    if (value !== undefined) data[field.name] = value;
  }
  return data;
}

/**
 * Checks every field the user may edit against its rule string (with `required` in front
 * when the field is required), as the server will; read-only fields are the server's data
 * and are not checked. Answers the first failure of each failing field.
 */
export function validateForm(
  form: FlowForm,
  values: FormValues,
  editable: (name: string) => boolean = () => true,
): Record<string, RuleFailure> {
  const labels = Object.fromEntries(form.fields.map((field) => [field.name, field.label]));
  const data = formData(form, values);
  const failures: Record<string, RuleFailure> = {};
  for (const field of form.fields) {
    if (!editable(field.name)) continue;
    const rules = rulesFor(field.rules, { required: field.required === true });
    const value = field.type === 'boolean' ? data[field.name] === true : data[field.name];
    const failure = validateValue(value, rules, { values: data, labels });
    if (failure) failures[field.name] = failure;
  }
  const options = optionFailures(form, data, editable);
  return { ...options, ...failures };
}

/** A select holding a value that is not one of its options (a stale draft, a typo). */
function optionFailures(
  form: FlowForm,
  data: FormValues,
  editable: (name: string) => boolean,
): Record<string, RuleFailure> {
  const failures: Record<string, RuleFailure> = {};
  for (const field of form.fields) {
    if (field.type !== 'select' || !editable(field.name) || data[field.name] === undefined)
      continue;
    if (!(field.options ?? []).some((option) => option.value === String(data[field.name])))
      failures[field.name] = { key: 'workflow:form.notAnOption' };
  }
  return failures;
}

/** Which fields a task may change: '*' for all, else the names the node lists. */
export function editableTest(
  editable: string | string[] | null | undefined,
): (name: string) => boolean {
  if (editable === '*') return () => true;
  const names = Array.isArray(editable) ? editable : editable ? editable.split(',') : [];
  if (names.includes('*')) return () => true;
  return (name) => names.includes(name);
}

/** Base64 of the UTF-8 JSON of the form data, as the platform sends `data`. */
export function encodeData(data: FormValues): string {
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Values that follow from a change: a field with the rule daysWithin:start,end is filled
 * with the working days from `start` to `end` when either date changes (请假天数 from the
 * leave dates); the user may still lower it (half days), never raise it past the span (the
 * rule, checked by the server too).
 */
export function derivedValues(form: FlowForm, values: FormValues, changed: string): FormValues {
  const derived: FormValues = {};
  for (const field of form.fields) {
    const rule = parseRules(field.rules).find((each) => each.name === 'daysWithin');
    const [start, end] = rule?.args ?? [];
    if (!start || !end || (changed !== start && changed !== end)) continue;
    const span = workdaySpan(values[start], values[end]);
    if (span !== undefined) derived[field.name] = String(span);
  }
  return derived;
}
