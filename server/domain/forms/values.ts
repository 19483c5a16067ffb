import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import type {
  FieldOptions,
  FormDefinition,
  FormField,
  SubTable,
} from '../../../src/core/forms/definition';
import { moneyMax, parseDecimalText, decimalToString } from '../../../src/core/money';
import { rulesFor, validateValueAsync } from '../../../src/core/rules/rule-string';
import type { Language } from '../../../src/core/languages';
import type { Db } from '../../db/database';
import { translate } from '../../i18n';
import { badRequest, type UserError } from '../../lib/errors';
import { computeFormulas } from '../../../src/core/forms/compute';
import { runBackendCheck } from './backend-checks';

dayjs.extend(customParseFormat);

/** What one record may hold: main values by field name, sub-table rows by table name. */
export interface CheckedRecord {
  main: Record<string, unknown>;
  subs: Record<string, Record<string, unknown>[]>;
}

export interface CheckContext {
  db: Db;
  language: Language;
  /** Whether the caller may attach this file (file access rules): the uploader, usually. */
  mayAttach: (fileId: string) => Promise<boolean>;
  /**
   * Values of the field in other records of the form (the exists rule: must be unique); a
   * sub-table field names its table. A first look only: the write looks again under a lock.
   */
  taken: (field: string, value: string, table?: string) => Promise<boolean>;
  /** A select's choices (read once per context: an import checks thousands of rows). */
  choices: (field: FormField) => Promise<FieldOptions>;
}

const textLimits: Partial<Record<FormField['type'], number>> = {
  text: 500,
  textarea: 4000,
  richtext: 100_000,
  dialog: 2000,
  user: 64,
};
const dateFormats: Partial<Record<FormField['type'], string[]>> = {
  date: ['YYYY-MM-DD'],
  time: ['HH:mm', 'HH:mm:ss'],
  datetime: ['YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'],
};
export const maxSubRows = 200;

class FieldProblem extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/**
 * One thing wrong with a record: the refusal a save answers (the field's label and the
 * problem, in the caller's language), and what an import report names besides (the label,
 * the value as given).
 */
export interface RecordProblem {
  error: UserError;
  /** The field's label in the caller's language (with its sub-table's for a row's field). */
  label: string;
  /** The problem alone (不是可选的值…), without the label. */
  message: string;
  /** The value as given, when there was one. */
  value?: string;
}

/**
 * Checks a record the way the form does in the browser, and more: types, rule strings,
 * select choices, attachments the caller may use, sub-table rows. A value that got past the
 * page (or never saw it) stops here. Formula fields are computed, never taken from the
 * request; unknown names are dropped. The first problem is refused with the field's label.
 */
export async function checkRecord(
  ctx: CheckContext,
  definition: FormDefinition,
  body: Record<string, unknown>,
): Promise<CheckedRecord> {
  const checked = await recordProblems(ctx, definition, body);
  if ('problems' in checked) throw checked.problems[0]!.error;
  return checked.record;
}

/**
 * Every problem of a record, or the record as checkRecord answers it (an import reports
 * every problem of every row, a save the first).
 */
export async function recordProblems(
  ctx: CheckContext,
  definition: FormDefinition,
  body: Record<string, unknown>,
): Promise<{ record: CheckedRecord } | { problems: RecordProblem[] }> {
  const problems: RecordProblem[] = [];
  const main = await checkFields(ctx, definition.fields, body, problems, (label, problem) =>
    badRequest('server:forms.fieldInvalid', { label, message: message(ctx, problem) }),
  );
  const subs: CheckedRecord['subs'] = {};
  for (const table of definition.subTables) {
    const rows = body[table.name] ?? [];
    const badRows = () => {
      const error = badRequest('server:forms.subRowsInvalid', {
        table: labelOf(ctx, table),
        max: maxSubRows,
      });
      return { error, label: labelOf(ctx, table), message: error.describe(ctx.language) };
    };
    if (!Array.isArray(rows) || rows.length > maxSubRows) {
      problems.push(badRows());
      continue;
    }
    subs[table.name] = [];
    for (const [index, row] of rows.entries()) {
      if (!row || typeof row !== 'object' || Array.isArray(row)) {
        problems.push(badRows());
        break;
      }
      subs[table.name]!.push(
        await checkFields(
          ctx,
          table.fields,
          row as Record<string, unknown>,
          problems,
          (label, problem) =>
            badRequest('server:forms.subFieldInvalid', {
              table: labelOf(ctx, table),
              row: index + 1,
              label,
              message: message(ctx, problem),
            }),
          table.name,
        ),
      );
    }
  }
  if (problems.length) return { problems };
  return computed(ctx, definition, { main, subs });
}

