import { sql, type Kysely } from 'kysely';

/**
 * A requester's outcome message says which outcome it is (approved, refused, ended,
 * returned), so the messages widget can lead with it: the text names the request first and
 * the outcome last, where a one-line row cut it off. Messages written before are filled in
 * from what they link: a returned task, else how their request ended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_messages add column outcome text
    check (outcome in ('approved', 'refused', 'ended', 'returned'))`.execute(db);
  await fillOutcomes(db);
}

/** The outcome of result messages written before: a returned task, else how it ended. */
export async function fillOutcomes(db: Kysely<unknown>): Promise<void> {
  await sql`update wf_messages m set outcome = case
      when m.task_id is not null then 'returned'
      when i.status = 'manualend' then 'ended'
      when i.result = 'agree' then 'approved'
      else 'refused' end
    from wf_instances i
    where i.id = m.inst_id and m.kind = 'result' and m.outcome is null`.execute(db);
}
