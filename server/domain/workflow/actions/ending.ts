import type { Db } from '../../../db/database';
import { badRequest, forbidden } from '../../../lib/errors';
import { actorFor, conflict, type Caller } from '../access';
import {
  applicantOf,
  lockedTask,
  record,
  withInstance,
  type Actor,
  type Ctx,
  type EngineOptions,
  onTask,
} from '../engine/context';
import { finishInstance } from '../engine/flow';
import { node } from '../model/graph';
import { recallTask } from './returns';
import { withTask } from './run';
import { assertButton, assertRunning, checkFiles, opinionOf } from './shared';

/** doEndProcess: the holder of a task whose node offers endProcess ends the instance. */
export async function endProcess(
  db: Db,
  caller: Caller,
  input: { taskId: string; endReason?: string; files?: string },
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, task, actor) => {
    assertButton(ctx, task, 'endProcess');
    const reason = opinionOf(input.endReason);
    await record(ctx, {
      ...onTask(task),
      action: 'endProcess',
      opinion: reason,
      files: await checkFiles(ctx, actor, input.files),
      actor,
    });
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ completed_by: actor.identity })
      .where('id', '=', task.id)
      .execute();
    // The requester ending what was returned to them is told nothing, as in endProcessById.
    await finishInstance(ctx, 'manualend', null, reason, !isApplicant(ctx, actor));
  });
}

function isApplicant(ctx: Ctx, actor: Actor) {
  return actor.identity === applicantOf(ctx.inst) || actor.userId === ctx.inst.starter_id;
}

/** doEndProcessById: the applicant (or the admin) ends their running instance. */
export async function endProcessById(
  db: Db,
  caller: Caller,
  instId: string,
  reason: string | undefined,
  options: EngineOptions = {},
) {
  await withInstance(db, instId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    if (!isApplicant(ctx, actor) && !actor.isAdmin) throw forbidden('server:workflow.notStarter');
    assertRunning(ctx);
    const start = node(ctx.def.graph, ctx.def.graph.startId);
    const text = opinionOf(reason);
    await record(ctx, {
      nodeId: start.id,
      nodeName: start.name,
      action: 'endProcess',
      opinion: text,
      actor,
    });
    // The applicant ending their own request needs no message; anyone else's end tells them.
    await finishInstance(ctx, 'manualend', null, text, !isApplicant(ctx, actor));
  });
}

/** Has an approver acted since the applicant last submitted? */
async function approvedSinceSubmit(ctx: Ctx): Promise<boolean> {
  const startId = ctx.def.graph.startId;
  const submitted = await ctx.trx
    .selectFrom('wf_records')
    .select('created_at')
    .where('inst_id', '=', ctx.inst.id)
    .where('node_id', '=', startId)
    .where('action', 'in', ['start', 'resubmit'])
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const acted = await ctx.trx
    .selectFrom('wf_tasks')
    .select('id')
    .where('inst_id', '=', ctx.inst.id)
    .where('state', '=', 'done')
    .where('node_type', '<>', 'START')
    .where('created_at', '>=', submitted?.created_at ?? ctx.inst.created_at)
    .executeTakeFirst();
  return acted !== undefined;
}

/**
 * The applicant withdraws the whole instance while no approver has acted since they
 * submitted: it ends as revoke and comes back as a draft to edit and resubmit.
 */
async function withdraw(ctx: Ctx, actor: Actor, cause: string) {
  if (!isApplicant(ctx, actor)) throw forbidden('server:workflow.notStarter');
  assertRunning(ctx);
  if (await approvedSinceSubmit(ctx)) throw conflict('server:workflow.alreadyApproved');
  const start = node(ctx.def.graph, ctx.def.graph.startId);
  await record(ctx, {
    nodeId: start.id,
    nodeName: start.name,
    action: 'revokeInstance',
    opinion: cause,
    actor,
  });
  await finishInstance(ctx, 'revoke', null, cause);
  await ctx.trx
    .insertInto('wf_drafts')
    .values({
      id: ctx.newId(),
      def_id: ctx.inst.def_id,
      def_key: ctx.inst.def_key,
      subject: ctx.inst.subject,
      subject_en: ctx.inst.subject_en,
      business_key: ctx.inst.business_key,
      form_data: JSON.stringify(ctx.inst.form_data),
      creator_id: ctx.inst.starter_id,
      on_behalf_of_id: ctx.inst.on_behalf_of_id,
      start_org_id: ctx.inst.start_org_id,
      source_inst_id: ctx.inst.id,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
}

export interface RevokeInput {
  instanceId: string;
  /** A done task of the caller: take back that action. Without it: withdraw the instance. */
  taskId?: string;
  cause?: string;
}

/** revokeInstance: recall one's own done action, or withdraw one's own application. */
export async function revokeInstance(
  db: Db,
  caller: Caller,
  input: RevokeInput,
  options: EngineOptions = {},
) {
  await withInstance(db, input.instanceId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    const cause = opinionOf(input.cause);
    if (!input.taskId) return withdraw(ctx, actor, cause);
    const task = await lockedTask(ctx, input.taskId);
    if (task.inst_id !== ctx.inst.id) throw badRequest('server:workflow.taskNotFound');
    await recallTask(ctx, task, actor);
  });
}
