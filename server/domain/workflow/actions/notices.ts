import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { Db } from '../../../db/database';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { actorFor, assertCanView, type Caller } from '../access';
import { record, withInstance, type EngineOptions, onTask } from '../engine/context';
import { loadDefinition } from '../definitions';
import { node } from '../model/graph';
import { withTask } from './run';
import { assertButton, opinionOf, usersOf } from './shared';

/**
 * Carbon copies (传阅, COPYTO) and follow notices (FOLLOW), with read marks. A notice is read
 * when its receiver opens it (addReadRecord), marks it done (noticeTurnDode) or replies
 * (doNextCopyto); its sender sees it in getMyNoticeReadList.
 */
export async function copyTo(
  db: Db,
  caller: Caller,
  input: { taskId: string; userIds: string; opinion?: string },
  options: EngineOptions = {},
) {
  await withTask(db, caller, input.taskId, options, async (ctx, task, actor) => {
    assertButton(ctx, task, 'copyTo');
    const users = (await usersOf(ctx.trx, input.userIds)).filter((id) => id !== actor.identity);
    const opinion = opinionOf(input.opinion);
    for (const receiver of users) {
      await ctx.trx
        .insertInto('wf_notices')
        .values({
          id: ctx.newId(),
          inst_id: ctx.inst.id,
          task_id: task.id,
          node_id: task.node_id,
          node_name: task.node_name,
          kind: 'COPYTO',
          sender_id: actor.identity,
          receiver_id: receiver,
          opinion,
          created_at: ctx.now,
        })
        .execute();
    }
    await record(ctx, {
      ...onTask(task),
      action: 'copyTo',
      opinion,
      actor,
      detail: { users },
    });
  });
}

async function ownNotice(db: Kysely<Database>, caller: Caller, id: string) {
  const notice = await db
    .selectFrom('wf_notices')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!notice) throw notFound('server:workflow.noticeNotFound');
  if (notice.receiver_id !== caller.id) throw forbidden('server:workflow.notYourNotice');
  return notice;
}

/** addReadRecord / noticeTurnDode: read marks, set once and never overwritten. */
export async function markNoticesRead(db: Db, caller: Caller, ids: string[], now = new Date()) {
  if (ids.length === 0) throw badRequest('server:workflow.idsRequired');
  for (const id of ids) await ownNotice(db, caller, id);
  await db
    .updateTable('wf_notices')
    .set({ read_at: now })
    .where('id', 'in', ids)
    .where('receiver_id', '=', caller.id)
    .where('read_at', 'is', null)
    .execute();
}

/** delBpmTaskNoticeById: the receiver removes a notice from their lists. */
export async function deleteNotice(db: Db, caller: Caller, id: string) {
  await ownNotice(db, caller, id);
  await db.updateTable('wf_notices').set({ deleted: true }).where('id', '=', id).execute();
}

/**
 * doNextCopyto: the receiver of a carbon copy answers it, once; the answer joins the history.
 * The notice is read again under the instance lock: two replies sent at once (two tabs, two
 * server processes) are one reply and one 400, never two answers.
 */
export async function replyToCopy(
  db: Db,
  caller: Caller,
  input: { taskId: string; opinion?: string },
  options: EngineOptions = {},
) {
  const first = await ownNotice(db, caller, input.taskId);
  const opinion = opinionOf(input.opinion);
  if (opinion === '') throw badRequest('server:workflow.opinionRequired');
  await withInstance(db, first.inst_id, options, async (ctx) => {
    const notice = await ownNotice(ctx.trx, caller, input.taskId);
    if (notice.reply !== null) throw badRequest('server:workflow.alreadyReplied');
    const actor = await actorFor(ctx.trx, { ...caller, leaderId: null }, ctx.inst.def_key);
    await ctx.trx
      .updateTable('wf_notices')
      .set({ reply: opinion, read_at: notice.read_at ?? ctx.now })
      .where('id', '=', notice.id)
      .execute();
    await record(ctx, {
      nodeId: notice.node_id,
      nodeName: notice.node_name,
      action: 'copyReply',
      opinion,
      actor,
      detail: { noticeId: notice.id },
    });
  });
}

/** taskFollow save: the nodes of an instance the caller wants to hear about (replaces). */
export async function saveFollows(
  db: Db,
  caller: Caller,
  instId: string,
  nodeIds: string[],
  options: EngineOptions = {},
) {
  await withInstance(db, instId, options, async (ctx) => {
    await assertCanView(ctx.trx, instId, caller.id, caller.isAdmin);
    for (const id of nodeIds) {
      const found = ctx.def.graph.nodes.get(id);
      if (!found?.task) throw badRequest('server:workflow.nodeUnknown', { node: id });
    }
    await ctx.trx
      .deleteFrom('wf_follows')
      .where('inst_id', '=', instId)
      .where('user_id', '=', caller.id)
      .execute();
    if (nodeIds.length === 0) return;
    await ctx.trx
      .insertInto('wf_follows')
      .values(
        [...new Set(nodeIds)].map((nodeId) => ({
          inst_id: instId,
          node_id: nodeId,
          user_id: caller.id,
          created_at: ctx.now,
        })),
      )
      .execute();
  });
}

export async function followedNodes(db: Db, caller: Caller, instId: string) {
  await assertCanView(db, instId, caller.id, caller.isAdmin);
  const inst = await db
    .selectFrom('wf_instances')
    .select('def_id')
    .where('id', '=', instId)
    .executeTakeFirst();
  // The administrator may view any id, so an unknown one gets this far: 404, not a 500.
  if (!inst) throw notFound('server:workflow.instanceNotFound');
  const def = await loadDefinition(db, inst.def_id);
  const rows = await db
    .selectFrom('wf_follows')
    .select('node_id')
    .where('inst_id', '=', instId)
    .where('user_id', '=', caller.id)
    .execute();
  return rows.map((row) => ({ nodeId: row.node_id, name: node(def.graph, row.node_id).name }));
}
