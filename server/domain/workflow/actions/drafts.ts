import type { Db } from '../../../db/database';
import type { FormData } from '../../../db/schema-workflow';
import { sql } from 'kysely';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { actorFor, leaderOf, type Caller } from '../access';
import { mainDefinition } from '../definitions';
import type { EngineOptions } from '../engine/context';
import { isSecretaryOf } from '../engine/people';
import { checkFlowData } from '../bound-form';
import type { StartInput } from './start';
import { withTask } from './run';
import { changeContent } from './content';
import { assertButton, formCheck } from './shared';

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
  const checked = await checkFlowData(def.form, input.data, formCheck(db, caller, null, false));
  const now = options.now ?? new Date();
  const subject = (input.subject ?? '').trim().slice(0, 200);
  const values = {
    def_id: def.row.id,
    def_key: def.row.def_key,
    business_key: (input.businessKey ?? '').trim().slice(0, 64),
    form_data: JSON.stringify(checked),
    on_behalf_of_id: leaderId,
    start_org_id: input.startOrgId ?? null,
    updated_at: now,
  };
  if (input.draftId) {
    const updated = await db
      .updateTable('wf_drafts')
      // Without a subject (the start form sends none) the draft keeps the one it has.
      .set({ ...values, ...(input.subject === undefined ? {} : keptSubject(subject)) })
      .where('id', '=', input.draftId)
      .where('creator_id', '=', caller.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFound('server:workflow.draftNotFound');
    return input.draftId;
  }
  const id = (options.newId ?? newId)();
  await db
    .insertInto('wf_drafts')
    .values({
      id,
      ...values,
      subject,
      creator_id: caller.id,
      source_inst_id: null,
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * A draft's subject as saved again: unchanged (the reader saw it in either language, as
 * getDraftById answers it), it keeps both languages; changed, it is what was typed, the same
 * for every reader.
 */
function keptSubject(given: string) {
  const unchanged = sql<boolean>`${given} <> '' and ${given} in (subject, nullif(subject_en, ''))`;
  return {
    subject: sql<string>`case when ${unchanged} then subject else ${given} end`,
    subject_en: sql<string>`case when ${unchanged} then subject_en else '' end`,
  };
}

/**
 * The subject to start a draft with: its own in both languages when the starter left it as
 * it was (in either language), else none (the start then takes what was typed, or makes one).
 */
export function draftSubject(
  draft: { subject: string; subject_en: string },
  given: string | undefined,
): { subject: string; subjectEn: string } | null {
  const typed = given?.trim();
  if (!typed || !draft.subject_en) return null;
  return typed === draft.subject || typed === draft.subject_en
    ? { subject: draft.subject, subjectEn: draft.subject_en }
    : null;
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
      'd.subject_en',
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
  await withTask(db, caller, taskId, options, async (ctx, task, actor) => {
    assertButton(ctx, task, 'saveDraft');
    await changeContent(ctx, task, actor, caller, data ?? {}, false);
  });
}

/** The open task of an instance the caller (or the leader they act for) holds or may take. */
export async function heldTaskId(db: Db, caller: Caller, instId: string): Promise<string | null> {
  const inst = await db
    .selectFrom('wf_instances')
    .select('def_key')
    .where('id', '=', instId)
    .executeTakeFirst();
  if (!inst) throw notFound('server:workflow.instanceNotFound');
  const me = (await actorFor(db, caller, inst.def_key)).identity;
  const row = await sql<{ id: string }>`
    select t.id from wf_tasks t where t.inst_id = ${instId} and t.state = 'open'
      and (t.assignee_id = ${me} or (t.assignee_id is null
        and (t.locked_by is null or t.locked_by = ${me})
        and exists (select 1 from wf_task_actors a where a.task_id = t.id and a.user_id = ${me})))
    order by t.created_at, t.seq limit 1`.execute(db);
  return row.rows[0]?.id ?? null;
}

async function heldTaskOf(db: Db, caller: Caller, instId: string): Promise<string> {
  const id = await heldTaskId(db, caller, instId);
  if (!id) throw forbidden('server:workflow.notYourTask');
  return id;
}

/**
 * instance/v1/saveFormData: keeps form changes on a task the caller holds (by taskId, or
 * their open task in instId) without completing it. Unlike task/v1/saveDraft the rules are
 * checked, as on complete: what is saved is what the next approvers and the gateways read.
 * Fields the node may not edit must come back unchanged; any problem changes nothing.
 */
export async function saveTaskFormData(
  db: Db,
  caller: Caller,
  ref: { taskId?: string; instId?: string },
  data: FormData,
  options: EngineOptions = {},
) {
  const taskId = ref.taskId ?? (await heldTaskOf(db, caller, ref.instId ?? ''));
  await withTask(db, caller, taskId, options, async (ctx, task, actor) => {
    if (ref.instId && task.inst_id !== ref.instId) throw notFound('server:workflow.taskNotFound');
    await changeContent(ctx, task, actor, caller, data);
  });
}
