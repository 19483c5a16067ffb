import type { Db } from '../../../db/database';
import type { TaskRow } from '../../../db/schema-workflow';
import { actorFor, assertCanAct, type Caller } from '../access';
import {
  lockedTask,
  withTaskInstance,
  type Actor,
  type Ctx,
  type EngineOptions,
} from '../engine/context';
import { assertRunning } from './shared';

/**
 * The frame of every task action: lock the instance, make the actor (secretaries checked),
 * load the task and check the actor may act on it now. `open: false` skips the last check
 * for actions on tasks that wait (revoking a transfer or a custom sign).
 */
export async function withTask<T>(
  db: Db,
  caller: Caller,
  taskId: string,
  options: EngineOptions,
  fn: (ctx: Ctx, task: TaskRow, actor: Actor) => Promise<T>,
  open = true,
): Promise<T> {
  return withTaskInstance(db, taskId, options, async (ctx) => {
    const actor = await actorFor(ctx.trx, caller, ctx.inst.def_key);
    const task = await lockedTask(ctx, taskId);
    if (open) await assertCanAct(ctx, task, actor);
    assertRunning(ctx);
    return fn(ctx, task, actor);
  });
}
