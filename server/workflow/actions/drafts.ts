import type { Db } from '../../db/database';
import type { FormData } from '../../db/schema-workflow';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { leaderOf, type Caller } from '../access';
import { mainDefinition } from '../definitions';
import type { EngineOptions } from '../engine/context';
import { isSecretaryOf } from '../engine/people';
import { validateFormData } from '../model/form';
import type { StartInput } from './start';
import { withTask } from './run';
import { applyFormData, assertButton } from './shared';

/**
 * instance/v1/saveDraft: keeps an unfinished application. The data must fit the form (known
 * fields, right types) but may be incomplete: rules are checked only when it is started.
 * With a draft id (the platform's proInstId) it updates that draft. Answers the draft id.
 */
export async function saveDraft(
  db: Db,
  caller: Caller,
  input: StartInput,
  options: EngineOptions = {},
): Promise<string> {
  const def = await mainDefinition(db, {
    ...(input.defId ? { defId: input.defId } : {}),
    ...(input.flowKey ? { defKey: input.flowKey } : {}),
  });
  const leaderId = leaderOf(caller);
  if (leaderId && !(await isSecretaryOf(db, caller.id, leaderId, def.row.def_key))) {
    throw badRequest('server:workflow.notSecretary');
  }
  const checked = validateFormData(def.form, input.data, caller.translate, false);
  if ('problem' in checked) throw badRequest(checked.problem.key, checked.problem.params);
  const now = options.now ?? new Date();
  const subject = (input.subject ?? '').trim().slice(0, 200);
  const values = {
    def_id: def.row.id,
    def_key: def.row.def_key,
    subject,
    business_key: (input.businessKey ?? '').trim().slice(0, 64),
    form_data: JSON.stringify(checked.data),
    on_behalf_of_id: leaderId,
    start_org_id: input.startOrgId ?? null,
    updated_at: now,
  };
  if (input.draftId) {
    const updated = await db
      .updateTable('wf_drafts')
      .set(values)
      .where('id', '=', input.draftId)
      .where('creator_id', '=', caller.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound('server:workflow.draftNotFound');
    return input.draftId;
  }
  const id = (options.newId ?? newId)();
  await db
    .insertInto('wf_drafts')
    .values({ id, ...values, creator_id: caller.id, source_inst_id: null, created_at: now })
    .execute();
  return id;
}

/** A draft of the caller, to restore it into the start form. */
export async function getDraft(db: Db, caller: Caller, id: string) {
  const draft = await db
    .selectFrom('wf_drafts as d')
    .innerJoin('wf_definitions as f', 'f.id', 'd.def_id')
    .select([
      'd.id',
      'd.def_id',
      'd.def_key',
      'f.name as def_name',
      'd.subject',
      'd.business_key',
      'd.form_data',
      'd.on_behalf_of_id',
      'd.start_org_id',
      'd.source_inst_id',
      'd.created_at',
      'd.updated_at',
    ])
    .where('d.id', '=', id)
    .where('d.creator_id', '=', caller.id)
    .executeTakeFirst();
  if (!draft) throw notFound('server:workflow.draftNotFound');
  return draft;
}

/** removeDraftById?ids: the caller's drafts only; answers how many went. */
export async function removeDrafts(db: Db, caller: Caller, ids: string[]): Promise<number> {
  if (ids.length === 0) throw badRequest('server:workflow.idsRequired');
  const result = await db
    .deleteFrom('wf_drafts')
    .where('id', 'in', ids)
    .where('creator_id', '=', caller.id)
    .executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed === 0) throw notFound('server:workflow.draftNotFound');
  return removed;
}

/** task/v1/saveDraft: keeps form changes on an open task without completing it. */
export async function saveTaskDraft(
  db: Db,
  caller: Caller,
  taskId: string,
  data: FormData | undefined,
  options: EngineOptions = {},
) {
  await withTask(db, caller, taskId, options, async (ctx, task) => {
    assertButton(ctx, task, 'saveDraft');
    await applyFormData(ctx, task, data ?? {}, caller.translate, false);
  });
}
