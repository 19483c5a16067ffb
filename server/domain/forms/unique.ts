import { sql, type SqlBool, type Transaction } from 'kysely';
import type { FormDefinition, FormField, SubTable } from '../../../src/core/forms/definition';
import type { Language } from '../../../src/core/languages';
import { parseRules } from '../../../src/core/rules/rule-string';
import type { Database } from '../../db/schema';
import { translate } from '../../i18n';
import { badRequest } from '../../lib/errors';

/**
 * The exists rule (a value held by one record of the form only; in a sub-table, by one row
 * of that table across the form's records) made safe against races (docs/forms.md, "Unique
 * values"). The check on save looks the value up before the write transaction; two saves of
 * the same value at once would both pass it. So every write of a form with such fields takes
 * a transaction-level lock per form and field, then looks again inside the transaction: the
 * second save waits for the first to commit, sees its value and is refused with the rule's
 * own message.
 */
export function uniqueFields(fields: FormField[]): FormField[] {
  return fields.filter((field) => parseRules(field.rules).some((rule) => rule.name === 'exists'));
}

/** The sub-tables that hold a unique field, with those fields. */
export function uniqueSubFields(
  definition: FormDefinition,
): { table: SubTable; field: FormField }[] {
  return definition.subTables.flatMap((table) =>
    uniqueFields(table.fields).map((field) => ({ table, field })),
  );
}

/** Whether the form has a unique field at all, in its main fields or a sub-table. */
export function holdsUniqueValues(definition: FormDefinition): boolean {
  return uniqueFields(definition.fields).length > 0 || uniqueSubFields(definition).length > 0;
}

const text = (value: unknown) =>
  value === undefined || value === null || value === '' ? undefined : String(value);

const labelOf = (language: Language, item: { label: string; labelEn?: string }) =>
  (language === 'en-US' && item.labelEn) || item.label;

function refusal(language: Language, field: FormField) {
  return badRequest('server:forms.fieldInvalid', {
    label: labelOf(language, field),
    message: translate(language, 'rules:form.exists'),
  });
}

/** A sub-table row's value held elsewhere: the table, row (from 1) and field are named. */
function subRefusal(language: Language, table: SubTable, field: FormField, row: number) {
  return badRequest('server:forms.subFieldInvalid', {
    table: labelOf(language, table),
    row,
    label: labelOf(language, field),
    message: translate(language, 'rules:form.exists'),
  });
}

type WrittenRecord = {
  id?: string | undefined;
  main: Record<string, unknown>;
  subs?: Record<string, Record<string, unknown>[]>;
};

/** One lock per form and field (a sub-table's field is `table.field`), held to commit. */
async function lockField(trx: Transaction<Database>, formKey: string, name: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${`form-unique:${formKey}`}), hashtext(${name}))`.execute(
    trx,
  );
}

/**
 * Inside the write transaction: locks the form's unique fields (in name order, so two
 * writers never wait for each other in a circle), then refuses the write when two of the
 * records written share a value or another record already holds one. `ids` are the records
 * being replaced (their own old values do not count).
 */
export async function assertUnique(
  trx: Transaction<Database>,
  language: Language,
  definition: FormDefinition,
  records: WrittenRecord[],
): Promise<void> {
  const fields = uniqueFields(definition.fields).sort((a, b) => a.name.localeCompare(b.name));
  const ids = records.flatMap((record) => (record.id ? [record.id] : []));
  for (const field of fields) {
    await lockField(trx, definition.key, field.name);
    const values = new Set<string>();
    for (const record of records) {
      const value = text(record.main[field.name]);
      if (value === undefined) continue;
      if (values.has(value)) throw refusal(language, field);
      values.add(value);
    }
    const list = [...values];
    for (let start = 0; start < list.length; start += 1000) {
      let query = trx
        .selectFrom('form_records')
        .select('id')
        .where('form_key', '=', definition.key)
        .where(
          sql<SqlBool>`data ->> ${sql.lit(field.name)} in (${sql.join(list.slice(start, start + 1000))})`,
        );
      if (ids.length) query = query.where('id', 'not in', ids);
      if (await query.limit(1).executeTakeFirst()) throw refusal(language, field);
    }
  }
  await assertSubUnique(trx, language, definition, records, ids);
}

/**
 * The same for sub-table fields, after the main ones (so every writer takes the locks in
 * one order: main fields by name, then `table.field` by name). A value may appear in one row
 * of the table across the whole form: two rows written together (of one record or of
 * several) or a row of another record holding it refuse the write, naming the row. The rows
 * of the records being replaced do not count: they are deleted by this very write.
 */
async function assertSubUnique(
  trx: Transaction<Database>,
  language: Language,
  definition: FormDefinition,
  records: WrittenRecord[],
  ids: string[],
): Promise<void> {
  const pairs = uniqueSubFields(definition).sort((a, b) =>
    `${a.table.name}.${a.field.name}`.localeCompare(`${b.table.name}.${b.field.name}`),
  );
  for (const { table, field } of pairs) {
    await lockField(trx, definition.key, `${table.name}.${field.name}`);
    const rows = new Map<string, number>();
    for (const record of records) {
      for (const [index, row] of (record.subs?.[table.name] ?? []).entries()) {
        const value = text(row[field.name]);
        if (value === undefined) continue;
        if (rows.has(value)) throw subRefusal(language, table, field, index + 1);
        rows.set(value, index + 1);
      }
    }
    const list = [...rows.keys()];
    for (let start = 0; start < list.length; start += 1000) {
      let query = trx
        .selectFrom('form_sub_rows as s')
        .innerJoin('form_records as r', 'r.id', 's.record_id')
        .select(sql<string>`s.data ->> ${sql.lit(field.name)}`.as('value'))
        .where('r.form_key', '=', definition.key)
        .where('s.sub_table', '=', table.name)
        .where(
          sql<SqlBool>`s.data ->> ${sql.lit(field.name)} in (${sql.join(list.slice(start, start + 1000))})`,
        );
      if (ids.length) query = query.where('s.record_id', 'not in', ids);
      const held = await query.limit(1).executeTakeFirst();
      if (held) throw subRefusal(language, table, field, rows.get(held.value) ?? 1);
    }
  }
}

/**
 * Rows of an import file that repeat another row's value of a unique field: each such row
 * with a message naming every row that holds the value (sheet row numbers).
 */
export function duplicatesInFile(
  language: Language,
  definition: FormDefinition,
  rows: { row: number; values: Record<string, unknown> }[],
): { row: number; field: string; value: string; message: string }[] {
  const problems: { row: number; field: string; value: string; message: string }[] = [];
  for (const field of uniqueFields(definition.fields)) {
    const byValue = new Map<string, number[]>();
    for (const { row, values } of rows) {
      const value = text(values[field.name])?.trim();
      if (value) byValue.set(value, [...(byValue.get(value) ?? []), row]);
    }
    for (const [value, list] of byValue) {
      if (list.length < 2) continue;
      const label = (language === 'en-US' && field.labelEn) || field.label;
      for (const row of list) {
        problems.push({
          row,
          field: label,
          value: value.slice(0, 60),
          message: translate(language, 'server:forms.importDuplicate', {
            label,
            value: value.slice(0, 60),
            rows: [...list.slice(0, 10), ...(list.length > 10 ? ['…'] : [])].join(
              language === 'en-US' ? ', ' : '、',
            ),
          }),
        });
      }
    }
  }
  return problems;
}
