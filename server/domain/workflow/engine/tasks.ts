import type { Insertable } from 'kysely';
import type { TaskKind, TaskRow, TokenRow, WfTasksTable } from '../../../db/schema-workflow';
import { badRequest } from '../../../lib/errors';
import { node as nodeOf, type FlowNode } from '../model/graph';
import { applicantOf, requestersOf, type Ctx } from './context';
import { isApplicantStep } from './integrity';
import { tellOutcome } from './outcome';
import { agentOf, approversOf } from './people';

const hour = 3_600_000;
export const liveStates = ['pending', 'open', 'waiting'] as const;

export interface NewTask {
  token: Pick<TokenRow, 'id' | 'node_id' | 'prev_node_id'>;
  kind: TaskKind;
  status: string;
  state: 'pending' | 'open' | 'waiting';
  assignee: string | null;
  owner?: string | null;
  parentId?: string | null;
  seq?: number;
  dueAt?: Date | null;
  settings?: Record<string, unknown>;
}

/** Tasks that approve, or decide an approval: never a requester's (segregation of duties). */
const approvingKinds: TaskKind[] = ['main', 'sign', 'addsign', 'trans', 'customsign'];

/**
 * Is this a task that approves, or decides an approval, at this node: one a requester (the
 * applicant, or whoever started the request for them) may never hold? Their own steps (the
 * start after a return, a node given to `starter`) are not.
 */
export function approves(ctx: Ctx, nodeId: string, kind: TaskKind): boolean {
  if (!approvingKinds.includes(kind)) return false;
  if (kind === 'main' && nodeId === ctx.def.graph.startId) return false;
  return !((kind === 'main' || kind === 'sign') && isApplicantStep(ctx.def.graph, nodeId));
}

/**
 * Refuses to give an approving task of this request to one of its requesters, naming them:
 * every way a task reaches someone (a node's assignees, delegation, transfer, add-sign,
 * custom sign, recall) comes through here.
 */
export async function assertNotRequester(
  ctx: Ctx,
  nodeId: string,
  kind: TaskKind,
  userId: string | null,
): Promise<void> {
  if (!userId || !requestersOf(ctx.inst).includes(userId) || !approves(ctx, nodeId, kind)) return;
  const user = await ctx.trx
    .selectFrom('users')
    .select('fullname')
    .where('id', '=', userId)
    .executeTakeFirst();
  throw badRequest('server:workflow.requesterCannotApprove', { name: user?.fullname ?? '' });
}

/** Inserts a task (and its due job when it opens with a due time). */
export async function insertTask(ctx: Ctx, input: NewTask): Promise<string> {
  const node = nodeOf(ctx.def.graph, input.token.node_id);
  await assertNotRequester(ctx, node.id, input.kind, input.assignee);
  const id = ctx.newId();
  const row: Insertable<WfTasksTable> = {
    id,
    inst_id: ctx.inst.id,
    token_id: input.token.id,
    node_id: node.id,
    node_name: node.name,
    node_type: node.type === 'START' ? 'START' : node.type === 'SIGNTASK' ? 'SIGNTASK' : 'USERTASK',
    kind: input.kind,
    status: input.status,
    state: input.state,
    assignee_id: input.assignee,
    owner_id: input.owner ?? null,
    parent_id: input.parentId ?? null,
    seq: input.seq ?? 0,
    locked_by: null,
    prev_node_id: input.token.prev_node_id,
    settings: JSON.stringify(input.settings ?? {}),
    due_at: input.dueAt ?? null,
    created_at: ctx.now,
  };
  await ctx.trx.insertInto('wf_tasks').values(row).execute();
  if (input.state === 'open') await scheduleDue(ctx, id, input.dueAt ?? null);
  return id;
}

/** A due reminder job for a task that opens with a due time. */
export async function scheduleDue(ctx: Ctx, taskId: string, dueAt: Date | null): Promise<void> {
  if (!dueAt) return;
  await ctx.trx
    .insertInto('wf_jobs')
    .values({ kind: 'due', inst_id: ctx.inst.id, task_id: taskId, run_at: dueAt })
    .execute();
}

