import type { Db } from '../../../db/database';
import type { FormData, TaskRow } from '../../../db/schema-workflow';
import { badRequest } from '../../../lib/errors';
import { actorFor, assertCanAct, type Caller } from '../access';
import {
  lockedTask,
  record,
  withTaskInstance,
  type Actor,
  type Ctx,
  type EngineOptions,
  type LoadedTask,
  onTask,
} from '../engine/context';
import { finishInstance, leave, moveTo, settle } from '../engine/flow';
import { cancelChildren, cancelTokenTasks, closeTask, openTask } from '../engine/tasks';
import { decide, needed, tallyOf } from '../engine/votes';
import { node } from '../model/graph';
import { replyChild, voteTrans } from './children';
import { changeContent } from './content';
import { assertNoBlockers, finishMain, type Done } from './finish-main';
import { sendBack } from './returns';
import {
  announceNodeDone,
  assertButton,
  assertRunning,
  checkFiles,
  liveChildren,
  opinionOf,
  tokenOf,
} from './shared';

export interface CompleteInput {
  taskId: string;
  actionName: string;
  opinion?: string;
  data?: FormData;
  files?: string;
  zfiles?: string;
  destination?: string;
  backHandMode?: 'normal' | 'direct';
}

/**
 * POST task/v1/complete: one action on one task, in one transaction holding the instance
 * lock. agree/oppose/abandon finish the task (or cast a vote); reject, backToStart and
 * rejectToAnyNode send the flow back; agreeTrans/opposeTrans vote on a transfer; inquReply
 * and commuReply answer an inquiry or a communication.
 */
export async function completeTask(
  db: Db,
  caller: Caller,
  input: CompleteInput,
  options: EngineOptions = {},
): Promise<void> {
  await withTaskInstance(db, input.taskId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    const task = await lockedTask(ctx, input.taskId);
    await assertCanAct(ctx, task, actor);
    assertRunning(ctx);
    const done: Done = {
      action: input.actionName,
      opinion: opinionOf(input.opinion),
      files: await checkFiles(ctx, actor, input.files),
      zfiles: await checkFiles(ctx, actor, input.zfiles),
    };
    switch (input.actionName) {
      case 'agree':
      case 'oppose':
      case 'abandon':
        assertButton(ctx, task, input.actionName);
        await changeContent(ctx, task, actor, caller, input.data);
        return finishByKind(ctx, task, actor, done);
      case 'reject':
      case 'backToStart':
      case 'rejectToAnyNode':
        assertButton(ctx, task, input.actionName);
        return sendBack(ctx, task, actor, done, input.destination, input.backHandMode);
      case 'agreeTrans':
      case 'opposeTrans':
        assertButton(ctx, task, input.actionName);
        return voteTrans(ctx, task, actor, done);
      case 'inquReply':
      case 'commuReply':
        assertButton(ctx, task, input.actionName);
        return replyChild(ctx, task, actor, done);
      default:
        throw badRequest('server:workflow.actionUnknown', { action: input.actionName });
    }
  });
}

async function finishByKind(ctx: Ctx, task: TaskRow, actor: Actor, done: Done) {
  if (task.kind === 'main' && done.action === 'oppose' && task.node_type !== 'START') {
    return opposeMain(ctx, task, actor, done);
  }
  if (task.kind === 'main') return finishMain(ctx, task, actor, done);
  if (task.kind === 'sign') return castVote(ctx, task, actor, done);
  if (task.kind === 'addsign') return finishAddSign(ctx, task, actor, done);
  if (task.kind === 'customsign') return finishCustomSign(ctx, task, actor, done);
  throw badRequest('server:workflow.actionNotAllowed', { action: done.action });
}

/**
 * 反对 on a user node means no: the request does not go on. It ends as refused, or goes back
 * to the applicant, as the node says (atrium:onOppose, default end). Add-signs and inquiries
 * waiting on the task are closed with it.
 */
async function opposeMain(ctx: Ctx, task: LoadedTask, actor: Actor, done: Done): Promise<void> {
  await cancelChildren(ctx, task.id, null, 'closed');
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, { ...onTask(task), ...done, actor });
  await announceNodeDone(ctx, task, actor, done.opinion);
  if (node(ctx.def.graph, task.node_id).task!.onOppose === 'backToStart') {
    return moveTo(ctx, ctx.def.graph.startId, {
      fromToken: task.token_id,
      reason: 'opposed',
      returnNode: null,
    });
  }
  await finishInstance(ctx, 'end', 'refuse');
}

/** A countersign vote; the node passes or refuses once the vote is decided. */
async function castVote(ctx: Ctx, task: TaskRow, actor: Actor, done: Done): Promise<void> {
  if (await assertNoBlockers(ctx, task)) await cancelChildren(ctx, task.id, ['commu'], 'closed');
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, {
    ...onTask(task),
    ...done,
    actor,
  });
  await announceNodeDone(ctx, task, actor, done.opinion);
  const token = await tokenOf(ctx, task);
  const voters = await ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .where('token_id', '=', token.id)
    .where('kind', '=', 'sign')
    .orderBy('seq')
    .execute();
  const sign = node(ctx.def.graph, task.node_id).task!.sign!;
  const tally = tallyOf(voters, 'agree', 'oppose');
  const decision = decide(sign, tally);
  if (decision === null) {
    const next = voters.find((voter) => voter.state === 'pending');
    if (sign.sequential && next && !voters.some((voter) => voter.state === 'open')) {
      await openTask(ctx, next);
    }
    return;
  }
  await cancelTokenTasks(ctx, token.id, 'voteDecided');
  await record(ctx, {
    nodeId: task.node_id,
    nodeName: task.node_name,
    action: 'signResult',
    // The counts, so the history can say 通过（3/3 同意）.
    detail: {
      result: decision,
      agree: tally.agree,
      refuse: tally.refuse,
      total: tally.total,
      needed: needed(sign, tally.total),
    },
  });
  if (decision === 'pass') {
    await leave(ctx, token);
    await settle(ctx);
  } else if (sign.onRefuse === 'end') {
    await finishInstance(ctx, 'end', 'refuse');
  } else {
    await moveTo(ctx, ctx.def.graph.startId, {
      fromToken: token.id,
      reason: 'signRefused',
      returnNode: null,
    });
  }
}

/** An add-signer's answer: recorded; the task it hangs off can go on once all answered. */
async function finishAddSign(ctx: Ctx, task: TaskRow, actor: Actor, done: Done): Promise<void> {
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, {
    ...onTask(task),
    ...done,
    actor,
    detail: { kind: 'addsign', parentId: task.parent_id },
  });
}

/**
 * A custom signer's answer. An opposition ends the custom sign and gives the task back to
 * its holder; when every signer agreed, the task completes as agreed.
 */
async function finishCustomSign(ctx: Ctx, task: TaskRow, actor: Actor, done: Done) {
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, {
    ...onTask(task),
    ...done,
    actor,
    detail: { kind: 'customsign', parentId: task.parent_id },
  });
  const parent = await lockedTask(ctx, task.parent_id!);
  if (done.action !== 'agree') {
    await cancelChildren(ctx, parent.id, ['customsign'], 'signRefused');
    await openTask(ctx, parent);
    return;
  }
  const rest = await liveChildren(ctx, parent.id, ['customsign']);
  if (rest.length > 0) {
    if (!rest.some((signer) => signer.state === 'open')) await openTask(ctx, rest[0]!);
    return;
  }
  await finishMain(
    ctx,
    parent,
    null,
    { action: 'agree', opinion: '', files: '', zfiles: '' },
    { auto: 'customSign' },
  );
}
