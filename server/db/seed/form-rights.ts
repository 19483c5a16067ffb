import { sql, type Kysely } from 'kysely';
import type { FormAudience, FormRights } from '../../../src/core/forms/rights';
import { roleIds } from './ids';

/**
 * Who may use the demo's forms besides their managers (docs/forms.md, "Who may use a form";
 * the managers are each template's edit roles and hold every right). Each seeded template
 * has rights of its own, so none depends on the default:
 * - staff-only forms (store inspection, contract registration) are their managers' alone;
 * - fitting-out applications: whoever the menu shows them to (merchants, the store and
 *   contract roles) reads, adds and edits their own; the managers delete;
 * - meeting bookings and supervision tasks: staff read, add and edit their own;
 * - contract print data (dyzl): whoever the menu or the app centre shows it to reads (the
 *   table's own scope then shows a merchant their unit's rows, contract-print-store.ts);
 *   the managers write.
 */
const nobody: FormAudience = {};
const managersOnly: FormRights = { read: nobody, add: nobody, edit: nobody, delete: nobody };
const byMenu: FormAudience = { menu: true };
const staff: FormAudience = { roles: [roleIds.staff] };

export const seededFormRights: Record<string, FormRights> = {
  inspection: managersOnly,
  contractRegistration: managersOnly,
  fitOut: { read: byMenu, add: byMenu, edit: byMenu, delete: nobody },
  meetingBooking: { read: staff, add: staff, edit: staff, delete: nobody },
  wfzdrw: { read: staff, add: staff, edit: staff, delete: nobody },
  dyzl: { read: byMenu, add: nobody, edit: nobody, delete: nobody },
};

/**
 * Gives the seeded templates their rights where they have none yet: after the templates are
 * seeded, and in migration 0033 for a database seeded before rights existed.
 */
export async function seedFormRights<T>(db: Kysely<T>): Promise<void> {
  for (const [key, rights] of Object.entries(seededFormRights)) {
    await sql`update data_templates set rights = ${JSON.stringify(rights)}::jsonb
      where template_key = ${key} and rights is null`.execute(db);
  }
}
