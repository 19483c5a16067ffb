import type { TokenRow } from '../../../db/schema-workflow';
import { badRequest } from '../../../lib/errors';
import { canReach, flow, isJoin, node, type FlowNode } from '../model/graph';
import { chooseFlows as choose, NoBranchError } from '../model/route';
import { record, tokensOf, trail, type Ctx } from './context';
import { firstOf, missingApprovals } from './integrity';
import { outcomeOf, tellOutcome } from './outcome';
import {
  cancelTokenTasks,
  createNodeTasks,
  createStartTask,
  insertTask,
  liveStates,
} from './tasks';

/**
 * The token interpreter (docs/workflow.md, "How the engine moves"). A token sits on a user or
 * sign node while its tasks are open, waits on a join until nothing else can still arrive, or
 * waits on a timer until its job fires. Every function here works inside the action's
 * transaction; nothing is kept between calls.
 */
export interface Lineage {
  viaFlow: string | null;
  viaNode: string | null;
  /** The last user node passed: where "reject to the previous node" goes. */
  prevNode: string | null;
  returnNode?: string | null;
  /** The content revision of a direct return (it jumps back only on that revision). */
  returnRev?: number | null;
}

async function insertToken(
  ctx: Ctx,
  nodeId: string,
  state: TokenRow['state'],
  lineage: Lineage,
): Promise<TokenRow> {
  const token: TokenRow = {
    id: ctx.newId(),
    inst_id: ctx.inst.id,
    node_id: nodeId,
    state,
    via_flow_id: lineage.viaFlow,
    via_node_id: lineage.viaNode,
    prev_node_id: lineage.prevNode,
    return_node_id: lineage.returnNode ?? null,
    return_rev: lineage.returnNode ? (lineage.returnRev ?? ctx.inst.form_rev) : null,
    created_at: ctx.now,
  };
  // Read the instance's tokens before adding, so the kept list never counts this one twice.
  const tokens = await tokensOf(ctx);
  await ctx.trx.insertInto('wf_tokens').values(token).execute();
  tokens.push(token);
  return token;
}

/** The flows a node leaves by for the instance's data (model/route.ts). */
function chooseFlows(ctx: Ctx, from: FlowNode): string[] {
  try {
    return choose(ctx.def.graph, from, ctx.inst.form_data);
  } catch (error) {
    if (error instanceof NoBranchError) {
      throw badRequest('server:workflow.noBranch', { node: error.gateway.name });
    }
    throw error;
  }
}

/** Leaves a node along its chosen flows and arrives at their targets. */
async function route(ctx: Ctx, from: FlowNode, prevNode: string | null): Promise<void> {
  for (const flowId of chooseFlows(ctx, from)) {
    await trail(ctx, flowId, 'flow');
    const target = flow(ctx.def.graph, flowId).target;
    await arrive(ctx, target, { viaFlow: flowId, viaNode: from.id, prevNode });
  }
}

/** A token arrives at a node: tasks, a join wait, a timer, or straight through. */
export async function arrive(
  ctx: Ctx,
  nodeId: string,
  lineage: Lineage,
  back = false,
): Promise<TokenRow | null> {
  const target = node(ctx.def.graph, nodeId);
  switch (target.type) {
    case 'END':
      await trail(ctx, target.id, 'node');
      return null;
    case 'START': {
      const token = await insertToken(ctx, target.id, 'active', lineage);
      await createStartTask(ctx, token);
      return token;
    }
    case 'USERTASK':
    case 'SIGNTASK': {
      // Two tokens on one task node (parallel branches merged by an exclusive gateway) would
      // give the same people the same task twice: refused, with the node named.
      if ((await tokensOf(ctx)).some((token) => token.node_id === target.id)) {
        throw badRequest('server:workflow.nodeBusy', { node: target.name });
      }
      const token = await insertToken(ctx, target.id, 'active', lineage);
      await createNodeTasks(ctx, token, back);
      return token;
    }
    case 'TIMER': {
      const token = await insertToken(ctx, target.id, 'waiting', lineage);
      await ctx.trx
        .insertInto('wf_jobs')
        .values({
          kind: 'timer',
          inst_id: ctx.inst.id,
          token_id: token.id,
          run_at: new Date(ctx.now.getTime() + target.timerMs!),
        })
        .execute();
      return token;
    }
    default:
      if (isJoin(target)) return insertToken(ctx, target.id, 'waiting', lineage);
      await trail(ctx, target.id, 'node');
      await route(ctx, target, lineage.prevNode);
      return null;
  }
}

