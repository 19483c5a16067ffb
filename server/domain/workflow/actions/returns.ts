import { sql } from 'kysely';
import type { TaskRow } from '../../../db/schema-workflow';
import { badRequest, forbidden } from '../../../lib/errors';
import { conflict } from '../access';
import { record, type Actor, type Ctx, onTask } from '../engine/context';
import { moveTo, redoneTokens } from '../engine/flow';
import { closeTask, insertTask } from '../engine/tasks';
import { canReach, node, type NodeType } from '../model/graph';
import type { Done } from './finish-main';
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
 * A direct return comes back to the returning node only; every other branch the return
 * cancels would never run again, and the join after them would pass without their approval.
 * So a direct return that would cancel anything of another parallel branch (its open tasks
 * or its arrival at the join) is refused: return normally, and every branch runs again.
 */
async function assertDirectKeepsBranches(ctx: Ctx, task: TaskRow, target: string) {
  const others = (await redoneTokens(ctx, target)).filter((token) => token.id !== task.token_id);
  if (others.length > 0) throw badRequest('server:workflow.directOutOfBranch');
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
  if (backHandMode === 'direct') await assertDirectKeepsBranches(ctx, task, target);
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, {
    ...onTask(task),
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
 * Has the flow come back to this node, or to a node before it, since the task was done (a
 * return, a recall, a resubmission)? Then the action is history: the flow it sent on is gone,
 * and recalling it would put a second token on the way (found by the random-sequence test).
 */
async function sentBackSince(ctx: Ctx, task: TaskRow): Promise<boolean> {
  const graph = ctx.def.graph;
  const upstream = [...graph.nodes.keys()].filter(
    (id) => id === task.node_id || graph.reach.get(id)!.has(task.node_id),
  );
  const row = await ctx.trx
    .selectFrom('wf_tasks')
    .select('id')
    .where('inst_id', '=', ctx.inst.id)
    .where('node_id', 'in', upstream)
    .where('kind', 'in', ['main', 'sign'])
    .where('id', '<>', task.id)
    .where('created_at', '>=', task.completed_at!)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses (409) when the user already holds an open task at the node: one open task each. */
export async function assertNoOpenTask(ctx: Ctx, nodeId: string, userId: string): Promise<void> {
  const open = await ctx.trx
    .selectFrom('wf_tasks as t')
    .innerJoin('users as u', 'u.id', 't.assignee_id')
    .select(['u.fullname', 't.node_name'])
    .where('t.inst_id', '=', ctx.inst.id)
    .where('t.node_id', '=', nodeId)
    .where('t.assignee_id', '=', userId)
    .where('t.state', '=', 'open')
    .executeTakeFirst();
  if (open) {
    throw conflict('server:workflow.openTaskAtNode', { name: open.fullname, node: open.node_name });
  }
}

/**
 * The task a recall gives back: to the recaller; an agent's or a delegate's recall keeps the
 * task their principal's (same owner, same status), the principal's own recall takes it back.
 */
function recalledHolder(task: TaskRow, actor: Actor) {
  const keepsOwner = task.owner_id !== null && task.owner_id !== actor.identity;
  return {
    assignee: actor.identity,
    owner: keepsOwner ? task.owner_id : null,
    status: keepsOwner ? task.status : 'NORMAL',
  };
}

/** A recalled action is marked, so that it can never be recalled a second time. */
async function markRecalled(ctx: Ctx, task: TaskRow): Promise<void> {
  await ctx.trx
    .updateTable('wf_tasks')
    .set({ state: 'cancelled', action: 'recalled' })
    .where('id', '=', task.id)
    .execute();
}

/**
 * Takes back one's own done action (revokeInstance with a taskId; the done list's revoke
 * flag): an agree while nobody after it has acted yet, a countersign vote while the vote is
 * still open, an inquiry reply while the inquiring task is still open. The one who acted
 * (for a secretary: the leader) or the task's owner (an agent's principal) may recall it,
 * once: a recalled action answers 409.
 */
export async function recallTask(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  assertRunning(ctx);
  const mine = task.completed_by === actor.identity || task.owner_id === actor.identity;
  if (!mine) {
    if (task.assignee_id !== actor.identity) throw forbidden('server:workflow.notYourTask');
    throw conflict('server:workflow.cannotRecall');
  }
  if (task.action === 'recalled') throw conflict('server:workflow.alreadyRecalled');
  if (task.state !== 'done') throw conflict('server:workflow.cannotRecall');
  if (task.kind === 'inqu' && task.action === 'inqu') return recallReply(ctx, task, actor);
  if (task.action !== 'agree' || (task.kind !== 'main' && task.kind !== 'sign')) {
    throw conflict('server:workflow.cannotRecall');
  }
  if (task.kind === 'sign') return recallVote(ctx, task, actor);
  if (await actedAfter(ctx, task)) throw conflict('server:workflow.alreadyHandledNext');
  if (await sentBackSince(ctx, task)) throw conflict('server:workflow.recallSuperseded');
  await markRecalled(ctx, task);
  await record(ctx, { ...onTask(task), action: 'recall', actor });
  await moveTo(ctx, task.node_id, {
    fromToken: null,
    reason: 'recalled',
    returnNode: null,
    recall: recalledHolder(task, actor),
  });
}

async function recallVote(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  const token = await ctx.trx
    .selectFrom('wf_tokens')
    .select('id')
    .where('id', '=', task.token_id)
    .executeTakeFirst();
  if (!token) throw conflict('server:workflow.alreadyHandledNext');
  await assertNoOpenTask(ctx, task.node_id, actor.identity);
  // The vote is withdrawn: the old task no longer counts, a new one waits for the voter.
  await markRecalled(ctx, task);
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
    state: 'open',
    seq: task.seq,
    ...recalledHolder(task, actor),
  });
  await record(ctx, { ...onTask(task), action: 'recall', actor });
}

/** An inquiry reply comes back as an open inquiry; only the replier's newest reply. */
async function recallReply(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  const parent = await ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .where('id', '=', task.parent_id!)
    .executeTakeFirst();
  if (parent?.state !== 'open') throw conflict('server:workflow.alreadyHandledNext');
  await assertNoOpenTask(ctx, task.node_id, actor.identity);
  const later = await ctx.trx
    .selectFrom('wf_tasks')
    .select('id')
    .where('parent_id', '=', parent.id)
    .where('kind', '=', 'inqu')
    .where('assignee_id', '=', task.assignee_id)
    .where('id', '<>', task.id)
    .where('created_at', '>', task.created_at)
    .where('state', '=', 'done')
    .executeTakeFirst();
  if (later) throw conflict('server:workflow.cannotRecall');
  await markRecalled(ctx, task);
  await insertTask(ctx, {
    token: await tokenOf(ctx, task),
    kind: 'inqu',
    status: 'TRANSFORMEDINQU',
    state: 'open',
    assignee: actor.identity,
    parentId: parent.id,
  });
  await record(ctx, { ...onTask(task), action: 'recall', actor });
}
