import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The done lists in list order: the caller's records newest first with the id as tiebreaker
 * (the done lists' keyset order), one index for their own actions and one for a secretary's
 * on their behalf; the first replaces the one without the tiebreaker (docs/decisions.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  drop index if exists wf_records_user;
  create index wf_records_user_list on wf_records (user_id, created_at desc, id desc)
    where task_id is not null;
  create index wf_records_behalf_list on wf_records (on_behalf_of_id, created_at desc, id desc)
    where task_id is not null and on_behalf_of_id is not null;
  analyze wf_records;
`;