/** Where the last visit of a node came from, for a token sent back to it. */
export async function previousOf(ctx: Ctx, nodeId: string): Promise<string | null> {
  if (nodeId === ctx.def.graph.startId) return null;
  const last = await ctx.trx
    .selectFrom('wf_tasks')
    .select('prev_node_id')
    .where('inst_id', '=', ctx.inst.id)
    .where('node_id', '=', nodeId)
    .where('kind', 'in', ['main', 'sign'])
    .orderBy('created_at', 'desc')
    .orderBy('seq')
    .executeTakeFirst();
  return last ? last.prev_node_id : ctx.def.graph.startId;
}

/** The token has finished its node (its tasks are done): move on. */
export async function leave(ctx: Ctx, token: TokenRow): Promise<void> {
  const from = node(ctx.def.graph, token.node_id);
  await trail(ctx, from.id, 'node');
  await removeTokens(ctx, [token.id]);
  const isPerson = from.type === 'USERTASK' || from.type === 'SIGNTASK' || from.type === 'START';
  const prevNode = isPerson ? from.id : token.prev_node_id;
  if (token.return_node_id && token.return_rev === ctx.inst.form_rev) {
    // A direct return: back to the node that returned the flow, skipping those in between,
    // which approved this very content.
    const prev = await previousOf(ctx, token.return_node_id);
    await arrive(ctx, token.return_node_id, { viaFlow: null, viaNode: from.id, prevNode: prev });
    return;
  }
  if (token.return_node_id) {
    // The content changed since the return: the nodes in between approved other content,
    // and the route may differ. The flow takes its normal way again.
    await record(ctx, {
      nodeId: from.id,
      nodeName: from.name,
      action: 'directReturnVoided',
      detail: { returnNode: token.return_node_id },
    });
  }
  await route(ctx, from, prevNode);
}

/**
 * Fires every join that nothing can still reach (the waiting tokens merge into one that goes
 * on), then ends the instance when no token is left. A parallel join therefore waits only for
 * branches that are still alive: after a return inside a branch it waits for that branch to
 * come back, and it never waits for a branch that was cancelled.
 */
export async function settle(ctx: Ctx): Promise<void> {
  for (let round = 0; round < 1000; round++) {
    const tokens = [...(await tokensOf(ctx))].reverse();
    if (tokens.length === 0) return endApproved(ctx);
    const ready = tokens.find((token) => {
      const join = node(ctx.def.graph, token.node_id);
      if (!isJoin(join)) return false;
      return !tokens.some(
        (other) => other.node_id !== join.id && canReach(ctx.def.graph, other.node_id, join.id),
      );
    });
    if (!ready) return;
    const arrived = tokens.filter((token) => token.node_id === ready.node_id);
    await removeTokens(
      ctx,
      arrived.map((token) => token.id),
    );
    await trail(ctx, ready.node_id, 'node');
    const prevNode = arrived.find((token) => token.prev_node_id)?.prev_node_id ?? null;
    await route(ctx, node(ctx.def.graph, ready.node_id), prevNode);
  }
  throw new Error(`instance ${ctx.inst.id}: joins did not settle`);
}

/**
 * The flow reached its end. It ends approved only with every approval its final content
 * requires (engine/integrity.ts); otherwise the first nodes without one are asked (again),
 * and the flow goes on from there.
 */
async function endApproved(ctx: Ctx): Promise<void> {
  const missing = await missingApprovals(ctx);
  if (missing.length === 0) return finishInstance(ctx, 'end', 'agree');
  const targets = firstOf(ctx.def.graph, missing);
  const start = node(ctx.def.graph, ctx.def.graph.startId);
  await record(ctx, {
    nodeId: start.id,
    nodeName: start.name,
    action: 'approvalsRequired',
    detail: { nodes: targets },
  });
  for (const target of targets) {
    const prevNode = await previousOf(ctx, target);
    await arrive(ctx, target, { viaFlow: null, viaNode: null, prevNode });
  }
}

