import { sql, type Kysely } from 'kysely';
import { seedFormRights } from '../seed/form-rights';

/**
 * Who may read, add, edit and delete a form's records (docs/forms.md, "Who may use a form"):
 * each data template keeps its rights beside its managers (edit_role_ids); null means the
 * default rights (src/core/forms/rights.ts). A database seeded before gets the demo forms'
 * rights (staff-only forms closed to merchants); a fresh one has no templates yet, and the
 * seed gives them the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_templates add column rights jsonb`.execute(db);
  await seedFormRights(db);
}
