import { sql } from 'kysely';
import type { FormDefinition, FormField } from '../../../src/core/forms/definition';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { checkDefinition } from './definition-schema';

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
 */
export async function saveDefinition(
  db: Db,
  input: unknown,
  userId: string | null,
): Promise<number> {
  const definition = checkDefinition(input);
  const version = await db.transaction().execute(async (trx) => {
    // Two administrators saving at once: the primary key lets one win, the other retries.
    const last = await trx
      .selectFrom('form_defs')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('form_key', '=', definition.key)
      .executeTakeFirst();
    const next = Number(last?.version ?? 0) + 1;
    await trx
      .insertInto('form_defs')
      .values({
        form_key: definition.key,
        version: next,
        name: definition.name,
        name_en: definition.nameEn ?? '',
        definition: JSON.stringify(definition),
        created_by: userId,
      })
      .execute();
    return next;
  });
  await ensureIndexes(db, definition);
  return version;
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
export async function ensureIndexes(db: Db, definition: FormDefinition): Promise<void> {
  for (const field of definition.fields.filter((each) => each.indexed)) {
    await sql`create index if not exists ${sql.id(indexName(definition.key, field))}
      on form_records ((data ->> ${sql.lit(field.name)}), created_at desc, id desc)
      where form_key = ${sql.lit(definition.key)}`.execute(db);
  }
}