/** Removes a token with everything hanging off it (tasks, timer job). */
export async function dropToken(ctx: Ctx, token: TokenRow, reason: string): Promise<void> {
  await cancelTokenTasks(ctx, token.id, reason);
  await ctx.trx
    .updateTable('wf_jobs')
    .set({ done_at: ctx.now })
    .where('token_id', '=', token.id)
    .where('done_at', 'is', null)
    .execute();
  await removeTokens(ctx, [token.id]);
}

async function removeTokens(ctx: Ctx, ids: string[]): Promise<void> {
  await ctx.trx.deleteFrom('wf_tokens').where('id', 'in', ids).execute();
  ctx.tokens = (await tokensOf(ctx)).filter((token) => !ids.includes(token.id));
}

/**
 * Ends the instance: every live task is cancelled, tokens and pending jobs go. Used for the
 * normal end, a manual end, a revoke and a refused countersign.
 */
export async function finishInstance(
  ctx: Ctx,
  status: 'end' | 'manualend' | 'revoke',
  result: string | null,
  reason = '',
  tell = true,
): Promise<void> {
  // One statement: what is live is cancelled, tokens and pending jobs go, the instance ends.
  const instId = ctx.inst.id;
  await ctx.trx
    .with('t', (db) =>
      db
        .updateTable('wf_tasks')
        .set({ state: 'cancelled', action: status, completed_at: ctx.now })
        .where('inst_id', '=', instId)
        .where('state', 'in', liveStates)
        .returning('id'),
    )
    .with('k', (db) => db.deleteFrom('wf_tokens').where('inst_id', '=', instId).returning('id'))
    .with('j', (db) =>
      db
        .updateTable('wf_jobs')
        .set({ done_at: ctx.now })
        .where('inst_id', '=', instId)
        .where('done_at', 'is', null)
        .returning('id'),
    )
    .updateTable('wf_instances')
    .set({ status, result, end_reason: reason, ended_at: ctx.now, updated_at: ctx.now })
    .where('id', '=', instId)
    .execute();
  ctx.tokens = [];
  ctx.inst = { ...ctx.inst, status, result, end_reason: reason, ended_at: ctx.now };
  const outcome = outcomeOf(status, result);
  if (tell && outcome) await tellOutcome(ctx, outcome);
}

export interface MoveOptions {
  /** The token of the task that sends the flow back (it is replaced). */
  fromToken: string | null;
  reason: string;
  /** Direct return: after the target, jump back to this node. */
  returnNode: string | null;
  /** A recall: one task for the recaller instead of the node's assignees. */
  recall?: { assignee: string; owner: string | null; status: string };
}

/**
 * The tokens a return to `target` redoes: tokens on the target and the nodes after it, and
 * join arrivals whose branch came from there. Tokens of parallel branches the target does
 * not lead to are not among them.
 */
export async function redoneTokens(ctx: Ctx, target: string): Promise<TokenRow[]> {
  const graph = ctx.def.graph;
  const scope = new Set([target, ...graph.reach.get(target)!]);
  return (await tokensOf(ctx)).filter((token) =>
    isJoin(node(graph, token.node_id))
      ? token.via_node_id !== null && scope.has(token.via_node_id)
      : scope.has(token.node_id),
  );
}

/**
 * Sends the flow back to a node (reject, return to the start, return to any node, recall).
 * Precisely: the returning token is replaced by a token at the target; every other token the
 * target will produce again is dropped with its tasks (voters, add-signers, inquiries
 * included): tokens on nodes downstream of the target, and join arrivals that came from
 * there. Tokens of parallel branches the target does not lead to stay as they are, and the
 * join waits for the returned branch to come back.
 */
export async function moveTo(ctx: Ctx, target: string, options: MoveOptions): Promise<void> {
  const redone = new Set((await redoneTokens(ctx, target)).map((token) => token.id));
  for (const token of [...(await tokensOf(ctx))]) {
    if (token.id === options.fromToken || redone.has(token.id)) {
      await dropToken(ctx, token, options.reason);
    }
  }
  const lineage: Lineage = {
    viaFlow: null,
    viaNode: null,
    prevNode: await previousOf(ctx, target),
    returnNode: options.returnNode,
  };
  if (options.recall) {
    const token = await insertToken(ctx, target, 'active', lineage);
    await insertTask(ctx, { token, kind: 'main', state: 'open', ...options.recall });
  } else {
    await arrive(ctx, target, lineage, true);
  }
  await settle(ctx);
}
