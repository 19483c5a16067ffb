import { sql, type Transaction } from 'kysely';
import type { FormDefinition, FormField } from '../../../src/core/forms/definition';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { inTurn } from '../../lib/advisory-lock';
import { conflict, notFound } from '../../lib/errors';
import { assertValidatorsKnown } from './backend-checks';
import { checkDefinition } from './definition-schema';
import { uniqueSubFields } from './unique';
import { assertBindingKept } from '../shell/templates/contract-print-form';

export interface StoredDefinition {
  version: number;
  definition: FormDefinition;
}

/** The newest version of a form's definition. */
export async function currentDefinition(db: Db, formKey: string): Promise<StoredDefinition> {
  const row = await db
    .selectFrom('form_defs')
    .select(['version', 'definition'])
    .where('form_key', '=', formKey)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw notFound('server:forms.formNotFound');
  return { version: row.version, definition: row.definition };
}

/**
 * Stores a definition as the form's next version (records keep the version they were saved
 * with) and makes sure every indexed field has its index. Answers the new version.
 * Saves of one form take turns (a transaction-level lock on the form key), so saves at once
 * each get their own version; one that names the version it was edited from (`baseVersion`)
 * is refused with a 409 when someone else saved a newer one first.
 */
export async function saveDefinition(
  db: Db,
  input: unknown,
  userId: string | null,
  baseVersion?: number,
): Promise<number> {
  const definition = checkDefinition(input);
  assertBindingKept(definition);
  await assertValidatorsKnown(db, definition);
  return inTurn(db, `form_defs:${definition.key}`, async (trx) => {
    const last = await trx
      .selectFrom('form_defs')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('form_key', '=', definition.key)
      .executeTakeFirst();
    const current = Number(last?.version ?? 0);
    if (baseVersion !== undefined && baseVersion !== current)
      throw conflict('server:forms.definitionChanged', { version: current });
    await trx
      .insertInto('form_defs')
      .values({
        form_key: definition.key,
        version: current + 1,
        name: definition.name,
        name_en: definition.nameEn ?? '',
        definition: JSON.stringify(definition),
        created_by: userId,
      })
      .execute();
    // Under the lock: two saves never race to create the same index.
    await ensureIndexes(trx, definition);
    return current + 1;
  });
}

/** A form's field as a JSON key of form_records.data, for filters and sorts. */
export function indexName(formKey: string, field: FormField): string {
  return `form_records_${formKey}_${field.name}`.toLowerCase().slice(0, 63);
}

/**
 * One partial expression index per indexed field: (data->>'field', created_at, id) for the
 * form's rows only. Names come from a checked definition (letters, digits and _), never from
 * a request; the identifiers are still quoted through sql.id / sql.lit.
 */
export async function ensureIndexes(
  db: Db | Transaction<Database>,
  definition: FormDefinition,
): Promise<void> {
  for (const field of definition.fields.filter((each) => each.indexed)) {
    await sql`create index if not exists ${sql.id(indexName(definition.key, field))}
      on form_records ((data ->> ${sql.lit(field.name)}), created_at desc, id desc)
      where form_key = ${sql.lit(definition.key)}`.execute(db);
  }
  // A unique (exists) sub-table field is looked up on every write of the form, under its
  // lock: an index on the table's rows keeps that one probe, not a scan of every row.
  for (const { table, field } of uniqueSubFields(definition)) {
    const name = `form_sub_rows_${table.name}_${field.name}`.toLowerCase().slice(0, 63);
    await sql`create index if not exists ${sql.id(name)}
      on form_sub_rows ((data ->> ${sql.lit(field.name)}), record_id)
      where sub_table = ${sql.lit(table.name)}`.execute(db);
  }
}
