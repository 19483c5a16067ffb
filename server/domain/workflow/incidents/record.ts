import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { WfJobsTable } from '../../../db/schema-workflow';
import { translate, type Params } from '../../../i18n';
import { UserError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { loadDefinition } from '../definitions';
import { nodeLabel, subjectLabel } from '../queries/names';

/**
 * Opening and closing incidents (docs/workflow.md, "Incidents"). A job that fails for good is
 * parked and becomes an incident; an instance that is running with no open task and no job
 * left to move it (a stalled instance) is one too. Each new incident tells the applicant
 * through a workflow message; administrators list them and retry or cancel (actions.ts).
 */
export type Job = Selectable<WfJobsTable>;

/** A refusal of the engine keeps its key (translated when read); anything else its text. */
export interface Failure {
  error: string;
  key: string | null;
  params: Params;
}

export function failureOf(error: unknown): Failure {
  if (error instanceof UserError) {
    return {
      error: translate('zh-CN', error.key, error.params),
      key: error.key,
      params: error.params,
    };
  }
  return { error: String(error).slice(0, 2000), key: null, params: {} };
}

/** The failure as the reader reads it: a refusal in their language, else the text. */
export function failureText(
  row: { error: string; error_key: string | null; error_params: Params },
  t: (key: string, params?: Params) => string,
): string {
  return row.error_key ? t(row.error_key, row.error_params) : row.error;
}

/**
 * A message the server composes, in both languages at once: it is written before anyone reads
 * it, and each reader reads it in theirs (migration 0027). `paramsEn` replaces what has an
 * English of its own (a node's name, a refusal); what users typed stays as typed.
 */
export interface Composed {
  zh: string;
  en: string;
}

export function composed(key: string, params: Params, paramsEn: Params = params): Composed {
  return { zh: translate('zh-CN', key, params), en: translate('en-US', key, paramsEn) };
}

/**
 * Tells the applicant (and the secretary who started the flow for them) about an incident,
 * through the workflow messages the job poller also writes.
 */
export async function tellApplicant(
  trx: Kysely<Database>,
  instId: string,
  key: string,
  params: Params,
  now: Date,
  paramsEn: Params = params,
): Promise<void> {
  const inst = await trx
    .selectFrom('wf_instances')
    .select(['subject', 'subject_en', 'starter_id', 'on_behalf_of_id'])
    .where('id', '=', instId)
    .executeTakeFirstOrThrow();
  const text = composed(
    key,
    { subject: inst.subject, ...params },
    { subject: subjectLabel('en-US', inst), ...paramsEn },
  );
  const people = [...new Set([inst.on_behalf_of_id ?? inst.starter_id, inst.starter_id])];
  await trx
    .insertInto('wf_messages')
    .values(
      people.map((userId) => ({
        id: newId(),
        user_id: userId,
        inst_id: instId,
        task_id: null,
        kind: 'incident' as const,
        text: text.zh,
        text_en: text.en,
        created_at: now,
      })),
    )
    .execute();
}

/** The node a job works on: the timer its token waits at, or the task it reminds about. */
async function jobNode(
  trx: Kysely<Database>,
  job: Job,
): Promise<{ id: string; name: string; nameEn: string }> {
  const none = { id: '', name: '', nameEn: '' };
  if (!job.inst_id) return none;
  const inst = await trx
    .selectFrom('wf_instances')
    .select('def_id')
    .where('id', '=', job.inst_id)
    .executeTakeFirst();
  if (!inst) return none;
  const def = await loadDefinition(trx, inst.def_id);
  const named = (id: string, stored: string) => ({
    id,
    name: stored,
    nameEn: nodeLabel('en-US', def.row, id, stored),
  });
  if (job.task_id) {
    const task = await trx
      .selectFrom('wf_tasks')
      .select(['node_id', 'node_name'])
      .where('id', '=', job.task_id)
      .executeTakeFirst();
    if (task) return named(task.node_id, task.node_name);
  }
  if (!job.token_id) return none;
  const token = await trx
    .selectFrom('wf_tokens')
    .select('node_id')
    .where('id', '=', job.token_id)
    .executeTakeFirst();
  if (!token) return none;
  return named(token.node_id, def.graph.nodes.get(token.node_id)?.name ?? token.node_id);
}

/**
 * Parks a job that failed for good and opens its incident, in one transaction: the job is
 * no longer polled, the incident is listed, the applicant is told. Two processes parking
 * the same job open one incident (the partial unique index decides).
 */
export async function parkJob(
  db: Db,
  now: Date,
  job: Job,
  failure: Failure,
  attempts: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const parked = await trx
      .updateTable('wf_jobs')
      .set({ attempts, last_error: failure.error, failed_at: now })
      .where('id', '=', job.id)
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!parked || !job.inst_id) return;
    const node = await jobNode(trx, job);
    const opened = await trx
      .insertInto('wf_incidents')
      .values({
        id: newId(),
        inst_id: job.inst_id,
        kind: 'job',
        job_id: job.id,
        node_id: node.id,
        node_name: node.name,
        error: failure.error,
        error_key: failure.key,
        error_params: JSON.stringify(failure.params),
        attempts,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (opened) {
      await tellApplicant(
        trx,
        job.inst_id,
        'server:workflow.incident.text',
        { node: node.name, error: failure.error },
        now,
        {
          node: node.nameEn,
          error: failure.key ? translate('en-US', failure.key, failure.params) : failure.error,
        },
      );
    }
  });
}

