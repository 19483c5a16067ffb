import { sql, type Insertable, type Kysely } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { InstanceRow, TaskRow, TokenRow, WfRecordsTable } from '../../../db/schema-workflow';
import { UserError, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { loadDefinition, type LoadedDefinition } from '../definitions';
import { openIfStalled } from '../incidents/record';

/**
 * Who acts: the signed-in user, and the identity they act as. A secretary acting for a
 * leader has identity = the leader (checked against wf_secretaries before an Actor is made).
 */
export interface Actor {
  userId: string;
  fullname: string;
  identity: string;
  /** Set when the user acts for a leader. */
  leaderId: string | null;
  isAdmin: boolean;
}

export interface EngineOptions {
  now?: Date;
  newId?: () => string;
}

/** One action on one instance, inside one transaction that holds the instance row lock. */
export interface Ctx {
  trx: Kysely<Database>;
  now: Date;
  newId: () => string;
  inst: InstanceRow;
  def: LoadedDefinition;
  /** Trail entries of this action, written together before the transaction ends. */
  trail?: { element_id: string; kind: 'node' | 'flow' }[];
  /** Records of this action, written together (in order) before the transaction ends. */
  records?: Insertable<WfRecordsTable>[];
  /** The instance's tokens, read once and kept in step by the engine (flow.ts). */
  tokens?: TokenRow[];
}

/**
 * Writes what the action collected on the way: its records and trail, in one statement.
 * Round trips are what an action costs, so the engine batches what nobody reads back.
 */
export async function flushCtx(ctx: Ctx): Promise<void> {
  const trail = (ctx.trail ?? []).map((entry) => ({
    ...entry,
    inst_id: ctx.inst.id,
    created_at: ctx.now,
  }));
  const records = ctx.records ?? [];
  ctx.trail = [];
  ctx.records = [];
  if (records.length > 0 && trail.length > 0) {
    await ctx.trx
      .with('r', (db) => db.insertInto('wf_records').values(records).returning('id'))
      .insertInto('wf_trail')
      .values(trail)
      .execute();
  } else if (records.length > 0) {
    await ctx.trx.insertInto('wf_records').values(records).execute();
  } else if (trail.length > 0) {
    await ctx.trx.insertInto('wf_trail').values(trail).execute();
  }
}

/** The instance's tokens (read on first use, then kept by the engine). */
export async function tokensOf(ctx: Ctx): Promise<TokenRow[]> {
  ctx.tokens ??= await ctx.trx
    .selectFrom('wf_tokens')
    .selectAll()
    .where('inst_id', '=', ctx.inst.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return ctx.tokens;
}

async function run<T>(ctx: Ctx, fn: (ctx: Ctx) => Promise<T>): Promise<T> {
  const result = await fn(ctx);
  await flushCtx(ctx);
  if (ctx.inst.status === 'running') await openIfStalled(ctx.trx, ctx.inst.id, ctx.now);
  return result;
}

/** A unique index refused a write (both drivers: SQLSTATE 23505 and the index named). */
export function isUniqueViolation(error: unknown, index: string): boolean {
  const { code, message, constraint } = (error ?? {}) as Record<string, unknown>;
  return code === '23505' && (constraint === index || String(message).includes(index));
}

/**
 * The engine checks "one open task per node and person" before it writes, with the reason;
 * the index that keeps it is the last line. Should an action still reach it, the caller gets
 * a 409 to refresh and try again, never a 500, and the transaction has changed nothing.
 */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'wf_tasks_one_open')) {
      throw new UserError(409, 'server:workflow.openTaskExists');
    }
    throw error;
  }
}

/**
 * Runs fn in a transaction that first locks the instance row (SELECT ... FOR UPDATE, found by
 * `which`), so actions on one instance run one after another in every process, and a failure
 * leaves nothing behind.
 */
async function locked<T>(
  db: Db,
  which: { instId: string } | { taskId: string },
  options: EngineOptions,
  fn: (ctx: Ctx) => Promise<T>,
): Promise<T> {
  return guarded(() =>
    db.transaction().execute(async (trx) => {
      const inst = await trx
        .selectFrom('wf_instances')
        .selectAll()
        .where('id', '=', (eb) =>
          'instId' in which
            ? eb.val(which.instId)
            : eb.selectFrom('wf_tasks').select('inst_id').where('wf_tasks.id', '=', which.taskId),
        )
        .forUpdate()
        .executeTakeFirst();
      if (!inst) {
        throw notFound(
          'instId' in which ? 'server:workflow.instanceNotFound' : 'server:workflow.taskNotFound',
        );
      }
      const ctx: Ctx = {
        trx,
        now: options.now ?? new Date(),
        newId: options.newId ?? newId,
        inst,
        def: await loadDefinition(trx, inst.def_id),
      };
      return run(ctx, fn);
    }),
  );
}

