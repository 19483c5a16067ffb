import type { FormData, TaskRow } from '../../../db/schema-workflow';
import { badRequest, forbidden } from '../../../lib/errors';
import type { Caller } from '../access';
import { checkFlowData, computedNames } from '../bound-form';
import { onTask, record, type Actor, type Ctx } from '../engine/context';
import { node } from '../model/graph';
import { formCheck, linkFormFiles } from './shared';

/**
 * Changes of the form data while a flow runs (docs/workflow.md, "Approval integrity"). Every
 * change goes through changeContent, whatever the call (an action's data, saveFormData, a
 * task's draft, a resubmission):
 * - only the node's own task may change it (its holder, or whoever acts for the holder: an
 *   agent, a delegate, a secretary); those consulted (add-signers, inquiries,
 *   communications, transfer voters, custom signers) give opinions and are refused (403);
 * - only the fields the node allows (everything at the start), checked against every rule;
 * - on a countersign, only while no vote of the round was cast (the others signed what they
 *   saw);
 * - a change counts the instance's revision up and is written to the history: who, for whom,
 *   which fields, before and after. Approvals remember the revision they were given on
 *   (engine/integrity.ts decides which still count).
 */
export interface FieldChange {
  name: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields the data would change, refusing those the node may not change. */
function changedFields(ctx: Ctx, task: TaskRow, data: FormData): FieldChange[] {
  const editable =
    task.node_type === 'START' ? '*' : (node(ctx.def.graph, task.node_id).task?.editable ?? []);
  const current = ctx.inst.form_data;
  const computed = computedNames(ctx.def.form);
  const changes: FieldChange[] = [];
  for (const [name, value] of Object.entries(data)) {
    // Computed fields sent back by the browser are the server's to work out.
    if (computed.has(name) || same(current[name], value)) continue;
    if (editable !== '*' && !editable.includes(name)) {
      const field = ctx.def.form.fields.find((candidate) => candidate.name === name);
      throw badRequest('server:workflow.fieldReadOnly', { label: field?.label ?? name });
    }
    changes.push({ name, before: current[name] ?? null, after: value ?? null });
  }
  return changes;
}

/** Votes already cast in this round of a countersign: then its content is what they signed. */
async function votesCast(ctx: Ctx, task: TaskRow): Promise<boolean> {
  const vote = await ctx.trx
    .selectFrom('wf_tasks')
    .select('id')
    .where('token_id', '=', task.token_id)
    .where('kind', '=', 'sign')
    .where('state', '=', 'done')
    .executeTakeFirst();
  return vote !== undefined;
}

async function assertMayChange(ctx: Ctx, task: TaskRow): Promise<void> {
  if (task.kind !== 'main' && task.kind !== 'sign') {
    throw forbidden('server:workflow.consultedCannotEdit');
  }
  if (task.kind === 'sign' && (await votesCast(ctx, task))) {
    throw badRequest('server:workflow.contentAfterVotes');
  }
}

/**
 * Form data sent with an action on a task: only what differs from the instance's data counts
 * (the browser sends the whole form back). Nothing changed is no change at all.
 */
export async function changeContent(
  ctx: Ctx,
  task: TaskRow,
  actor: Actor,
  caller: Caller,
  data: FormData | undefined,
  checkRules = true,
): Promise<void> {
  if (data === undefined) return;
  const changes = changedFields(ctx, task, data);
  if (changes.length === 0) return;
  await assertMayChange(ctx, task);
  const merged: FormData = { ...ctx.inst.form_data };
  for (const change of changes) merged[change.name] = change.after;
  const checked = await checkFlowData(
    ctx.def.form,
    merged,
    formCheck(ctx.trx, caller, ctx.inst.id, checkRules),
  );
  await linkFormFiles(ctx.trx, ctx.def, ctx.inst.id, checked);
  const rev = ctx.inst.form_rev + 1;
  await ctx.trx
    .updateTable('wf_instances')
    .set({ form_data: JSON.stringify(checked), form_rev: rev, updated_at: ctx.now })
    .where('id', '=', ctx.inst.id)
    .execute();
  ctx.inst = { ...ctx.inst, form_data: checked, form_rev: rev };
  await record(ctx, {
    ...onTask(task),
    action: 'formChange',
    actor,
    detail: { fields: changes },
  });
}
