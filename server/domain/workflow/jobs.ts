import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { WfJobsTable } from '../../db/schema-workflow';
import { UserError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { formatDateTime } from '../../lib/time';
import { loadDefinition } from './definitions';
import { flushCtx, record, type Ctx } from './engine/context';
import { leave, settle } from './engine/flow';
import { composed, failureOf, parkJob, sweepIncidents, type Composed } from './incidents/record';
import { nodeLabel, subjectLabel } from './queries/names';

type Job = Selectable<WfJobsTable>;

/**
 * The job poller (docs/workflow.md, "Jobs"). Timers, due reminders and urging are rows in
 * wf_jobs; any number of processes poll them with FOR UPDATE SKIP LOCKED, so each job runs
 * once. A job takes its instance's lock with SKIP LOCKED too: when an action holds the
 * instance, the job waits for the next round instead of deadlocking against it.
 */
export interface JobRunOptions {
  now?: Date;
  /** At most this many jobs per call. */
  limit?: number;
  timeZone?: string;
}

/** Lets the instance-bound handlers work in the job's transaction. */
async function lockInstance(trx: Kysely<Database>, instId: string, now: Date): Promise<Ctx | null> {
  const inst = await trx
    .selectFrom('wf_instances')
    .selectAll()
    .where('id', '=', instId)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!inst) return null;
  return { trx, now, newId, inst, def: await loadDefinition(trx, inst.def_id) };
}

async function runTimer(ctx: Ctx, job: Job): Promise<void> {
  if (ctx.inst.status !== 'running' || !job.token_id) return;
  const token = await ctx.trx
    .selectFrom('wf_tokens')
    .selectAll()
    .where('id', '=', job.token_id)
    .executeTakeFirst();
  if (!token) return;
  const timer = ctx.def.graph.nodes.get(token.node_id);
  await record(ctx, { nodeId: token.node_id, nodeName: timer?.name ?? '', action: 'timer' });
  await leave(ctx, token);
  await settle(ctx);
}

async function message(
  ctx: Ctx,
  userId: string,
  kind: 'urge' | 'due',
  taskId: string | null,
  text: Composed,
) {
  await ctx.trx
    .insertInto('wf_messages')
    .values({
      id: ctx.newId(),
      user_id: userId,
      inst_id: ctx.inst.id,
      task_id: taskId,
      kind,
      text: text.zh,
      text_en: text.en,
      created_at: ctx.now,
    })
    .execute();
}

/** Who holds an open task: its assignee, or its candidates. */
async function holdersOf(ctx: Ctx, task: { id: string; assignee_id: string | null }) {
  if (task.assignee_id) return [task.assignee_id];
  const actors = await ctx.trx
    .selectFrom('wf_task_actors')
    .select('user_id')
    .where('task_id', '=', task.id)
    .execute();
  return actors.map((actor) => actor.user_id);
}

async function runDue(ctx: Ctx, job: Job, timeZone: string): Promise<void> {
  const task = await ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .where('id', '=', job.task_id ?? '')
    .executeTakeFirst();
  if (!task || task.state !== 'open' || !task.due_at || task.due_at > ctx.now) return;
  await ctx.trx.updateTable('wf_tasks').set({ due_status: 1 }).where('id', '=', task.id).execute();
  const time = formatDateTime(task.due_at, timeZone);
  const text = composed(
    'server:workflow.dueText',
    { subject: ctx.inst.subject, time, node: task.node_name },
    {
      subject: subjectLabel('en-US', ctx.inst),
      time,
      node: nodeLabel('en-US', ctx.def.row, task.node_id, task.node_name),
    },
  );
  for (const userId of await holdersOf(ctx, task)) await message(ctx, userId, 'due', task.id, text);
}

async function runUrge(ctx: Ctx, job: Job): Promise<void> {
  const urgeId = String(job.payload.urgeId ?? '');
  const urging = await ctx.trx
    .selectFrom('wf_urges')
    .selectAll()
    .where('id', '=', urgeId)
    .executeTakeFirst();
  if (!urging || ctx.inst.status !== 'running') return;
  const urger = await ctx.trx
    .selectFrom('users')
    .select('fullname')
    .where('id', '=', urging.urger_id)
    .executeTakeFirst();
  const open = await ctx.trx
    .selectFrom('wf_tasks')
    .select(['id', 'assignee_id'])
    .where('inst_id', '=', ctx.inst.id)
    .where('state', '=', 'open')
    .execute();
  const params = { urger: urger?.fullname ?? '', opinion: urging.opinion };
  const text = composed(
    'server:workflow.urgeText',
    { ...params, subject: ctx.inst.subject },
    { ...params, subject: subjectLabel('en-US', ctx.inst) },
  );
  const sent = new Set<string>();
  for (const task of open) {
    for (const userId of await holdersOf(ctx, task)) {
      if (!urging.appointee_ids.includes(userId) || sent.has(userId)) continue;
      sent.add(userId);
      await message(ctx, userId, 'urge', task.id, text);
    }
  }
}

