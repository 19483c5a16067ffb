import { sql, type Kysely } from 'kysely';
import { contractPrintForm } from '../../domain/shell/templates/contract-print-form';

/**
 * dyzl becomes an online form whose records stay the rows of contract_prints (docs/forms.md,
 * "Record stores"): a database seeded before this gets the form's definition (version 1)
 * and its template turned into a form template. A fresh database has no templates yet (the
 * seed writes both), so this changes nothing there. The template's fields (the rule strings
 * of the older page) give way to the definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ n: number }>`
    select count(*)::int as n from data_templates where template_key = 'dyzl' and source = 'store'
  `.execute(db);
  if (!found.rows[0]?.n) return;
  const definition = JSON.stringify(contractPrintForm);
  await sql`
    insert into form_defs (form_key, version, name, name_en, definition)
    select 'dyzl', 1, ${contractPrintForm.name}, ${contractPrintForm.nameEn ?? ''},
      ${definition}::jsonb
    where not exists (select 1 from form_defs where form_key = 'dyzl')
  `.execute(db);
  await sql`
    update data_templates set source = 'form', fields = '[]' where template_key = 'dyzl'
  `.execute(db);
}
