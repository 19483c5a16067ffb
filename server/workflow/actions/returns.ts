import { sql } from 'kysely';
import type { TaskRow } from '../../db/schema-workflow';
import { badRequest, forbidden } from '../../lib/errors';
import { conflict } from '../access';
import { record, type Actor, type Ctx } from '../engine/context';
import { moveTo } from '../engine/flow';
import { closeTask, insertTask } from '../engine/tasks';
import { canReach, node, type NodeType } from '../model/graph';
import type { Done } from './complete';
import { assertRunning, tokenOf } from './shared';

export interface NodeChoice {
  nodeId: string;
  name: string;
  nodeType: NodeType;
}

/**
 * Where a task may send the flow back to (getAfterJumpNodes, rejectToAnyNode): the start,
 * and every user or sign node already done in this instance that leads to the task's node.
 * A node in a parallel branch the task is not on is not offered: going there would leave
 * the task's own branch without a token.
 */
export async function returnDestinations(ctx: Ctx, task: TaskRow): Promise<NodeChoice[]> {
  const graph = ctx.def.graph;
  const rows = await ctx.trx
    .selectFrom('wf_tasks')
    .select(['node_id', sql<Date>`min(completed_at)`.as('first')])
    .where('inst_id', '=', ctx.inst.id)
    .where('state', '=', 'done')
    .where('kind', 'in', ['main', 'sign'])
    .where('node_type', '<>', 'START')
    .where('action', 'in', ['agree', 'oppose', 'abandon'])
    .groupBy('node_id')
    .orderBy('first')
    .execute();
  const start = node(graph, graph.startId);
  const choices: NodeChoice[] = [{ nodeId: start.id, name: start.name, nodeType: 'START' }];
  for (const row of rows) {
    if (row.node_id === task.node_id || !canReach(graph, row.node_id, task.node_id)) continue;
    const done = node(graph, row.node_id);
    choices.push({ nodeId: done.id, name: done.name, nodeType: done.type });
  }
  return choices;
}

async function targetOf(
  ctx: Ctx,
  task: TaskRow,
  action: string,
  destination: string | undefined,
): Promise<string> {
  const startId = ctx.def.graph.startId;
  if (action === 'backToStart') return startId;
  if (action === 'reject') return task.prev_node_id ?? startId;
  const choices = await returnDestinations(ctx, task);
  if (!destination || !choices.some((choice) => choice.nodeId === destination)) {
    throw badRequest('server:workflow.destinationInvalid');
  }
  return destination;
}

/**
 * reject (to the previous node), backToStart, rejectToAnyNode. The task is done with the
 * return as its action; the flow goes to the target (see engine/flow.ts moveTo for what
 * happens to parallel branches, voters and add-signs). backHandMode direct: once the target
 * is done, the flow comes straight back to this node.
 */
export async function sendBack(
  ctx: Ctx,
  task: TaskRow,
  actor: Actor,
  done: Done,
  destination: string | undefined,
  backHandMode: 'normal' | 'direct' | undefined,
): Promise<void> {
  if ((task.kind !== 'main' && task.kind !== 'sign') || task.node_type === 'START') {
    throw badRequest('server:workflow.actionNotAllowed', { action: done.action });
  }
  const target = await targetOf(ctx, task, done.action, destination);
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, {
    taskId: task.id,
    nodeId: task.node_id,
    nodeName: task.node_name,
    ...done,
    actor,
    detail: {
      target,
      targetName: node(ctx.def.graph, target).name,
      mode: backHandMode ?? 'normal',
    },
  });
  await moveTo(ctx, target, {
    fromToken: task.token_id,
    reason: 'returned',
    returnNode: backHandMode === 'direct' ? task.node_id : null,
  });
}

/** Has anyone acted on the nodes after this task since it was done? */
async function actedAfter(ctx: Ctx, task: TaskRow): Promise<boolean> {
  const downstream = [...ctx.def.graph.reach.get(task.node_id)!];
  if (downstream.length === 0) return false;
  const row = await ctx.trx
    .selectFrom('wf_tasks')
    .select('id')
    .where('inst_id', '=', ctx.inst.id)
    .where('node_id', 'in', downstream)
    .where('created_at', '>=', task.completed_at!)
    .where('state', '=', 'done')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes back one's own done action (revokeInstance with a taskId; the done list's revoke
 * flag): an agree while nobody after it has acted yet, a countersign vote while the vote is
 * still open, an inquiry reply while the inquiring task is still open.
 */
export async function recallTask(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  assertRunning(ctx);
  if (task.completed_by !== actor.identity && task.assignee_id !== actor.identity) {
    throw forbidden('server:workflow.notYourTask');
  }
  if (task.state !== 'done' || task.completed_by !== actor.identity) {
    throw conflict('server:workflow.cannotRecall');
  }
  if (task.kind === 'inqu' && task.action === 'inqu') return recallReply(ctx, task, actor);
  if (task.action !== 'agree' || (task.kind !== 'main' && task.kind !== 'sign')) {
    throw conflict('server:workflow.cannotRecall');
  }
  if (task.kind === 'sign') return recallVote(ctx, task, actor);
  if (await actedAfter(ctx, task)) throw conflict('server:workflow.alreadyHandledNext');
  await record(ctx, {
    taskId: task.id,
    nodeId: task.node_id,
    nodeName: task.node_name,
    action: 'recall',
    actor,
  });
  await moveTo(ctx, task.node_id, {
    fromToken: null,
    reason: 'recalled',
    returnNode: null,
    recallFor: actor.identity,
  });
}

async function recallVote(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  const token = await ctx.trx
    .selectFrom('wf_tokens')
    .select('id')
    .where('id', '=', task.token_id)
    .executeTakeFirst();
  if (!token) throw conflict('server:workflow.alreadyHandledNext');
  // The vote is withdrawn: the old task no longer counts, a new one waits for the voter.
  await ctx.trx
    .updateTable('wf_tasks')
    .set({ state: 'cancelled', action: 'recalled' })
    .where('id', '=', task.id)
    .execute();
  const sequential = node(ctx.def.graph, task.node_id).task!.sign!.sequential;
  if (sequential) {
    // Later voters who have not voted yet wait again for this voter's turn.
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ state: 'pending' })
      .where('token_id', '=', task.token_id)
      .where('kind', '=', 'sign')
      .where('state', '=', 'open')
      .where('seq', '>', task.seq)
      .execute();
  }
  await insertTask(ctx, {
    token: await tokenOf(ctx, task),
    kind: 'sign',
    status: 'NORMAL',
    state: 'open',
    assignee: actor.identity,
    owner: task.owner_id,
    seq: task.seq,
  });
  await record(ctx, {
    taskId: task.id,
    nodeId: task.node_id,
    nodeName: task.node_name,
    action: 'recall',
    actor,
  });
}

async function recallReply(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  const parent = await ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .where('id', '=', task.parent_id!)
    .executeTakeFirst();
  if (parent?.state !== 'open') throw conflict('server:workflow.alreadyHandledNext');
  await insertTask(ctx, {
    token: await tokenOf(ctx, task),
    kind: 'inqu',
    status: 'TRANSFORMEDINQU',
    state: 'open',
    assignee: actor.identity,
    parentId: parent.id,
  });
  await record(ctx, {
    taskId: task.id,
    nodeId: task.node_id,
    nodeName: task.node_name,
    action: 'recall',
    actor,
  });
}
