import type {
  FormDefinition as OnlineForm,
  FormField as OnlineField,
} from '../../../src/core/forms/definition';
import type { Language } from '../../../src/core/languages';
import type { Db } from '../../db/database';
import { optionsOf, withChoices } from '../forms/dictionaries';
import { currentDefinition } from '../forms/definitions';
import { valueTaken } from '../forms/records';
import { checkRecord } from '../forms/values';
import { badRequest } from '../../lib/errors';
import {
  checkFormDefinition,
  validateFormData,
  type FieldType,
  type FormDefinition,
  type Translate,
} from './model/form';

/**
 * A flow whose form is an online form (docs/workflow.md, "Online forms in flows"): the
 * definition names `{ "formKey": "fitOut" }`; deploying pins the form's current version into
 * the flow version, so a running instance keeps the form it started with. Its data lives with
 * the instance (form_data: main fields by name, sub-table rows under the table's name) and is
 * checked by the online form's own checks, the same the data templates run.
 */

/** The flow's view of an online field: what conditions, subjects and assignees read. */
function flowFieldType(field: OnlineField): FieldType {
  switch (field.type) {
    case 'number':
    case 'decimal':
      return 'number';
    case 'money':
      return 'money';
    case 'date':
      return 'date';
    case 'user':
      return 'user';
    default:
      return 'text';
  }
}

/** What deploy stores as the flow's form: a plain form checked, or an online form pinned. */
export async function resolveFlowForm(db: Db, input: unknown): Promise<FormDefinition> {
  const formKey = (input as { formKey?: unknown } | null)?.formKey;
  if (formKey === undefined) {
    const problem = checkFormDefinition(input);
    if (problem) throw badRequest(problem.key, problem.params);
    return input as FormDefinition;
  }
  if (typeof formKey !== 'string' || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(formKey))
    throw badRequest('server:workflow.formInvalid', { detail: 'formKey' });
  const { definition, version } = await currentDefinition(db, formKey);
  return {
    formKey,
    formVersion: version,
    online: definition,
    // Sub-tables are named too, so a node may list them as editable.
    fields: [
      ...definition.fields.map((field) => ({
        name: field.name,
        label: field.label,
        type: flowFieldType(field),
      })),
      ...definition.subTables.map((table) => ({
        name: table.name,
        label: table.label,
        type: 'text' as const,
      })),
    ],
  };
}

/** The form as the browser renders it: an online form's dictionary choices filled in. */
export async function formForBrowser(db: Db, form: FormDefinition): Promise<FormDefinition> {
  return form.online ? { ...form, online: await withChoices(db, form.online) } : form;
}

export interface FlowFormCheck {
  db: Db;
  language: Language;
  translate: Translate;
  /** Whether the caller may put this file on the form (the engine's file rule). */
  mayAttach: (fileId: string) => Promise<boolean>;
  /** Drafts keep what was typed: well formed, rules not yet applied. */
  checkRules: boolean;
}

/** The data as stored with the instance, or a 400 naming the field and the rule. */
export async function checkFlowData(
  form: FormDefinition,
  data: unknown,
  check: FlowFormCheck,
): Promise<Record<string, unknown>> {
  if (!form.online) {
    const english = check.language === 'en-US';
    const checked = validateFormData(form, data, check.translate, check.checkRules, english);
    if ('problem' in checked) throw badRequest(checked.problem.key, checked.problem.params);
    return checked.data;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw badRequest('server:workflow.dataInvalid');
  const online = form.online;
  if (!check.checkRules) return draftValues(online, data as Record<string, unknown>);
  const record = await checkRecord(
    {
      db: check.db,
      language: check.language,
      mayAttach: check.mayAttach,
      taken: (field, value, table) =>
        valueTaken(check.db, online.key, field, value, undefined, table),
      choices: (field) => optionsOf(check.db, field),
    },
    online,
    data as Record<string, unknown>,
  );
  return { ...record.main, ...record.subs };
}

/** A draft's values: only the form's own names, so a draft cannot carry anything else. */
function draftValues(online: OnlineForm, data: Record<string, unknown>) {
  const names = new Set([
    ...online.fields.map((field) => field.name),
    ...online.subTables.map((table) => table.name),
  ]);
  return Object.fromEntries(Object.entries(data).filter(([name]) => names.has(name)));
}

/** Fields the server computes (formulas, capitals): never a change the node makes. */
export function computedNames(form: FormDefinition): Set<string> {
  return new Set(
    (form.online?.fields ?? [])
      .filter((field) => field.formula || field.capitalsOf)
      .map((field) => field.name),
  );
}

/** Files an online form's attachment fields hold (main fields and sub-table rows). */
export function formFileIds(form: FormDefinition, data: Record<string, unknown>): string[] {
  if (!form.online) return [];
  const ids = (fields: OnlineField[], values: Record<string, unknown>) =>
    fields
      .filter((field) => field.type === 'attachment')
      .flatMap(
        (field) => (Array.isArray(values[field.name]) ? values[field.name] : []) as string[],
      );
  return [
    ...ids(form.online.fields, data),
    ...form.online.subTables.flatMap((table) =>
      ((data[table.name] ?? []) as Record<string, unknown>[]).flatMap((row) =>
        ids(table.fields, row),
      ),
    ),
  ];
}