/** Deputies of a user get a carbon copy of each task arriving for that user. */
async function copyToDeputies(ctx: Ctx, userIds: string[], node: FlowNode, taskId: string) {
  if (userIds.length === 0) return;
  const deputies = await ctx.trx
    .selectFrom('wf_deputies')
    .select(['user_id', 'deputy_id'])
    .where('user_id', 'in', userIds)
    .execute();
  for (const deputy of deputies) {
    await ctx.trx
      .insertInto('wf_notices')
      .values({
        id: ctx.newId(),
        inst_id: ctx.inst.id,
        task_id: taskId,
        node_id: node.id,
        node_name: node.name,
        kind: 'COPYTO',
        sender_id: deputy.user_id,
        receiver_id: deputy.deputy_id,
        created_at: ctx.now,
      })
      .execute();
  }
}

interface Holder {
  assignee: string;
  owner: string | null;
}

/**
 * Countersign voters: each keeps their own vote. A voter's agent holds the vote for them (the
 * voter stays the owner) unless the agent is a voter of the node too, or already holds
 * another voter's vote: then the voter keeps it, so nobody casts two votes.
 */
async function voteHolders(ctx: Ctx, voters: string[]): Promise<Holder[]> {
  const taken = new Set(voters);
  const result: Holder[] = [];
  for (const voter of voters) {
    const agent = await agentOf(ctx, voter);
    if (agent && !taken.has(agent)) {
      taken.add(agent);
      result.push({ assignee: agent, owner: voter });
    } else result.push({ assignee: voter, owner: null });
  }
  return result;
}

/** Each user, or their agent when a delegation rule is active (the user stays the owner). */
async function holders(ctx: Ctx, users: string[]): Promise<Holder[]> {
  const result: Holder[] = [];
  for (const user of users) {
    const agent = await agentOf(ctx, user);
    const holder = agent ? { assignee: agent, owner: user } : { assignee: user, owner: null };
    if (!result.some((other) => other.assignee === holder.assignee)) result.push(holder);
  }
  return result;
}

const statusOf = (back: boolean, holder: Holder) =>
  back ? 'BACK' : holder.owner ? 'AGENT' : 'NORMAL';

/**
 * Creates the tasks of a user or sign node for a token that just arrived. One person: one
 * task. Several people on a user task: one shared task (SHARE) that any of them may take.
 * A sign node: one task per voter, all open (parallel) or one after another (sequential).
 * `back` marks tasks made by a return (BACK / BACKSHARE).
 */
export async function createNodeTasks(ctx: Ctx, token: TokenRow, back: boolean): Promise<void> {
  const node = nodeOf(ctx.def.graph, token.node_id);
  const settings = node.task!;
  const users = await approversOf(ctx, settings.assignees);
  if (users.length === 0) throw badRequest('server:workflow.noAssignee', { node: node.name });
  const people = settings.sign ? await voteHolders(ctx, users) : await holders(ctx, users);
  const dueAt = settings.dueHours ? new Date(ctx.now.getTime() + settings.dueHours * hour) : null;
  if (settings.sign) {
    for (const [seq, holder] of people.entries()) {
      const open = !settings.sign.sequential || seq === 0;
      const id = await insertTask(ctx, {
        token,
        kind: 'sign',
        status: statusOf(back, holder),
        state: open ? 'open' : 'pending',
        assignee: holder.assignee,
        owner: holder.owner,
        seq,
        dueAt: open ? dueAt : null,
      });
      if (open) await copyToDeputies(ctx, [holder.owner ?? holder.assignee], node, id);
    }
    return;
  }
  if (people.length === 1) {
    const holder = people[0]!;
    const id = await insertTask(ctx, {
      token,
      kind: 'main',
      status: statusOf(back, holder),
      state: 'open',
      assignee: holder.assignee,
      owner: holder.owner,
      dueAt,
    });
    await copyToDeputies(ctx, [holder.owner ?? holder.assignee], node, id);
    return;
  }
  const id = await insertTask(ctx, {
    token,
    kind: 'main',
    status: back ? 'BACKSHARE' : 'SHARE',
    state: 'open',
    assignee: null,
    dueAt,
  });
  await ctx.trx
    .insertInto('wf_task_actors')
    .values(people.map((holder) => ({ task_id: id, user_id: holder.assignee })))
    .execute();
  await copyToDeputies(ctx, users, node, id);
}

