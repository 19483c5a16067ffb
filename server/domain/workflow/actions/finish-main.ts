import type { TaskRow } from '../../../db/schema-workflow';
import { badRequest } from '../../../lib/errors';
import { record, type Actor, type Ctx, type LoadedTask, onTask } from '../engine/context';
import { leave, settle } from '../engine/flow';
import { cancelChildren, closeTask } from '../engine/tasks';
import { announceNodeDone, liveChildren, tokenOf } from './shared';

/*
 * Finishing a node's main task, apart from completeTask (complete.ts) so that the child
 * tasks' answers (children.ts: a transfer vote that passed) can finish it too without
 * complete.ts and children.ts importing each other.
 */

/** What a task was finished with: the action and the opinion and files given with it. */
export interface Done {
  action: string;
  opinion: string;
  files: string;
  zfiles: string;
}

/**
 * Add-signs and inquiries must be answered before the task can go on; open communications
 * close with it. Answers whether any communication was open.
 */
export async function assertNoBlockers(ctx: Ctx, task: LoadedTask): Promise<boolean> {
  const kinds =
    task.live_kinds ??
    (await liveChildren(ctx, task.id, ['addsign', 'inqu', 'commu'])).map((child) => child.kind);
  if (kinds.some((kind) => kind === 'addsign' || kind === 'inqu')) {
    throw badRequest('server:workflow.childrenPending');
  }
  return kinds.includes('commu');
}

/**
 * Finishes a node's task and moves the token on. `actor` is null when the system finishes
 * it (a transfer vote or a custom sign that passed): the record then names the task holder.
 */
export async function finishMain(
  ctx: Ctx,
  task: TaskRow,
  actor: Actor | null,
  done: Done,
  detail: Record<string, unknown> = {},
): Promise<void> {
  if (await assertNoBlockers(ctx, task)) await cancelChildren(ctx, task.id, ['commu'], 'closed');
  const by = actor?.identity ?? task.assignee_id;
  await closeTask(ctx, task, done.action, by);
  await record(ctx, {
    ...onTask(task),
    action: task.node_type === 'START' ? 'resubmit' : done.action,
    opinion: done.opinion,
    files: done.files,
    zfiles: done.zfiles,
    actor,
    userId: by,
    detail,
  });
  await announceNodeDone(ctx, task, actor, done.opinion);
  await leave(ctx, await tokenOf(ctx, task));
  await settle(ctx);
}
