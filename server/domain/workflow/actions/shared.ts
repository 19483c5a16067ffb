import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { FormData, TaskRow, TokenRow } from '../../../db/schema-workflow';
import { badRequest, UserError } from '../../../lib/errors';
import { parseRequestJson } from '../../../lib/safe-input';
import { conflict, type Caller } from '../access';
import { formFileIds, type FlowFormCheck } from '../bound-form';
import { tokensOf, type Actor, type Ctx } from '../engine/context';
import { activeUsers, resolveSources } from '../engine/people';
import { childButtons, orderButtons, startNodeButtons, type ButtonAlias } from '../model/buttons';
import { node } from '../model/graph';

export const maxOpinion = 2000;

/** Text of an opinion, trimmed; too long is refused rather than cut. */
export function opinionOf(text: string | undefined | null): string {
  const opinion = (text ?? '').trim();
  if (opinion.length > maxOpinion) throw badRequest('server:workflow.opinionTooLong');
  return opinion;
}

/** Files by id, each with whether it is already on the instance (none before a start). */
function filesOnInstance(trx: Kysely<Database>, ids: string[], instId: string | null) {
  return trx
    .selectFrom('files as f')
    .select(['f.id', 'f.name', 'f.size', 'f.uploader_id', 'f.public'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('file_links as l')
            .select('l.file_id')
            .whereRef('l.file_id', '=', 'f.id')
            .where('l.kind', '=', 'workflow')
            .where('l.record_id', '=', instId ?? ''),
        )
        .as('attached'),
    )
    .where('f.id', 'in', ids)
    .execute();
}

/** The engine's file rule: the admin, a public file, one on the instance, or one's own. */
function mayAttach(
  file: { public: boolean; attached: unknown; uploader_id: string | null },
  people: { isAdmin: boolean; ids: string[] },
): boolean {
  return (
    people.isAdmin ||
    file.public ||
    Boolean(file.attached) ||
    (file.uploader_id !== null && people.ids.includes(file.uploader_id))
  );
}

