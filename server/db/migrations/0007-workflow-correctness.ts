import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Incidents (docs/workflow.md, "Incidents"): a job that fails for good, or an instance left
 * running with nothing that can move it, becomes a row administrators see and act on (retry,
 * cancel), and the applicant hears about it through a workflow message. A failed job is
 * parked (failed_at) instead of being retried in silence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  alter table wf_jobs add column failed_at timestamptz;
  drop index wf_jobs_due;
  create index wf_jobs_due on wf_jobs (run_at) where done_at is null and failed_at is null;

  alter table wf_messages drop constraint wf_messages_kind_check;
  alter table wf_messages add constraint wf_messages_kind_check
    check (kind in ('urge', 'due', 'incident'));

  create table wf_incidents (
    id text primary key,
    inst_id text not null references wf_instances (id),
    -- job: a parked job; stalled: running with no open task and no job left to move it
    kind text not null check (kind in ('job', 'stalled')),
    job_id bigint references wf_jobs (id),
    node_id text not null default '',
    node_name text not null default '',
    -- what went wrong: a refusal of the engine as its message key and parameters (shown in
    -- the reader's language), anything else as text
    error text not null default '',
    error_key text,
    error_params jsonb not null default '{}',
    attempts integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    resolved_at timestamptz,
    resolution text check (resolution in ('retried', 'cancelled', 'recovered')),
    resolved_by text references users (id),
    note text not null default ''
  );
  create index wf_incidents_open on wf_incidents (created_at desc) where resolved_at is null;
  create index wf_incidents_inst on wf_incidents (inst_id);
  -- one open incident per parked job, and one per stalled instance, whatever the processes do
  create unique index wf_incidents_one_per_job on wf_incidents (job_id)
    where resolved_at is null and job_id is not null;
  create unique index wf_incidents_one_stalled on wf_incidents (inst_id)
    where resolved_at is null and kind = 'stalled';
`;
