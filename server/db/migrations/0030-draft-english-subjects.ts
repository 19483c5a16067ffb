import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A draft keeps its subject in both languages, as an instance does (migration 0029): a
 * withdrawn application comes back as a draft with its instance's English subject, and
 * started again unchanged it keeps both, instead of counting as a subject the starter typed
 * (then English readers saw the Chinese). '' when none.
 *
 * Existing drafts of withdrawn instances take their instance's English where the draft's
 * subject is still the instance's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_drafts add column subject_en text not null default ''`.execute(db);
  await fillDraftSubjects(db);
}

/** Drafts of withdrawn instances whose subject is still the instance's take its English. */
export async function fillDraftSubjects(db: Kysely<unknown>): Promise<void> {
  await sql`update wf_drafts w set subject_en = i.subject_en
    from wf_instances i
    where i.id = w.source_inst_id and i.subject = w.subject and w.subject_en = ''`.execute(db);
}