/** Links files to the instance: whoever may read it may read them. */
async function linkToInstance(trx: Kysely<Database>, ids: string[], instId: string) {
  if (!ids.length) return;
  await trx
    .insertInto('file_links')
    .values(ids.map((id) => ({ file_id: id, kind: 'workflow' as const, record_id: instId })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Attachments as the platform sends them: JSON text of [{id,name,size}]. Each id must be a
 * file the actor uploaded (or the user they act for), a public file, or one already attached
 * to this instance: attaching makes a file readable by everyone who reads the instance, so nobody
 * can attach, and thereby publish, a file that is not theirs. The files are linked to the
 * instance (file_links) and the answer is the normalised JSON text ('' for none).
 */
export async function checkFiles(
  ctx: Ctx,
  actor: Actor,
  text: string | undefined,
): Promise<string> {
  if (!text || text.trim() === '' || text.trim() === '[]') return '';
  let list: unknown;
  try {
    list = parseRequestJson(text);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw badRequest('server:workflow.filesInvalid');
  }
  if (!Array.isArray(list) || list.length > 50) throw badRequest('server:workflow.filesInvalid');
  const files = list.map((item) => {
    const id = (item as { id?: unknown })?.id;
    if (typeof id !== 'string' || id === '') throw badRequest('server:workflow.filesInvalid');
    return { id, name: String((item as { name?: unknown }).name ?? '') };
  });
  const ids = files.map((file) => file.id);
  const found = await filesOnInstance(ctx.trx, ids, ctx.inst.id);
  const people = { isAdmin: actor.isAdmin, ids: [actor.userId, actor.identity] };
  const normalised = files.map((file) => {
    const row = found.find((candidate) => candidate.id === file.id);
    // Someone else's file answers like a missing one: its id tells nothing.
    if (!row || !mayAttach(row, people))
      throw badRequest('server:workflow.fileUnknown', { id: file.id });
    return { id: row.id, name: row.name, size: Number(row.size) };
  });
  await linkToInstance(ctx.trx, ids, ctx.inst.id);
  return JSON.stringify(normalised);
}

/** Users named in a request ("id1,id2" or accounts): all must exist and be active. */
export async function usersOf(
  trx: Kysely<Database>,
  text: string | string[] | undefined,
  max = 50,
): Promise<string[]> {
  const refs = (Array.isArray(text) ? text : (text ?? '').split(','))
    .map((ref) => ref.trim())
    .filter(Boolean);
  if (refs.length === 0) throw badRequest('server:workflow.usersRequired');
  if (refs.length > max) throw badRequest('server:workflow.tooManyUsers', { max });
  const ids = await activeUsers(trx, refs);
  if (ids.length !== new Set(refs).size) throw badRequest('server:workflow.userUnknown');
  return ids;
}

export function assertRunning(ctx: Ctx): void {
  if (ctx.inst.status !== 'running') throw conflict('server:workflow.notRunning');
}

/** The buttons a task offers, in the spec's order (see model/buttons.ts). */
export function buttonsOf(ctx: Ctx, task: TaskRow): ButtonAlias[] {
  const raw =
    task.kind !== 'main' && task.kind !== 'sign'
      ? (childButtons[task.kind] ?? [])
      : task.node_type === 'START'
        ? startNodeButtons
        : node(ctx.def.graph, task.node_id).task!.buttons;
  // Abstaining is a vote: one approver alone cannot abstain (the request would go on
  // without anyone's approval). Claiming (签收) is for a task offered to several people.
  const allowed = raw.filter(
    (alias) =>
      !(alias === 'abandon' && task.kind === 'main') &&
      !(alias === 'lockUnlock' && task.assignee_id !== null),
  );
  return orderButtons(allowed, task.kind === 'addsign');
}

export function assertButton(ctx: Ctx, task: TaskRow, alias: ButtonAlias): void {
  if (!buttonsOf(ctx, task).includes(alias)) {
    throw badRequest('server:workflow.actionNotAllowed', { action: alias });
  }
}

export async function tokenOf(ctx: Ctx, task: TaskRow): Promise<TokenRow> {
  const token = (await tokensOf(ctx)).find((candidate) => candidate.id === task.token_id);
  if (!token) throw new Error(`task ${task.id}: its token ${task.token_id} is gone`);
  return token;
}

/** Live children of a task, by kind. */
export async function liveChildren(ctx: Ctx, parentId: string, kinds: TaskRow['kind'][]) {
  return ctx.trx
    .selectFrom('wf_tasks')
    .selectAll()
    .where('parent_id', '=', parentId)
    .where('kind', 'in', kinds)
    .where('state', 'in', ['pending', 'open', 'waiting'])
    .orderBy('seq')
    .execute();
}

/**
 * How an action checks form data: the engine's file rule (as checkFiles) for an online form's
 * attachments: the caller's own upload, a public file, or one already on this instance.
 */
export function formCheck(
  trx: Kysely<Database>,
  caller: Caller,
  instId: string | null,
  checkRules = true,
): FlowFormCheck {
  return {
    db: trx,
    language: caller.language ?? 'zh-CN',
    translate: caller.translate,
    checkRules,
    mayAttach: async (fileId) => {
      const [file] = await filesOnInstance(trx, [fileId], instId);
      return Boolean(file && mayAttach(file, { isAdmin: caller.isAdmin, ids: [caller.id] }));
    },
  };
}

/** Links the files on the form to the instance, so whoever reads it may read them. */
export async function linkFormFiles(
  trx: Kysely<Database>,
  def: Ctx['def'],
  instId: string,
  data: FormData,
): Promise<void> {
  await linkToInstance(trx, formFileIds(def.form, data), instId);
}

/** Carbon copies of the node (atrium:copyTo) and notices to those following it. */
export async function announceNodeDone(
  ctx: Ctx,
  task: TaskRow,
  actor: Actor | null,
  opinion: string,
): Promise<void> {
  const settings = node(ctx.def.graph, task.node_id).task;
  const sender = actor?.identity ?? task.assignee_id;
  const copies = settings ? await resolveSources(ctx, settings.copyTo) : [];
  const followers = await ctx.trx
    .selectFrom('wf_follows')
    .select('user_id')
    .where('inst_id', '=', ctx.inst.id)
    .where('node_id', '=', task.node_id)
    .execute();
  const notices = [
    ...copies.map((receiver) => ({ receiver, kind: 'COPYTO' as const })),
    ...followers.map((row) => ({ receiver: row.user_id, kind: 'FOLLOW' as const })),
  ].filter((notice) => notice.receiver !== sender);
  for (const notice of notices) {
    await ctx.trx
      .insertInto('wf_notices')
      .values({
        id: ctx.newId(),
        inst_id: ctx.inst.id,
        task_id: task.id,
        node_id: task.node_id,
        node_name: task.node_name,
        kind: notice.kind,
        sender_id: sender,
        receiver_id: notice.receiver,
        opinion,
        created_at: ctx.now,
      })
      .execute();
  }
}

/**
 * One person, one vote: a countersign vote is never handed (delegated, transferred) or
 * add-signed to anyone who holds, held or will hold a vote in the same round of that node:
 * its voters, pending ones included, and the principals and delegates of their votes.
 */
export async function assertNotVoters(ctx: Ctx, task: TaskRow, users: string[]): Promise<void> {
  if (task.kind !== 'sign') return;
  const votes = await ctx.trx
    .selectFrom('wf_tasks')
    .select(['assignee_id', 'owner_id', 'completed_by'])
    .where('token_id', '=', task.token_id)
    .where('kind', '=', 'sign')
    .execute();
  const voters = new Set(
    votes.flatMap((vote) => [vote.assignee_id, vote.owner_id, vote.completed_by]),
  );
  const clash = users.find((user) => voters.has(user));
  if (!clash) return;
  const user = await ctx.trx
    .selectFrom('users')
    .select('fullname')
    .where('id', '=', clash)
    .executeTakeFirstOrThrow();
  throw badRequest('server:workflow.alreadyVoter', { name: user.fullname });
}