/** The applicant's task on the start node after a return to the start. */
export async function createStartTask(ctx: Ctx, token: TokenRow): Promise<void> {
  const id = await insertTask(ctx, {
    token,
    kind: 'main',
    status: 'BACK',
    state: 'open',
    assignee: applicantOf(ctx.inst),
  });
  await tellOutcome(ctx, 'returned', id);
}

/** Cancels every live task of a token (voters, add-signers, inquiries, transfers...). */
export async function cancelTokenTasks(ctx: Ctx, tokenId: string, reason: string): Promise<void> {
  await ctx.trx
    .updateTable('wf_tasks')
    .set({ state: 'cancelled', action: reason, completed_at: ctx.now })
    .where('token_id', '=', tokenId)
    .where('state', 'in', liveStates)
    .execute();
  await finishTaskJobs(ctx, { tokenId });
}

/** Cancels the live children of a task (of some kinds, or all). */
export async function cancelChildren(
  ctx: Ctx,
  parentId: string,
  kinds: TaskKind[] | null,
  reason: string,
): Promise<void> {
  let query = ctx.trx
    .updateTable('wf_tasks')
    .set({ state: 'cancelled', action: reason, completed_at: ctx.now })
    .where('parent_id', '=', parentId)
    .where('state', 'in', liveStates);
  if (kinds) query = query.where('kind', 'in', kinds);
  await query.execute();
}

/** Due jobs of tasks that are no longer open have nothing left to do. */
export async function finishTaskJobs(
  ctx: Ctx,
  where: { tokenId?: string; taskId?: string },
): Promise<void> {
  let query = ctx.trx
    .updateTable('wf_jobs')
    .set({ done_at: ctx.now })
    .where('inst_id', '=', ctx.inst.id)
    .where('done_at', 'is', null)
    .where('kind', '=', 'due');
  if (where.taskId) query = query.where('task_id', '=', where.taskId);
  if (where.tokenId) {
    query = query.where((eb) =>
      eb(
        'task_id',
        'in',
        eb.selectFrom('wf_tasks').select('wf_tasks.id').where('token_id', '=', where.tokenId!),
      ),
    );
  }
  await query.execute();
}

/** Marks a task done by someone with an action. */
export async function closeTask(
  ctx: Ctx,
  task: TaskRow,
  action: string,
  by: string | null,
): Promise<void> {
  const done = {
    state: 'done' as const,
    action,
    completed_at: ctx.now,
    completed_by: by,
    locked_by: null,
    // the content it was done on: an approval counts for this revision (engine/integrity.ts)
    form_rev: ctx.inst.form_rev,
  };
  if (!task.due_at) {
    await ctx.trx.updateTable('wf_tasks').set(done).where('id', '=', task.id).execute();
    return;
  }
  // With a due time, its due job closes in the same statement.
  await ctx.trx
    .with('j', (db) =>
      db
        .updateTable('wf_jobs')
        .set({ done_at: ctx.now })
        .where('task_id', '=', task.id)
        .where('kind', '=', 'due')
        .where('done_at', 'is', null)
        .returning('id'),
    )
    .updateTable('wf_tasks')
    .set(done)
    .where('id', '=', task.id)
    .execute();
}

/** Opens a pending or waiting task (the next sequential voter, a task back from a vote). */
export async function openTask(ctx: Ctx, task: TaskRow): Promise<void> {
  const dueAt = task.state === 'pending' ? dueAfterOpen(ctx, task) : task.due_at;
  await ctx.trx
    .updateTable('wf_tasks')
    .set({ state: 'open', due_at: dueAt })
    .where('id', '=', task.id)
    .execute();
  if (task.state === 'pending') await scheduleDue(ctx, task.id, dueAt);
}

function dueAfterOpen(ctx: Ctx, task: TaskRow): Date | null {
  const hours = ctx.def.graph.nodes.get(task.node_id)?.task?.dueHours;
  if (!hours) return null;
  return new Date(ctx.now.getTime() + hours * hour);
}
