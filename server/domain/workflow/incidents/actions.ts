import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { TokenRow } from '../../../db/schema-workflow';
import { forbidden, notFound } from '../../../lib/errors';
import { actorFor, conflict, type Caller } from '../access';
import { opinionOf } from '../actions/shared';
import { record, tokensOf, withInstance, type Ctx, type EngineOptions } from '../engine/context';
import { finishInstance } from '../engine/flow';
import { createNodeTasks, liveStates } from '../engine/tasks';
import { runJob } from '../jobs';
import { node } from '../model/graph';
import type { QueryFilter } from '../queries/filter';
import { byOutput } from '../queries/filter';
import { outputColumns, runList, type ListSpec } from '../queries/run';
import { formatDateTime } from '../../../lib/time';
import type { PageList } from '../../../../src/contract/envelope';
import type { Incident } from '../../../../src/contract/workflow-incidents';
import type { Language } from '../../../../src/core/languages';
import { flowNameOf, nodeName, subjectText } from '../queries/names';
import { failureOf, failureText, sweepIncidents, tellApplicant, type Job } from './record';

/**
 * What administrators do with incidents (docs/workflow.md, "Incidents"): list them, retry
 * (run the parked job again; for a stalled instance, give its nodes their tasks again) or
 * cancel (drop a reminder job; end an instance that cannot go on, telling its applicant).
 */
function assertAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw forbidden('server:workflow.incident.adminOnly');
}

/** The incidents with flow and node names in the reader's language. */
const incidentSource = (language: Language | undefined) => sql`
  select n.id, n.kind, n.inst_id as "instId", ${subjectText(language)} as "subject",
    i.def_key as "procDefKey",
    ${flowNameOf(language, 'i.def_id')} as "procDefName", i.status as "instStatus", n.node_id as "nodeId",
    ${nodeName(language, { defId: 'i.def_id', nodeId: 'n.node_id', stored: 'n.node_name' })} as "nodeName",
    n.error, n.error_key as "errorKey", n.error_params as "errorParams", n.attempts,
    n.created_at as "createTime", n.updated_at as "updateTime", n.resolved_at as "resolvedTime",
    case when n.resolved_at is null then 'open' else 'resolved' end as state,
    coalesce(n.resolution, '') as resolution, n.note,
    (select u.fullname from users u where u.id = n.resolved_by) as "resolvedByName",
    (select u.fullname from users u where u.id = coalesce(i.on_behalf_of_id, i.starter_id))
      as "applicantName"
  from wf_incidents n join wf_instances i on i.id = n.inst_id`;

const incidentList = (language: Language | undefined): ListSpec => ({
  source: incidentSource(language),
  columns: outputColumns({
    state: ['text', true],
    kind: ['text', true],
    subject: ['text', true],
    procDefName: ['text', true],
    procDefKey: ['text', true],
    instId: ['text'],
    createTime: ['date', true],
    resolvedTime: ['date', true],
  }),
  order: [byOutput('createTime', 'desc'), byOutput('id', 'desc')],
});

/** A row of incidentSource as its SQL writes it. */
type IncidentRow = Omit<Incident, 'kindName' | 'createTime' | 'updateTime' | 'resolvedTime'> & {
  errorKey: string | null;
  errorParams: Record<string, string | number>;
  createTime: Date;
  updateTime: Date;
  resolvedTime: Date | null;
};

/** The incidents, newest first (QueryFilter: state open|resolved, kind, subject...). */
export async function listIncidents(
  db: Db,
  caller: Caller,
  filter: QueryFilter,
  timeZone: string,
): Promise<PageList<Incident>> {
  assertAdmin(caller);
  // A stalled instance shows at once, not a poller round later.
  await sweepIncidents(db);
  const page = await runList<IncidentRow>(db, incidentList(caller.language), filter, timeZone);
  return {
    ...page,
    rows: page.rows.map(({ errorKey, errorParams, ...row }) => ({
      ...row,
      error: failureText(
        { error: row.error, error_key: errorKey, error_params: errorParams },
        caller.translate,
      ),
      kindName: caller.translate(`server:workflow.incident.kind.${row.kind}`),
      createTime: formatDateTime(row.createTime, timeZone),
      updateTime: formatDateTime(row.updateTime, timeZone),
      resolvedTime: formatDateTime(row.resolvedTime, timeZone),
    })),
  };
}

async function openIncident(ctx: Ctx, id: string) {
  const incident = await ctx.trx
    .selectFrom('wf_incidents')
    .selectAll()
    .where('id', '=', id)
    .where('inst_id', '=', ctx.inst.id)
    .forUpdate()
    .executeTakeFirst();
  if (!incident) throw notFound('server:workflow.incident.notFound');
  if (incident.resolved_at) throw conflict('server:workflow.incident.closed');
  return incident;
}

