import type { Db } from '../../../db/database';
import type { TaskRow } from '../../../db/schema-workflow';
import { badRequest, forbidden } from '../../../lib/errors';
import { actorFor, conflict, type Caller } from '../access';
import {
  lockedTask,
  record,
  withTaskInstance,
  type Ctx,
  type EngineOptions,
  onTask,
} from '../engine/context';
import { assertNotRequester } from '../engine/tasks';
import { assertNoOpenTask } from './returns';
import { withTask } from './run';
import {
  assertButton,
  assertNotVoters,
  checkFiles,
  liveChildren,
  opinionOf,
  usersOf,
} from './shared';

/** Who holds a task: delegate (转办), recall a delegation, claim and release a shared task. */
export interface DelegateInput {
  taskId: string;
  userId: string;
  opinion?: string;
  files?: string;
}

/**
 * delegate (AssignParamObject): the task goes to one other person (DELIVERTO); the one who
 * gave it keeps it as owner and sees it in their delegated list until it is done or recalled.
 */
export async function delegateTask(
  db: Db,
  caller: Caller,
  input: DelegateInput,
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, task, actor) => {
    if (task.kind !== 'main' && task.kind !== 'sign') {
      throw badRequest('server:workflow.actionNotAllowed', { action: 'delegate' });
    }
    assertButton(ctx, task, 'delegate');
    const users = await usersOf(ctx.trx, input.userId, 1);
    const to = users[0]!;
    if (to === actor.identity) throw badRequest('server:workflow.notYourself');
    await assertNotRequester(ctx, task.node_id, task.kind, to);
    await assertNotVoters(ctx, task, [to]);
    const busy = await ctx.trx
      .selectFrom('wf_tasks')
      .select('id')
      .where('inst_id', '=', ctx.inst.id)
      .where('node_id', '=', task.node_id)
      .where('state', '=', 'open')
      .where('assignee_id', '=', to)
      .executeTakeFirst();
    if (busy) throw badRequest('server:workflow.alreadyHasTask', { name: input.userId });
    await ctx.trx
      .updateTable('wf_tasks')
      .set({
        assignee_id: to,
        owner_id: task.owner_id ?? actor.identity,
        status: 'DELIVERTO',
        locked_by: null,
      })
      .where('id', '=', task.id)
      .execute();
    await record(ctx, {
      ...onTask(task),
      action: 'delegate',
      opinion: opinionOf(input.opinion),
      files: await checkFiles(ctx, actor, input.files),
      actor,
      detail: { to },
    });
  });
}

/**
 * retrieveBpmTask: the owner takes back a task they delegated (DELIVERTO) or that an agent
 * rule gave to their agent (AGENT), while it is open and nothing hangs off it.
 */
export async function retrieveTask(
  db: Db,
  caller: Caller,
  taskId: string,
  options: EngineOptions = {},
) {
  await withTaskInstance(db, taskId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    const task = await lockedTask(ctx, taskId);
    if (task.owner_id !== actor.identity) throw forbidden('server:workflow.notYourTask');
    if (task.state !== 'open' || !['DELIVERTO', 'AGENT'].includes(task.status)) {
      throw conflict('server:workflow.cannotRetrieve');
    }
    const children = await liveChildren(ctx, task.id, ['addsign', 'inqu', 'commu']);
    if (children.length > 0) throw conflict('server:workflow.cannotRetrieve');
    await assertNoOpenTask(ctx, task.node_id, actor.identity);
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ assignee_id: actor.identity, owner_id: null, status: 'NORMAL' })
      .where('id', '=', task.id)
      .execute();
    await record(ctx, {
      ...onTask(task),
      action: 'retrieve',
      actor,
      detail: { from: task.assignee_id },
    });
  });
}

/**
 * The platform's lock codes: 0 the task is already handled, 1 lockable / locked, 2 no lock
 * needed (it has one holder), 3 unlockable / unlocked, 4 locked by someone else.
 */
export type LockCode = 0 | 1 | 2 | 3 | 4;

async function lockCodeOf(ctx: Ctx, task: TaskRow, identity: string): Promise<LockCode> {
  if (task.state !== 'open') return 0;
  if (task.assignee_id !== null) {
    if (task.assignee_id === identity) return 2;
    throw forbidden('server:workflow.notYourTask');
  }
  const candidate = await ctx.trx
    .selectFrom('wf_task_actors')
    .select('user_id')
    .where('task_id', '=', task.id)
    .where('user_id', '=', identity)
    .executeTakeFirst();
  if (!candidate) throw forbidden('server:workflow.notYourTask');
  if (task.locked_by === null) return 1;
  return task.locked_by === identity ? 3 : 4;
}

/** canLock (answers what lockUnlock would do) and lockUnlock (does it). */
export async function lockUnlock(
  db: Db,
  caller: Caller,
  taskId: string,
  apply: boolean,
  options: EngineOptions = {},
): Promise<LockCode> {
  return withTaskInstance(db, taskId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    const task = await lockedTask(ctx, taskId);
    const code = await lockCodeOf(ctx, task, actor.identity);
    if (!apply || (code !== 1 && code !== 3)) return code;
    await ctx.trx
      .updateTable('wf_tasks')
      .set({ locked_by: code === 1 ? actor.identity : null })
      .where('id', '=', task.id)
      .execute();
    await record(ctx, {
      ...onTask(task),
      action: code === 1 ? 'lock' : 'unlock',
      actor,
    });
    return code;
  });
}
