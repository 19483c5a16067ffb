import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { TaskKind, TaskRow, TaskSettings } from '../../../db/schema-workflow';
import { badRequest, forbidden } from '../../../lib/errors';
import { claim, conflict, type Caller } from '../access';
import {
  lockedTask,
  record,
  type Actor,
  type Ctx,
  type EngineOptions,
  onTask,
} from '../engine/context';
import { cancelChildren, closeTask, insertTask, openTask } from '../engine/tasks';
import { decide, tallyOf } from '../engine/votes';
import { finishMain, type Done } from './finish-main';
import { withTask } from './run';
import {
  assertButton,
  assertNotVoters,
  checkFiles,
  liveChildren,
  opinionOf,
  usersOf,
} from './shared';

/**
 * Tasks that hang off a task (docs/workflow.md, "Child tasks"):
 * - trans (taskToTrans, 流转): the task waits while others vote; when the vote is decided the
 *   task completes as agreed (action submit and the vote passed) or comes back to its holder.
 * - customsign (taskCustomSignUsers in sequence, taskSignUsers in parallel): the task waits
 *   while others sign; all agree → the task completes as agreed; one opposes → it comes back.
 * - addsign (加签): the task stays open but cannot be agreed until every add-signer answered.
 * - inqu (taskToInqu, 征询): like addsign; the replies carry the opinion status inqu.
 * - commu (communicate, 沟通): does not hold the task; unanswered ones close with it.
 */
export interface SpawnInput {
  taskId: string;
  userIds: string;
  opinion?: string;
  files?: string;
}

const childStatus: Record<string, string> = {
  trans: 'TRANSFORMED',
  inqu: 'TRANSFORMEDINQU',
  commu: 'COMMU',
  addsign: 'ADDSIGN',
};

async function assertFreeAtNode(ctx: Ctx, task: TaskRow, users: string[], actor: Actor) {
  if (users.includes(actor.identity)) throw badRequest('server:workflow.notYourself');
  const busy = await ctx.trx
    .selectFrom('wf_tasks as t')
    .innerJoin('users as u', 'u.id', 't.assignee_id')
    .select('u.fullname')
    .where('t.inst_id', '=', ctx.inst.id)
    .where('t.node_id', '=', task.node_id)
    .where('t.state', '=', 'open')
    .where('t.assignee_id', 'in', users)
    .executeTakeFirst();
  if (busy) throw badRequest('server:workflow.alreadyHasTask', { name: busy.fullname });
}

async function spawn(
  ctx: Ctx,
  parent: TaskRow,
  users: string[],
  kind: TaskKind,
  status: string,
  sequential: boolean,
  round: string,
): Promise<void> {
  for (const [seq, user] of users.entries()) {
    await insertTask(ctx, {
      token: { id: parent.token_id, node_id: parent.node_id, prev_node_id: parent.prev_node_id },
      kind,
      status,
      state: sequential && seq > 0 ? 'pending' : 'open',
      assignee: user,
      parentId: parent.id,
      seq,
      settings: { round },
    });
  }
}

/** Transfers and custom signs need a task free of other children. */
async function assertNoChildren(ctx: Ctx, task: TaskRow) {
  const live = await liveChildren(ctx, task.id, ['trans', 'customsign', 'addsign', 'inqu']);
  if (live.length > 0) throw badRequest('server:workflow.childrenPending');
}

function assertNodeTask(task: TaskRow, action: string, allowSign: boolean) {
  const kinds: TaskKind[] = allowSign ? ['main', 'sign'] : ['main'];
  if (!kinds.includes(task.kind) || task.node_type === 'START') {
    throw badRequest('server:workflow.actionNotAllowed', { action });
  }
}

export interface TransInput extends SpawnInput {
  action?: 'submit' | 'back';
  decideType?: 'agree' | 'refuse';
  voteType?: 'amount' | 'percent';
  voteAmount?: number;
  signType?: 'parallel' | 'seq';
}

function transSettings(input: TransInput, voters: number): TaskSettings {
  const voteType = input.voteType ?? 'amount';
  const voteAmount = input.voteAmount ?? (voteType === 'amount' ? voters : 100);
  const max = voteType === 'amount' ? voters : 100;
  if (!Number.isInteger(voteAmount) || voteAmount < 1 || voteAmount > max) {
    throw badRequest('server:workflow.voteAmountInvalid', { max });
  }
  return {
    voteType,
    voteAmount,
    decideType: input.decideType ?? 'agree',
    transAction: input.action ?? 'submit',
    signType: input.signType ?? 'parallel',
  };
}

