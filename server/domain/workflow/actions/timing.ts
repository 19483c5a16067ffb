import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Db } from '../../../db/database';
import { badRequest, forbidden } from '../../../lib/errors';
import { actorFor, conflict, type Caller } from '../access';
import { applicantOf, record, withInstance, type EngineOptions, onTask } from '../engine/context';
import { finishTaskJobs, scheduleDue } from '../engine/tasks';
import { withTask } from './run';
import { assertRunning, opinionOf } from './shared';

const hour = 3_600_000;
/** A due time can be extended by at most 30 days at once. */
export const maxExtensionHours = 720;

/** The urgency levels offered for a flow: its own, else the general ones. */
export async function urgentStates(db: Kysely<Database>, defKey: string | undefined) {
  const rows = await db
    .selectFrom('wf_urgent_states')
    .select(['value', 'name', 'color', 'def_key'])
    .where('def_key', 'in', defKey ? ['', defKey] : [''])
    .orderBy('sort')
    .execute();
  const own = rows.filter((row) => row.def_key !== '');
  return (own.length > 0 ? own : rows).map(({ value, name, color }) => ({ value, name, color }));
}

export interface UrgeInput {
  instId: string;
  nodeId?: string;
  opinion?: string;
  urgentStateValue?: string;
}

/**
 * sendBpmTaskUrgent: the applicant urges whoever holds the open tasks (of a node, or all).
 * The urging is recorded at once; the reminders go out through an urge job, so they are
 * delivered by the job poller of any process.
 */
export async function urge(db: Db, caller: Caller, input: UrgeInput, options: EngineOptions = {}) {
  await withInstance(db, input.instId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    const applicant = applicantOf(ctx.inst);
    if (actor.identity !== applicant && actor.userId !== ctx.inst.starter_id && !actor.isAdmin) {
      throw forbidden('server:workflow.notStarter');
    }
    assertRunning(ctx);
    let open = ctx.trx
      .selectFrom('wf_tasks as t')
      .leftJoin('wf_task_actors as a', 'a.task_id', 't.id')
      .select([sql<string>`coalesce(t.assignee_id, a.user_id)`.as('user_id'), 't.node_id'])
      .where('t.inst_id', '=', ctx.inst.id)
      .where('t.state', '=', 'open');
    if (input.nodeId) open = open.where('t.node_id', '=', input.nodeId);
    const rows = await open.execute();
    const appointees = [...new Set(rows.map((row) => row.user_id).filter(Boolean))];
    if (appointees.length === 0) throw conflict('server:workflow.nothingToUrge');
    const state = input.urgentStateValue ?? '';
    if (state && !(await urgentStates(ctx.trx, ctx.inst.def_key)).some((s) => s.value === state)) {
      throw badRequest('server:workflow.urgentStateUnknown');
    }
    const id = ctx.newId();
    const nodeId = input.nodeId ?? rows[0]!.node_id;
    const opinion = opinionOf(input.opinion);
    await ctx.trx
      .insertInto('wf_urges')
      .values({
        id,
        inst_id: ctx.inst.id,
        node_id: nodeId,
        urger_id: actor.identity,
        appointee_ids: appointees,
        urgent_state: state,
        opinion,
        created_at: ctx.now,
      })
      .execute();
    if (state) {
      await ctx.trx
        .updateTable('wf_instances')
        .set({ urgent_state: state })
        .where('id', '=', ctx.inst.id)
        .execute();
    }
    await ctx.trx
      .insertInto('wf_jobs')
      .values({
        kind: 'urge',
        inst_id: ctx.inst.id,
        run_at: ctx.now,
        payload: JSON.stringify({ urgeId: id }),
      })
      .execute();
    const nodeName = ctx.def.graph.nodes.get(nodeId)?.name ?? nodeId;
    await record(ctx, { nodeId, nodeName, action: 'urge', opinion, actor, detail: { appointees } });
  });
}

/** bpmTaskDueTime: the due time of a task, and how much is left. */
export function dueInfo(task: { id: string; due_at: Date | null; due_status: number }, now: Date) {
  return {
    id: task.id,
    taskId: task.id,
    expirationDate: task.due_at,
    status: task.due_status,
    remainingMinutes: task.due_at
      ? Math.round((task.due_at.getTime() - now.getTime()) / 60_000)
      : null,
  };
}

export function checkExtension(addDueTime: number): void {
  if (!Number.isFinite(addDueTime) || addDueTime <= 0 || addDueTime > maxExtensionHours) {
    throw badRequest('server:workflow.extensionInvalid', { max: maxExtensionHours });
  }
}

/** The due time after an extension by addDueTime hours (from now when it had none). */
export function extendedDue(dueAt: Date | null, addDueTime: number, now: Date): Date {
  checkExtension(addDueTime);
  return new Date((dueAt ?? now).getTime() + addDueTime * hour);
}

/** bpmTaskDueTime save: the holder extends the due time; the reminder job moves with it. */
export async function extendDue(
  db: Db,
  caller: Caller,
  input: { taskId: string; addDueTime: number; remark?: string },
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, task, actor) => {
    const due = extendedDue(task.due_at, input.addDueTime, ctx.now);
    await finishTaskJobs(ctx, { taskId: task.id });
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ due_at: due, due_status: 0 })
      .where('id', '=', task.id)
      .execute();
    await scheduleDue(ctx, task.id, due);
    await record(ctx, {
      ...onTask(task),
      action: 'taskDelay',
      opinion: opinionOf(input.remark),
      actor,
      detail: { addDueTime: input.addDueTime, dueAt: due.toISOString() },
    });
  });
}
