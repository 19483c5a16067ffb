import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FormData, TaskRow, TokenRow } from '../../db/schema-workflow';
import { badRequest } from '../../lib/errors';
import { conflict } from '../access';
import { tokensOf, type Actor, type Ctx } from '../engine/context';
import { activeUsers, resolveSources } from '../engine/people';
import { childButtons, orderButtons, startNodeButtons, type ButtonAlias } from '../model/buttons';
import { validateFormData, type Translate } from '../model/form';
import { node } from '../model/graph';

export const maxOpinion = 2000;

/** Text of an opinion, trimmed; too long is refused rather than cut. */
export function opinionOf(text: string | undefined | null): string {
  const opinion = (text ?? '').trim();
  if (opinion.length > maxOpinion) throw badRequest('server:workflow.opinionTooLong');
  return opinion;
}

/**
 * Attachments as the platform sends them: JSON text of [{id,name,size}]. Each id must be an
 * uploaded file; the answer is the normalised JSON text ('' for none).
 */
export async function checkFiles(trx: Kysely<Database>, text: string | undefined): Promise<string> {
  if (!text || text.trim() === '' || text.trim() === '[]') return '';
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch {
    throw badRequest('server:workflow.filesInvalid');
  }
  if (!Array.isArray(list) || list.length > 50) throw badRequest('server:workflow.filesInvalid');
  const files = list.map((item) => {
    const id = (item as { id?: unknown })?.id;
    if (typeof id !== 'string' || id === '') throw badRequest('server:workflow.filesInvalid');
    return { id, name: String((item as { name?: unknown }).name ?? '') };
  });
  const found = await trx
    .selectFrom('files')
    .select(['id', 'name', 'size'])
    .where(
      'id',
      'in',
      files.map((file) => file.id),
    )
    .execute();
  const normalised = files.map((file) => {
    const row = found.find((candidate) => candidate.id === file.id);
    if (!row) throw badRequest('server:workflow.fileUnknown', { id: file.id });
    return { id: row.id, name: row.name, size: Number(row.size) };
  });
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
  return orderButtons(raw, task.kind === 'addsign');
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
 * Form data sent with an action: only the fields this node may change are taken (the
 * browser sends the whole form back), and the result must pass every rule again.
 */
export async function applyFormData(
  ctx: Ctx,
  task: TaskRow,
  data: FormData | undefined,
  translate: Translate,
  checkRules = true,
): Promise<void> {
  if (data === undefined) return;
  const editable =
    task.node_type === 'START' ? '*' : (node(ctx.def.graph, task.node_id).task?.editable ?? []);
  const current = ctx.inst.form_data;
  const merged: FormData = { ...current };
  for (const [name, value] of Object.entries(data)) {
    if (JSON.stringify(current[name] ?? null) === JSON.stringify(value ?? null)) continue;
    if (editable !== '*' && !editable.includes(name)) {
      const field = ctx.def.form.fields.find((candidate) => candidate.name === name);
      throw badRequest('server:workflow.fieldReadOnly', { label: field?.label ?? name });
    }
    merged[name] = value;
  }
  const checked = validateFormData(ctx.def.form, merged, translate, checkRules);
  if ('problem' in checked) throw badRequest(checked.problem.key, checked.problem.params);
  await ctx.trx
    .updateTable('wf_instances')
    .set({ form_data: JSON.stringify(checked.data), updated_at: ctx.now })
    .where('id', '=', ctx.inst.id)
    .execute();
  ctx.inst = { ...ctx.inst, form_data: checked.data };
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