async function instanceOf(db: Db, id: string): Promise<string> {
  const row = await db
    .selectFrom('wf_incidents')
    .select('inst_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('server:workflow.incident.notFound');
  return row.inst_id;
}

async function resolve(ctx: Ctx, id: string, caller: Caller, how: 'retried' | 'cancelled') {
  await ctx.trx
    .updateTable('wf_incidents')
    .set({ resolved_at: ctx.now, resolution: how, resolved_by: caller.id, updated_at: ctx.now })
    .where('id', '=', id)
    .execute();
}

/**
 * A stalled instance's nodes get their tasks again: every token on a task node without a
 * live task gets the node's tasks (a fresh vote on a countersign), and a timer without its
 * job gets one due now. Joins are not forced: a join left alone lost its branches, and
 * firing it would pass without them; such an instance can only be cancelled.
 */
async function revive(ctx: Ctx): Promise<void> {
  const tokens = await tokensOf(ctx);
  const live = await ctx.trx
    .selectFrom('wf_tasks')
    .select('token_id')
    .where('inst_id', '=', ctx.inst.id)
    .where('state', 'in', liveStates)
    .execute();
  const jobs = await ctx.trx
    .selectFrom('wf_jobs')
    .select('token_id')
    .where('inst_id', '=', ctx.inst.id)
    .where('done_at', 'is', null)
    .execute();
  const held = new Set([...live, ...jobs].map((row) => row.token_id));
  let revived = 0;
  for (const token of tokens.filter((candidate: TokenRow) => !held.has(candidate.id))) {
    const type = node(ctx.def.graph, token.node_id).type;
    if (type === 'USERTASK' || type === 'SIGNTASK') {
      await createNodeTasks(ctx, token, false);
      revived++;
    } else if (type === 'TIMER') {
      await ctx.trx
        .insertInto('wf_jobs')
        .values({ kind: 'timer', inst_id: ctx.inst.id, token_id: token.id, run_at: ctx.now })
        .execute();
      revived++;
    }
  }
  if (revived === 0) throw conflict('server:workflow.incident.nothingToRetry');
}

/**
 * retry: a parked job runs again now (it is done when it succeeds); a stalled instance is
 * revived. A retry that fails again keeps the incident open with the new error and answers
 * 409 with it; nothing of the failed attempt stays.
 */
export async function retryIncident(
  db: Db,
  caller: Caller,
  id: string,
  timeZone: string,
  options: EngineOptions = {},
): Promise<void> {
  assertAdmin(caller);
  const instId = await instanceOf(db, id);
  try {
    await withInstance(db, instId, options, async (ctx) => {
      const incident = await openIncident(ctx, id);
      const actor = await actorFor(ctx.trx, { ...caller, leaderId: null }, ctx.inst.def_key);
      if (ctx.inst.status !== 'running') throw conflict('server:workflow.notRunning');
      if (incident.kind === 'stalled') await revive(ctx);
      else {
        const job = await ctx.trx
          .selectFrom('wf_jobs')
          .selectAll()
          .where('id', '=', incident.job_id!)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await runJob(ctx, job as Job, timeZone);
        await ctx.trx
          .updateTable('wf_jobs')
          .set({ done_at: ctx.now, failed_at: null, attempts: job.attempts + 1 })
          .where('id', '=', job.id)
          .execute();
      }
      const start = node(ctx.def.graph, incident.node_id || ctx.def.graph.startId);
      await record(ctx, {
        nodeId: start.id,
        nodeName: start.name,
        action: 'incidentRetry',
        actor,
        detail: { incident: id },
      });
      await resolve(ctx, id, caller, 'retried');
    });
  } catch (error) {
    const failure = failureOf(error);
    // Refusals about the incident itself are answered as they are.
    if (
      failure.key?.startsWith('server:workflow.incident.') ||
      failure.key === 'server:workflow.notRunning'
    ) {
      throw error;
    }
    await db
      .updateTable('wf_incidents')
      .set({
        error: failure.error,
        error_key: failure.key,
        error_params: JSON.stringify(failure.params),
        attempts: sql`attempts + 1`,
        updated_at: options.now ?? new Date(),
      })
      .where('id', '=', id)
      .where('resolved_at', 'is', null)
      .execute();
    throw conflict('server:workflow.incident.retryFailed', {
      error: failure.key ? caller.translate(failure.key, failure.params) : failure.error,
    });
  }
}

/**
 * cancel: a parked reminder (due, urge) is dropped and the instance goes on. A parked timer
 * or a stalled instance cannot go on: the instance ends (manualend) with the administrator's
 * reason, and its applicant is told.
 */
export async function cancelIncident(
  db: Db,
  caller: Caller,
  input: { id: string; reason?: string },
  options: EngineOptions = {},
): Promise<void> {
  assertAdmin(caller);
  const reason = opinionOf(input.reason);
  await withInstance(db, await instanceOf(db, input.id), options, async (ctx) => {
    const incident = await openIncident(ctx, input.id);
    const actor = await actorFor(ctx.trx, { ...caller, leaderId: null }, ctx.inst.def_key);
    const job = incident.job_id
      ? await ctx.trx
          .selectFrom('wf_jobs')
          .select(['id', 'kind'])
          .where('id', '=', incident.job_id)
          .executeTakeFirst()
      : undefined;
    if (job) {
      await ctx.trx
        .updateTable('wf_jobs')
        .set({ done_at: ctx.now })
        .where('id', '=', job.id)
        .execute();
    }
    await resolve(ctx, input.id, caller, 'cancelled');
    const ends = ctx.inst.status === 'running' && (!job || job.kind === 'timer');
    if (!ends) return;
    const start = node(ctx.def.graph, ctx.def.graph.startId);
    await record(ctx, {
      nodeId: start.id,
      nodeName: start.name,
      action: 'endProcess',
      opinion: reason,
      actor,
      detail: { incident: input.id },
    });
    // The applicant hears of it below, with the administrator's reason.
    await finishInstance(ctx, 'manualend', null, reason, false);
    await tellApplicant(
      ctx.trx,
      ctx.inst.id,
      'server:workflow.incident.endedText',
      { reason },
      ctx.now,
    );
  });
}