/**
 * Formula and capitals fields as the server computes them (the request's values for them
 * were never taken); a formula that fails refuses the record with the formula error.
 */
function computed(
  ctx: CheckContext,
  definition: FormDefinition,
  record: CheckedRecord,
): { record: CheckedRecord } | { problems: RecordProblem[] } {
  const { values, errors } = computeFormulas(definition, { ...record.main, ...record.subs });
  if (errors.length) {
    return {
      problems: errors.map((error) => {
        const fields = definition.subTables.find((sub) => sub.name === error.table)?.fields;
        const field = (fields ?? definition.fields).find((each) => each.name === error.field);
        const message = translate(ctx.language, error.key, error.params);
        return {
          error: badRequest('server:forms.formulaError', { message: `${error.field}: ${message}` }),
          label: field ? labelOf(ctx, field) : error.field,
          message,
        };
      }),
    };
  }
  const subs: CheckedRecord['subs'] = {};
  for (const table of definition.subTables) {
    subs[table.name] = ((values[table.name] ?? []) as Record<string, unknown>[]).map((row) =>
      stored(table.fields, row),
    );
  }
  return { record: { main: stored(definition.fields, values), subs } };
}

/** The fields' values as stored: amounts as decimal text (as typed ones are), blanks absent. */
function stored(fields: FormField[], values: Record<string, unknown>) {
  const record: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    record[field.name] =
      typeof value === 'number' && (field.type === 'money' || field.type === 'decimal')
        ? String(value)
        : value;
  }
  return record;
}

/** One sub-table row alone (importSub fills the form's table with checked rows). */
export async function checkSubRow(
  ctx: CheckContext,
  table: SubTable,
  row: Record<string, unknown>,
): Promise<{ values: Record<string, unknown> } | { problems: RecordProblem[] }> {
  const problems: RecordProblem[] = [];
  const values = await checkFields(
    ctx,
    table.fields,
    row,
    problems,
    (label, problem) =>
      badRequest('server:forms.fieldInvalid', { label, message: message(ctx, problem) }),
    table.name,
  );
  return problems.length ? { problems } : { values };
}

/**
 * The fields' values as stored; each field's first problem (its type, then its rules) goes
 * to `problems`, so a record's every wrong field is known at once.
 */
async function checkFields(
  ctx: CheckContext,
  fields: FormField[],
  body: Record<string, unknown>,
  problems: RecordProblem[],
  refuse: (label: string, problem: FieldProblem) => UserError,
  /** The sub-table these fields belong to (undefined: the main fields). */
  table?: string,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  const input = fields.filter((field) => !field.formula && !field.capitalsOf);
  const failed = new Set<FormField>();
  const report = (field: FormField, problem: FieldProblem) => {
    failed.add(field);
    const label = labelOf(ctx, field);
    const given = body[field.name];
    problems.push({
      error: refuse(label, problem),
      label,
      message: message(ctx, problem),
      ...(typeof given === 'string' || typeof given === 'number' ? { value: String(given) } : {}),
    });
  };
  for (const field of input) {
    try {
      const value = await normalise(ctx, field, body[field.name]);
      if (value !== undefined) values[field.name] = value;
    } catch (error) {
      if (error instanceof FieldProblem) report(field, error);
      else throw error;
    }
  }
  const labels = Object.fromEntries(fields.map((field) => [field.name, labelOf(ctx, field)]));
  for (const field of input.filter((each) => !failed.has(each))) {
    const failure = await validateValueAsync(
      values[field.name],
      rulesFor(field.rules, { required: field.required === true }),
      {
        values,
        labels,
        checks: {
          exists: async (value) =>
            (await ctx.taken(field.name, String(value), table)) ? [value] : [],
          backend: (value, args) =>
            runBackendCheck(
              { db: ctx.db, language: ctx.language, field: field.name, value, values },
              args,
            ),
        },
      },
    );
    if (failure) report(field, new FieldProblem(failure.key, failure.params));
  }
  return values;
}