/** Runs one job's work inside its instance's transaction (the poller and a retry). */
export async function runJob(ctx: Ctx, job: Job, timeZone: string): Promise<void> {
  if (job.kind === 'timer') await runTimer(ctx, job);
  if (job.kind === 'due') await runDue(ctx, job, timeZone);
  if (job.kind === 'urge') await runUrge(ctx, job);
  await flushCtx(ctx);
}

type Outcome = 'done' | 'busy' | 'none';

async function runOne(
  db: Db,
  now: Date,
  skip: number[],
  timeZone: string,
  picked: { job?: Job },
): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('wf_jobs')
      .selectAll()
      .where('done_at', 'is', null)
      .where('failed_at', 'is', null)
      .where('run_at', '<=', now)
      // Mail sync jobs run under a lease of their own (server/domain/mail/jobs.ts).
      .where('kind', '!=', 'mail-sync')
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked();
    if (skip.length > 0) query = query.where('id', 'not in', skip);
    const job = await query.executeTakeFirst();
    if (!job) return 'none';
    picked.job = job;
    const ctx = job.inst_id ? await lockInstance(trx, job.inst_id, now) : null;
    if (job.inst_id && !ctx) {
      skip.push(job.id);
      return 'busy';
    }
    if (ctx) await runJob(ctx, job, timeZone);
    await trx
      .updateTable('wf_jobs')
      .set({ done_at: now, attempts: job.attempts + 1 })
      .where('id', '=', job.id)
      .execute();
    return 'done';
  });
}

/** Attempts of a job that fails for a reason that may pass (a lost connection...). */
export const maxJobAttempts = 5;

/**
 * A failed job. A refusal of the engine (no approver, no branch...) fails the same way every
 * time: the job is parked at once and becomes an incident. Other errors may pass: the job is
 * tried again later, waiting longer each time (1, 2, 4, 8 minutes), and parked after
 * maxJobAttempts. Nothing retries in silence for ever.
 */
async function jobFailed(db: Db, now: Date, job: Job, error: unknown): Promise<void> {
  const attempts = job.attempts + 1;
  const failure = failureOf(error);
  if (error instanceof UserError || attempts >= maxJobAttempts) {
    return parkJob(db, now, job, failure, attempts);
  }
  const delay = Math.min(3_600_000, 60_000 * 2 ** job.attempts);
  await db
    .updateTable('wf_jobs')
    .set({ attempts, last_error: failure.error, run_at: new Date(now.getTime() + delay) })
    .where('id', '=', job.id)
    .where('done_at', 'is', null)
    .execute();
}

/** Runs the jobs that are due now; answers how many ran. Tests call this directly. */
export async function runDueJobs(db: Db, options: JobRunOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 100;
  const timeZone = options.timeZone ?? 'Asia/Shanghai';
  const skip: number[] = [];
  let ran = 0;
  while (ran < limit) {
    let outcome: Outcome;
    const picked: { job?: Job } = {};
    try {
      outcome = await runOne(db, now, skip, timeZone, picked);
    } catch (error) {
      if (!picked.job) throw error;
      skip.push(picked.job.id);
      await jobFailed(db, now, picked.job, error);
      continue;
    }
    if (outcome === 'none') break;
    if (outcome === 'done') ran++;
  }
  return ran;
}

export interface JobPoller {
  stop(): Promise<void>;
}

/** How often a process looks for stalled instances (sweepIncidents). */
const sweepEveryMs = 60_000;

/** Started by server/main.ts: polls every intervalMs; rounds never overlap. */
export function startWorkflowJobs(
  db: Db,
  log: { error(error: unknown): void },
  options: { intervalMs?: number; timeZone?: string } = {},
): JobPoller {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  let swept = 0;
  const round = async () => {
    await runDueJobs(db, { timeZone: options.timeZone ?? 'Asia/Shanghai' });
    if (Date.now() - swept < sweepEveryMs) return;
    swept = Date.now();
    await sweepIncidents(db);
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = round()
      .catch((error) => log.error(error))
      .finally(() => (busy = false));
  }, options.intervalMs ?? 5000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