/** An action on an instance, in its transaction and lock. */
export function withInstance<T>(
  db: Db,
  instId: string,
  options: EngineOptions,
  fn: (ctx: Ctx) => Promise<T>,
): Promise<T> {
  return locked(db, { instId }, options, fn);
}

/** withInstance for a task: locks the task's instance in the same query that finds it. */
export function withTaskInstance<T>(
  db: Db,
  taskId: string,
  options: EngineOptions,
  fn: (ctx: Ctx) => Promise<T>,
): Promise<T> {
  return locked(db, { taskId }, options, fn);
}

/** A task, with the kinds of its live children (add-signs, inquiries... hold it back). */
export type LoadedTask = TaskRow & { live_kinds?: string[] };

export async function lockedTask(ctx: Ctx, taskId: string): Promise<LoadedTask> {
  const task = await ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .select(
      sql<string[]>`array(select c.kind from wf_tasks c where c.parent_id = wf_tasks.id
        and c.state in ('pending', 'open', 'waiting'))`.as('live_kinds'),
    )
    .where('id', '=', taskId)
    .where('inst_id', '=', ctx.inst.id)
    .executeTakeFirst();
  if (!task) throw notFound('server:workflow.taskNotFound');
  return task;
}

/** The applicant: the leader a secretary started the flow for, else the starter. */
export function applicantOf(inst: InstanceRow): string {
  return inst.on_behalf_of_id ?? inst.starter_id;
}

/**
 * Who asked for this: the applicant and whoever started it for them. They never approve it
 * (segregation of duties, docs/workflow.md "Approval integrity").
 */
export function requestersOf(inst: Pick<InstanceRow, 'starter_id' | 'on_behalf_of_id'>): string[] {
  return inst.on_behalf_of_id ? [inst.starter_id, inst.on_behalf_of_id] : [inst.starter_id];
}

export interface RecordInput {
  taskId?: string | null;
  nodeId: string;
  nodeName: string;
  /** The owner of the task acted on (an agent's or a delegate's principal). */
  owner?: string | null;
  action: string;
  opinion?: string;
  files?: string;
  zfiles?: string;
  actor?: Actor | null;
  /** For system-made records on behalf of a person (a finished vote completing a task). */
  userId?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Whose action it is when it is not the person who pressed the button: the owner of the task
 * (an agent acts on the principal's task, a delegate on the task handed to them), else the
 * leader a secretary acts for. Null when the actor acts for themselves.
 */
export function principalOf(actor: Actor, owner: string | null): string | null {
  const principal = owner ?? actor.identity;
  return principal === actor.userId ? null : principal;
}

/**
 * The middle of a chain: whom a secretary acted as when that is neither who pressed the
 * button nor whose task it was (a secretary voting for a leader who holds a vote delegated
 * to them). Null otherwise.
 */
export function actingAsOf(actor: Actor, owner: string | null): string | null {
  if (actor.identity === actor.userId) return null;
  return actor.identity === (owner ?? actor.identity) ? null : actor.identity;
}

/** The record fields of an action on a task: its node, and its owner as the principal. */
export function onTask(task: Pick<TaskRow, 'id' | 'node_id' | 'node_name' | 'owner_id'>) {
  return { taskId: task.id, nodeId: task.node_id, nodeName: task.node_name, owner: task.owner_id };
}

/** Appends to the instance's history: every action, with its opinion and files. */
export async function record(ctx: Ctx, input: RecordInput): Promise<void> {
  const actor = input.actor ?? null;
  const owner = input.owner ?? null;
  const userId = input.userId ?? null;
  (ctx.records ??= []).push({
    inst_id: ctx.inst.id,
    task_id: input.taskId ?? null,
    node_id: input.nodeId,
    node_name: input.nodeName,
    action: input.action,
    opinion: input.opinion ?? '',
    files: input.files ?? '',
    zfiles: input.zfiles ?? '',
    // who pressed the button, and whose action it was (principalOf); a system record on a
    // person's task (a passed transfer completing it) names the task's owner as principal
    user_id: actor ? actor.userId : userId,
    on_behalf_of_id: actor ? principalOf(actor, owner) : owner && owner !== userId ? owner : null,
    acting_as_id: actor ? actingAsOf(actor, owner) : null,
    form_rev: ctx.inst.form_rev,
    detail: JSON.stringify(input.detail ?? {}),
    created_at: ctx.now,
  });
}

/** Remembers a node passed or a flow taken, for the flow image (written by flushCtx). */
export async function trail(ctx: Ctx, elementId: string, kind: 'node' | 'flow'): Promise<void> {
  (ctx.trail ??= []).push({ element_id: elementId, kind });
}
