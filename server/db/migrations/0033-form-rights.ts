import { sql, type Kysely } from 'kysely';

/**
 * Who may read, add, edit and delete a form's records (docs/forms.md, "Who may use a form"):
 * each data template keeps its rights beside its managers (edit_role_ids); null means the
 * default rights (src/core/forms/rights.ts). A database seeded before gets the demo forms'
 * rights (staff-only forms closed to merchants); a fresh one has no templates yet, and the
 * seed gives them the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table data_templates add column rights jsonb`.execute(db);
  for (const [key, rights] of Object.entries(demoRights)) {
    await sql`update data_templates set rights = ${JSON.stringify(rights)}::jsonb
      where template_key = ${key} and rights is null`.execute(db);
  }
}

/** The demo forms' rights as the seed gave them when this was written (frozen). */
const nobody = {};
const managersOnly = { read: nobody, add: nobody, edit: nobody, delete: nobody };
const byMenu = { menu: true };
const staff = { roles: ['1700000001000000003'] };
const demoRights: Record<string, object> = {
  inspection: managersOnly,
  contractRegistration: managersOnly,
  fitOut: { read: byMenu, add: byMenu, edit: byMenu, delete: nobody },
  meetingBooking: { read: staff, add: staff, edit: staff, delete: nobody },
  wfzdrw: { read: staff, add: staff, edit: staff, delete: nobody },
  dyzl: { read: byMenu, add: nobody, edit: nobody, delete: nobody },
};
