import type { Db } from '../../../db/database';

/**
 * Small reads of single tasks for the runtime's routes: what a due-time or revoke call
 * checks ownership with, and where a task came from.
 */

/** A task's due time, its holders and its flow's key, or undefined. */
export function taskWithFlowKey(db: Db, taskId: string) {
  return db
    .selectFrom('wf_tasks as t')
    .innerJoin('wf_instances as i', 'i.id', 't.inst_id')
    .select(['t.id', 't.due_at', 't.due_status', 't.assignee_id', 't.owner_id', 'i.def_key'])
    .where('t.id', '=', taskId)
    .executeTakeFirst();
}

/** The unanswered parallel custom-sign tasks under a task, in their order, with the assignee's name. */
export function openCustomSigns(db: Db, parentId: string) {
  return db
    .selectFrom('wf_tasks as t')
    .leftJoin('users as u', 'u.id', 't.assignee_id')
    .select(['t.id', 't.assignee_id', 'u.fullname', 't.status', 't.state'])
    .where('t.parent_id', '=', parentId)
    .where('t.kind', '=', 'customsign')
    .where('t.state', 'in', ['open', 'pending'])
    .orderBy('t.seq')
    .execute();
}

/** The node a task came from: null when none is recorded, undefined when there is no such task. */
export async function previousNodeOf(db: Db, taskId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('wf_tasks')
    .select('prev_node_id')
    .where('id', '=', taskId)
    .executeTakeFirst();
  return row?.prev_node_id;
}