/** taskToTrans: the task waits while the chosen people vote. */
export async function startTrans(
  db: Db,
  caller: Caller,
  input: TransInput,
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, found, actor) => {
    assertNodeTask(found, 'startTrans', false);
    assertButton(ctx, found, 'startTrans');
    await assertNoChildren(ctx, found);
    const users = await usersOf(ctx.trx, input.userIds);
    await assertFreeAtNode(ctx, found, users, actor);
    const settings = { ...transSettings(input, users.length), round: ctx.newId() };
    const task = await claim(ctx, found, actor);
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ state: 'waiting', settings: JSON.stringify(settings) })
      .where('id', '=', task.id)
      .execute();
    await spawn(
      ctx,
      task,
      users,
      'trans',
      'TRANSFORMED',
      settings.signType === 'seq',
      settings.round,
    );
    await record(ctx, {
      ...onTask(task),
      action: 'startTrans',
      opinion: opinionOf(input.opinion),
      files: await checkFiles(ctx, actor, input.files),
      actor,
      detail: { users, ...settings },
    });
  });
}

/** The children of the current round of a waiting task. */
async function roundOf(ctx: Ctx, parent: TaskRow, kind: TaskKind) {
  const round = (parent.settings as { round?: string }).round ?? '';
  return ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .where('parent_id', '=', parent.id)
    .where('kind', '=', kind)
    .where(sql<string>`settings->>'round'`, '=', round)
    .orderBy('seq')
    .execute();
}

/** agreeTrans / opposeTrans on a transfer task. */
export async function voteTrans(ctx: Ctx, task: TaskRow, actor: Actor, done: Done): Promise<void> {
  if (task.kind !== 'trans')
    throw badRequest('server:workflow.actionNotAllowed', { action: done.action });
  await closeTask(ctx, task, done.action, actor.identity);
  await record(ctx, {
    ...onTask(task),
    ...done,
    actor,
  });
  const parent = await lockedTask(ctx, task.parent_id!);
  const voters = await roundOf(ctx, parent, 'trans');
  const settings = parent.settings;
  const decision = decide(
    {
      voteType: settings.voteType!,
      voteAmount: settings.voteAmount!,
      decideType: settings.decideType!,
    },
    tallyOf(voters, 'agreeTrans', 'opposeTrans'),
  );
  if (decision === null) {
    const next = voters.find((voter) => voter.state === 'pending');
    if (next && !voters.some((voter) => voter.state === 'open')) await openTask(ctx, next);
    return;
  }
  await cancelChildren(ctx, parent.id, ['trans'], 'voteDecided');
  await record(ctx, {
    taskId: parent.id,
    nodeId: parent.node_id,
    nodeName: parent.node_name,
    action: 'transResult',
    userId: parent.assignee_id,
    detail: { result: decision },
  });
  if (settings.transAction === 'submit' && decision === 'pass') {
    const auto = { action: 'agree', opinion: '', files: '', zfiles: '' };
    return finishMain(ctx, parent, null, auto, { auto: 'trans' });
  }
  await openTask(ctx, parent);
}

/** inquReply (taskToInquReply) and commuReply (doNextcommu). */
export async function replyChild(ctx: Ctx, task: TaskRow, actor: Actor, done: Done): Promise<void> {
  const expected = done.action === 'inquReply' ? 'inqu' : 'commu';
  if (task.kind !== expected)
    throw badRequest('server:workflow.actionNotAllowed', { action: done.action });
  await closeTask(ctx, task, expected, actor.identity);
  await record(ctx, {
    ...onTask(task),
    ...done,
    action: expected,
    actor,
    detail: { parentId: task.parent_id },
  });
}