/**
 * Running instances nothing can move: no open task and no job that has not finished (a
 * parked job is an incident of its own). Joins and timers only move when a task or a job
 * does, so such an instance waits forever.
 */
const stalled = sql<boolean>`i.status = 'running'
  and not exists (select 1 from wf_tasks t where t.inst_id = i.id and t.state = 'open')
  and not exists (select 1 from wf_jobs j where j.inst_id = i.id and j.done_at is null)`;

/**
 * Opens an incident for every newly stalled instance (telling its applicant) and closes the
 * incidents whose instance moved on by other means (ended, its job done, tasks again).
 * Run by the job poller every minute and before administrators list incidents.
 */
export async function sweepIncidents(db: Db, now = new Date()): Promise<number> {
  const found = await db
    .selectFrom('wf_instances as i')
    .select('i.id')
    .where(stalled)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('wf_incidents as n')
            .select('n.id')
            .whereRef('n.inst_id', '=', 'i.id')
            .where('n.resolved_at', 'is', null),
        ),
      ),
    )
    .limit(500)
    .execute();
  let opened = 0;
  for (const { id } of found) {
    await db.transaction().execute(async (trx) => {
      if (await openStalled(trx, id, now)) opened++;
    });
  }
  await closeRecovered(db, now);
  return opened;
}

/** Opens the stalled incident of an instance and tells its applicant; false when open. */
async function openStalled(trx: Kysely<Database>, instId: string, now: Date): Promise<boolean> {
  const row = await trx
    .insertInto('wf_incidents')
    .values({
      id: newId(),
      inst_id: instId,
      kind: 'stalled',
      error: translate('zh-CN', 'server:workflow.incident.stalled'),
      error_key: 'server:workflow.incident.stalled',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  await tellApplicant(trx, instId, 'server:workflow.incident.stalledText', {}, now);
  return true;
}

/**
 * After every action, inside its transaction: an instance the action left with nothing that
 * can move it is an incident at once, not a poller round later.
 */
export async function openIfStalled(
  trx: Kysely<Database>,
  instId: string,
  now: Date,
): Promise<void> {
  const row = await sql<{ stalled: boolean }>`
    select ${stalled} as stalled from wf_instances i where i.id = ${instId}`.execute(trx);
  if (row.rows[0]?.stalled) await openStalled(trx, instId, now);
}

/** Incidents whose instance moved on without an administrator: closed as recovered. */
async function closeRecovered(db: Db, now: Date): Promise<void> {
  await db
    .updateTable('wf_incidents as n')
    .set({ resolved_at: now, resolution: 'recovered', updated_at: now })
    .where('n.resolved_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('n.kind', '=', 'stalled'),
          sql<boolean>`not exists (select 1 from wf_instances i where i.id = n.inst_id and ${stalled})`,
        ]),
        eb.and([
          eb('n.kind', '=', 'job'),
          sql<boolean>`not exists (select 1 from wf_jobs j
            where j.id = n.job_id and j.done_at is null and j.failed_at is not null)`,
        ]),
      ]),
    )
    .execute();
}