/** The stored form of a value, or a problem; blank input is absent (undefined). */
async function normalise(ctx: CheckContext, field: FormField, value: unknown): Promise<unknown> {
  if (value === undefined || value === null || value === '') return undefined;
  if (field.type === 'attachment') return attachments(ctx, value);
  if (typeof value === 'number' && ['number', 'decimal', 'money'].includes(field.type))
    value = String(value);
  if (typeof value !== 'string') throw new FieldProblem('server:forms.notText');
  // PostgreSQL refuses NUL in jsonb text; a control character is never a form value.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value))
    throw new FieldProblem('server:forms.controlCharacter');
  const text = field.type === 'richtext' || field.type === 'textarea' ? value : value.trim();
  if (text === '') return undefined;
  switch (field.type) {
    case 'number':
    case 'decimal':
    case 'money':
      return amount(field, text);
    case 'date':
    case 'time':
    case 'datetime':
      if (!dayjs(text, dateFormats[field.type], true).isValid())
        throw new FieldProblem('server:forms.notDate', { format: dateFormats[field.type]![0]! });
      return text;
    case 'select':
      return choose(ctx, await ctx.choices(field), text);
    case 'user': {
      const user = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', text.slice(0, 64))
        .executeTakeFirst();
      if (!user) throw new FieldProblem('server:forms.noSuchUser');
      return text;
    }
    default:
      if (text.length > (textLimits[field.type] ?? 500))
        throw new FieldProblem('rules:form.maxLength', { length: textLimits[field.type] ?? 500 });
      return text;
  }
}

/** Most choices a refusal lists; a longer list is counted. */
const choicesListed = 10;

/**
 * A choice's value (what is stored) from its value or its label in either language (what a
 * user sees, and an export writes); a value wins over another choice's label. Anything else
 * is refused with the choices a user may give, in their language.
 */
function choose(ctx: CheckContext, options: FieldOptions, text: string): string {
  const lower = text.toLowerCase();
  const found =
    options.find((option) => option.value === text) ??
    options.find((option) => option.label === text || option.labelEn?.toLowerCase() === lower);
  if (found) return found.value;
  const labels = options.slice(0, choicesListed).map((option) => labelOf(ctx, option));
  const more =
    options.length > choicesListed
      ? translate(ctx.language, 'server:forms.moreChoices', { count: options.length })
      : '';
  throw new FieldProblem('server:forms.notAnOption', {
    choices: labels.join(translate(ctx.language, 'server:forms.choiceSeparator')) + more,
  });
}

/** number: an integer or decimal as text; money: at most 99999999999.99, two decimals. */
function amount(field: FormField, text: string): string {
  const decimal = parseDecimalText(text.replace(/,/g, ''));
  if (!decimal) throw new FieldProblem('rules:form.number');
  if (field.type === 'number' && decimal.frac.replace(/0+$/, '') !== '')
    throw new FieldProblem('rules:form.numeric');
  if (field.type === 'money') {
    if (decimal.frac.length > 2) throw new FieldProblem('server:forms.moneyDecimals');
    if (Math.abs(Number(decimalToString(decimal))) > moneyMax)
      throw new FieldProblem('server:forms.moneyTooLarge');
  }
  return decimalToString(decimal);
}

async function attachments(ctx: CheckContext, value: unknown): Promise<string[] | undefined> {
  const ids = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
  if (!ids || ids.length > 20 || ids.some((id) => typeof id !== 'string' || !/^\d{1,19}$/.test(id)))
    throw new FieldProblem('server:forms.badAttachment');
  for (const id of ids as string[]) {
    if (!(await ctx.mayAttach(id))) throw new FieldProblem('server:forms.badAttachment');
  }
  return ids.length ? (ids as string[]) : undefined;
}

function labelOf(ctx: CheckContext, item: { label: string; labelEn?: string }): string {
  return (ctx.language === 'en-US' && item.labelEn) || item.label;
}

function message(ctx: CheckContext, problem: FieldProblem): string {
  return translate(ctx.language, problem.key, problem.params);
}