/** taskToInqu, communicate and addSign: the task stays open, others are asked. */
export async function askOthers(
  db: Db,
  caller: Caller,
  kind: 'inqu' | 'commu' | 'addsign',
  input: SpawnInput,
  options: EngineOptions = {},
) {
  const button = kind === 'addsign' ? 'addSign' : kind;
  await withTask(db, caller, input.taskId, options, async (ctx, found, actor) => {
    assertNodeTask(found, button, true);
    assertButton(ctx, found, button);
    const users = await usersOf(ctx.trx, input.userIds);
    await assertFreeAtNode(ctx, found, users, actor);
    if (kind === 'addsign') await assertNotVoters(ctx, found, users);
    const task = await claim(ctx, found, actor);
    await spawn(ctx, task, users, kind, childStatus[kind]!, false, ctx.newId());
    await record(ctx, {
      ...onTask(task),
      action: kind === 'addsign' ? 'addSign' : kind === 'inqu' ? 'startInqu' : 'startCommu',
      opinion: opinionOf(input.opinion),
      files: await checkFiles(ctx, actor, input.files),
      actor,
      detail: { users },
    });
  });
}

/**
 * removeSign (减签): the holder of a task takes back add-signs nobody has answered yet; the
 * answered ones stay in the history. With none left, the task may be agreed again.
 */
export async function removeSigners(
  db: Db,
  caller: Caller,
  input: SpawnInput,
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, task, actor) => {
    assertNodeTask(task, 'removeSign', true);
    assertButton(ctx, task, 'addSign');
    const users = await usersOf(ctx.trx, input.userIds);
    const open = await liveChildren(ctx, task.id, ['addsign']);
    const removed = open.filter((child) => users.includes(child.assignee_id ?? ''));
    if (removed.length !== users.length) throw badRequest('server:workflow.signNotRemovable');
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ state: 'cancelled', action: 'removeSign', completed_at: ctx.now })
      .where(
        'id',
        'in',
        removed.map((child) => child.id),
      )
      .execute();
    await record(ctx, {
      ...onTask(task),
      action: 'removeSign',
      opinion: opinionOf(input.opinion),
      actor,
      detail: { users },
    });
  });
}

/** taskCustomSignUsers (in sequence) and taskSignUsers (in parallel). */
export async function startCustomSign(
  db: Db,
  caller: Caller,
  signType: 'seq' | 'parallel',
  input: SpawnInput,
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, found, actor) => {
    assertNodeTask(found, 'customSign', false);
    assertButton(ctx, found, 'customSign');
    await assertNoChildren(ctx, found);
    const users = await usersOf(ctx.trx, input.userIds);
    await assertFreeAtNode(ctx, found, users, actor);
    const task = await claim(ctx, found, actor);
    const settings = { signType, round: ctx.newId() };
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ state: 'waiting', settings: JSON.stringify(settings) })
      .where('id', '=', task.id)
      .execute();
    const status = signType === 'seq' ? 'SIGNSEQUENCEED' : 'SIGNLINEED';
    await spawn(ctx, task, users, 'customsign', status, signType === 'seq', settings.round);
    await record(ctx, {
      ...onTask(task),
      action: 'customSign',
      opinion: opinionOf(input.opinion),
      actor,
      detail: { users, signType },
    });
  });
}

/**
 * revokeTrans, revokeCustomSign (sequence) and revokeSignLine (parallel): the holder of the
 * waiting task calls it back; unanswered children are cancelled, answers stay in history.
 */
export async function revokeChildren(
  db: Db,
  caller: Caller,
  taskId: string,
  what: 'trans' | 'seq' | 'parallel',
  options: EngineOptions = {},
) {
  await withTask(
    db,
    caller,
    taskId,
    options,
    async (ctx, task, actor) => {
      const kind = what === 'trans' ? 'trans' : 'customsign';
      const signType = (task.settings as { signType?: string }).signType;
      const matches = what === 'trans' || signType === what;
      if (task.assignee_id !== actor.identity) throw forbidden('server:workflow.notYourTask');
      const live = await liveChildren(ctx, task.id, [kind]);
      if (task.state !== 'waiting' || !matches || live.length === 0) {
        throw conflict('server:workflow.nothingToRevoke');
      }
      await cancelChildren(ctx, task.id, [kind], 'revoked');
      await openTask(ctx, task);
      const action =
        what === 'trans' ? 'revokeTrans' : what === 'seq' ? 'revokeCustomSign' : 'revokeSignLine';
      await record(ctx, {
        ...onTask(task),
        action,
        actor,
      });
    },
    false,
  );
}
