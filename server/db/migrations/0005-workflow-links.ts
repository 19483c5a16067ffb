import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Business records, related processes and pinned favourites (docs/workflow.md, "Business
 * records and related processes"). wf_instances.business_key exists since 0003; what was
 * missing is an index to find a record's instances and the rule that a record has one
 * running instance per flow, kept by the database so that two simultaneous starts cannot
 * both pass the check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create index wf_instances_business on wf_instances (business_key, created_at desc)
    where business_key <> '';
  create unique index wf_instances_running_record on wf_instances (def_key, business_key)
    where status = 'running' and business_key <> '';

  -- instances an applicant linked to theirs when starting it (relatedProcess)
  create table wf_related_instances (
    inst_id text not null references wf_instances (id),
    related_id text not null references wf_instances (id),
    created_by text not null references users (id),
    created_at timestamptz not null default now(),
    primary key (inst_id, related_id)
  );
  create index wf_related_instances_related on wf_related_instances (related_id);

  alter table wf_favourites add column is_top boolean not null default false;
`;
