import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * System modules (/sysModulePreview/{id}, docs/forms.md "System modules"): a named business
 * page made of tabs, each an online form's data template, a custom query or a custom chart
 * named by its key, and the roles that may open it. The tabs are JSON text as the platform
 * keeps them; the server checks each one's type and key when it answers.
 *
 * Also: meeting bookings (the meetingBooking form) reach the meetings card of the people
 * they invite, found by the `person` of their `attendees` rows; this index keeps that lookup
 * an index scan however many sub-table rows the forms hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table sys_modules (
    id text primary key,
    name text not null,
    name_en text not null default '',
    items text not null default '[]',
    role_ids text not null default '[]',
    sort integer not null default 0
  );

  create index form_sub_rows_attendee on form_sub_rows ((data->>'person'), record_id)
    where sub_table = 'attendees';
`;
