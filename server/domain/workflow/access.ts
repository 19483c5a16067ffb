import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { TaskRow } from '../../db/schema-workflow';
import { conflict, forbidden } from '../../lib/errors';
import type { Translate } from './model/form';
import type { Language } from '../../../src/core/languages';
import { requestersOf, type Actor, type Ctx } from './engine/context';
import { approves } from './engine/tasks';
import { isSecretaryOf } from './engine/people';

/** The caller as the routes know them: the session user, never a client-sent identity. */
export interface Caller {
  id: string;
  fullname: string;
  /** The admin: skips start rights and may read every instance. */
  isAdmin: boolean;
  /** A leader the caller acts for as their secretary ('' and '0' mean nobody). */
  leaderId?: string | null | undefined;
  translate: Translate;
  /** The language of messages the online forms' checks write (default zh-CN). */
  language?: Language;
}

export { conflict };

export function leaderOf(caller: Caller): string | null {
  const leader = caller.leaderId?.trim();
  return leader && leader !== '0' && leader !== caller.id ? leader : null;
}

/**
 * The actor for an action in a flow: the caller, or the leader they act for once the
 * secretary table says they may (for this flow).
 */
export async function actorFor(
  trx: Kysely<Database>,
  caller: Caller,
  defKey: string | null,
): Promise<Actor> {
  const leaderId = leaderOf(caller);
  if (leaderId && !(await isSecretaryOf(trx, caller.id, leaderId, defKey))) {
    throw forbidden('server:workflow.notSecretary');
  }
  return {
    userId: caller.id,
    fullname: caller.fullname,
    identity: leaderId ?? caller.id,
    leaderId,
    isAdmin: caller.isAdmin,
  };
}

async function isCandidate(ctx: Ctx, taskId: string, userId: string): Promise<boolean> {
  const row = await ctx.trx
    .selectFrom('wf_task_actors')
    .select('user_id')
    .where('task_id', '=', taskId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * May the actor act on this task now? Someone with nothing to do with the task gets 403; a
 * participant gets 409 with the reason when the task is no longer open, is waiting for a
 * vote, or is held by another candidate.
 */
export async function assertCanAct(ctx: Ctx, task: TaskRow, actor: Actor): Promise<void> {
  const me = actor.identity;
  assertNotOwnRequest(ctx, task, actor);
  // Candidates matter only for shared tasks; the common case costs no query.
  const shared = task.assignee_id === null && (await isCandidate(ctx, task.id, me));
  const involved =
    task.assignee_id === me || task.owner_id === me || task.completed_by === me || shared;
  if (!involved) throw forbidden('server:workflow.notYourTask');
  if (task.state === 'waiting') throw conflict('server:workflow.taskWaiting');
  if (task.state !== 'open') throw conflict('server:workflow.taskHandled');
  if (task.assignee_id === me) return;
  if (!shared) throw conflict('server:workflow.taskNotYours');
  if (task.locked_by && task.locked_by !== me) {
    const holder = await ctx.trx
      .selectFrom('users')
      .select('fullname')
      .where('id', '=', task.locked_by)
      .executeTakeFirst();
    throw conflict('server:workflow.taskLocked', { name: holder?.fullname ?? '' });
  }
}

/**
 * Nobody approves their own request: a requester (the applicant, or whoever started it for
 * them) never acts on an approving task of it, neither as themselves nor for a leader as
 * their secretary (403). Their own steps and the opinions they are asked for stay theirs.
 */
function assertNotOwnRequest(ctx: Ctx, task: TaskRow, actor: Actor): void {
  const requesters = requestersOf(ctx.inst);
  const mine = requesters.includes(actor.userId) || requesters.includes(actor.identity);
  if (mine && approves(ctx, task.node_id, task.kind)) throw forbidden('server:workflow.ownRequest');
}

/** A shared task is taken by whoever starts something on it (a transfer, an inquiry...). */
export async function claim(ctx: Ctx, task: TaskRow, actor: Actor): Promise<TaskRow> {
  if (task.assignee_id !== null) return task;
  await ctx.trx
    .updateTable('wf_tasks')
    .set({ assignee_id: actor.identity, locked_by: null })
    .where('id', '=', task.id)
    .execute();
  return { ...task, assignee_id: actor.identity, locked_by: null };
}

/**
 * SQL that holds when the user may read the instance whose id `instId` gives (a column of
 * an outer query, or a parameter): the applicant and starter, anyone who holds or held a
 * task, acted, was copied, follows it, or is the secretary of one of them. Lists use it as
 * their scope and canView asks it for one instance, so the two cannot disagree.
 */
export function viewableBy(instId: RawBuilder<unknown>, userId: string): RawBuilder<boolean> {
  return sql<boolean>`exists (
    select 1 from (
      select starter_id as id from wf_instances where id = ${instId}
      union all select on_behalf_of_id from wf_instances where id = ${instId}
      union all select assignee_id from wf_tasks where inst_id = ${instId}
      union all select owner_id from wf_tasks where inst_id = ${instId}
      union all select a.user_id from wf_task_actors a join wf_tasks t on t.id = a.task_id
        where t.inst_id = ${instId}
      union all select user_id from wf_records where inst_id = ${instId}
      union all select on_behalf_of_id from wf_records where inst_id = ${instId}
      union all select receiver_id from wf_notices where inst_id = ${instId}
      union all select user_id from wf_follows where inst_id = ${instId}
    ) p
    where p.id = ${userId}
      or p.id in (select s.leader_id from wf_secretaries s where s.secretary_id = ${userId}))`;
}

/** May this user read the instance (form, history, image)? The admin always may. */
export async function canView(
  trx: Kysely<Database>,
  instId: string,
  userId: string,
  isAdmin: boolean,
): Promise<boolean> {
  if (isAdmin) return true;
  const result = await sql<{ ok: boolean }>`
    select ${viewableBy(sql`${instId}`, userId)} as ok`.execute(trx);
  return result.rows[0]?.ok === true;
}

export async function assertCanView(
  trx: Kysely<Database>,
  instId: string,
  userId: string,
  isAdmin: boolean,
): Promise<void> {
  if (!(await canView(trx, instId, userId, isAdmin))) {
    throw forbidden('server:workflow.cannotView');
  }
}
