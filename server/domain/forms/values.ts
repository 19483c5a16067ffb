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
import type { Language } from '../../../src/core/language';
import type { Db } from '../../db/database';
import { translate } from '../../i18n';
import { badRequest } from '../../lib/errors';
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
  const main = await checkFields(ctx, definition.fields, body, (label, problem) =>
    badRequest('server:forms.fieldInvalid', { label, message: message(ctx, problem) }),
  );
  const subs: CheckedRecord['subs'] = {};
  for (const table of definition.subTables) {
    const rows = body[table.name] ?? [];
    if (!Array.isArray(rows) || rows.length > maxSubRows)
      throw badRequest('server:forms.subRowsInvalid', {
        table: labelOf(ctx, table),
        max: maxSubRows,
      });
    subs[table.name] = [];
    for (const [index, row] of rows.entries()) {
      if (!row || typeof row !== 'object' || Array.isArray(row))
        throw badRequest('server:forms.subRowsInvalid', {
          table: labelOf(ctx, table),
          max: maxSubRows,
        });
      subs[table.name]!.push(
        await checkFields(
          ctx,
          table.fields,
          row as Record<string, unknown>,
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
  return computed(ctx, definition, { main, subs });
}

/**
 * Formula and capitals fields as the server computes them (the request's values for them
 * were never taken); a formula that fails refuses the record with the formula error.
 */
function computed(ctx: CheckContext, definition: FormDefinition, record: CheckedRecord) {
  const { values, errors } = computeFormulas(definition, { ...record.main, ...record.subs });
  const first = errors[0];
  if (first) {
    throw badRequest('server:forms.formulaError', {
      message: `${first.field}: ${translate(ctx.language, first.key, first.params)}`,
    });
  }
  const subs: CheckedRecord['subs'] = {};
  for (const table of definition.subTables) {
    subs[table.name] = ((values[table.name] ?? []) as Record<string, unknown>[]).map((row) =>
      stored(table.fields, row),
    );
  }
  return { main: stored(definition.fields, values), subs };
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
export function checkSubRow(
  ctx: CheckContext,
  table: SubTable,
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return checkFields(
    ctx,
    table.fields,
    row,
    (label, problem) =>
      badRequest('server:forms.fieldInvalid', { label, message: message(ctx, problem) }),
    table.name,
  );
}

async function checkFields(
  ctx: CheckContext,
  fields: FormField[],
  body: Record<string, unknown>,
  refuse: (label: string, problem: FieldProblem) => Error,
  /** The sub-table these fields belong to (undefined: the main fields). */
  table?: string,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  const input = fields.filter((field) => !field.formula && !field.capitalsOf);
  for (const field of input) {
    try {
      const value = await normalise(ctx, field, body[field.name]);
      if (value !== undefined) values[field.name] = value;
    } catch (error) {
      if (error instanceof FieldProblem) throw refuse(labelOf(ctx, field), error);
      throw error;
    }
  }
  const labels = Object.fromEntries(fields.map((field) => [field.name, labelOf(ctx, field)]));
  for (const field of input) {
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
    if (failure) throw refuse(labelOf(ctx, field), new FieldProblem(failure.key, failure.params));
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
    case 'select': {
      const options = await ctx.choices(field);
      if (!options.some((option) => option.value === text))
        throw new FieldProblem('server:forms.notAnOption');
      return text;
    }
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
