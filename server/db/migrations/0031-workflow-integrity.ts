import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Approval integrity (docs/workflow.md, "Approval integrity"): the content an approval was
 * given on, and who acted through which chain.
 *
 * - wf_instances.form_rev counts the changes of the form data (0 as started);
 * - wf_tasks.form_rev is the revision a task was completed on (null while open);
 * - wf_records.form_rev is the revision when the record was written;
 * - wf_records.acting_as_id is the person a secretary acted as when that is neither who
 *   pressed the button nor whose task it was (a secretary voting for a leader who holds a
 *   vote delegated to them);
 * - wf_tokens.return_rev is the revision when a direct return was made: the flow jumps back
 *   only while the content is still that revision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_instances add column form_rev integer not null default 0`.execute(db);
  await sql`alter table wf_tasks add column form_rev integer`.execute(db);
  await sql`alter table wf_records add column form_rev integer not null default 0`.execute(db);
  await sql`alter table wf_records add column acting_as_id text`.execute(db);
  await sql`alter table wf_tokens add column return_rev integer`.execute(db);
  // Tasks done before this migration were done on the content as it is now.
  await sql`update wf_tasks set form_rev = 0 where state = 'done'`.execute(db);
}
