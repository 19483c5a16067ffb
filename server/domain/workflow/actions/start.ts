import { sql, type Kysely } from 'kysely';
import type { Db } from '../../../db/database';
import type { Database } from '../../../db/schema';
import type { FormData } from '../../../db/schema-workflow';
import { badRequest, forbidden, notFound } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { formatDate } from '../../../lib/time';
import { conflict, leaderOf, type Caller } from '../access';
import { mainDefinition, type LoadedDefinition } from '../definitions';
import {
  flushCtx,
  isUniqueViolation,
  record,
  trail,
  type Ctx,
  type EngineOptions,
} from '../engine/context';
import { arrive, settle } from '../engine/flow';
import { isSecretaryOf } from '../engine/people';
import { checkFlowData } from '../bound-form';
import { formCheck, linkFormFiles } from './shared';
import { draftSubject } from './drafts';
import { flow, node } from '../model/graph';
import { checkLinkable } from '../queries/related';
import { flowLabel, subjectLabel } from '../queries/names';
import type { Language } from '../../../../src/core/languages';

/** May this user start flows of this key? Everyone, or listed by user or by role. */
export async function hasStartRight(
  db: Kysely<Database>,
  userId: string,
  defKey: string,
): Promise<boolean> {
  const row = await sql<{ ok: boolean }>`
    select exists (
      select 1 from wf_start_rights r
      where r.def_key = ${defKey}
        and (r.kind = 'everyone'
          or (r.kind = 'user' and r.ref_id = ${userId})
          or (r.kind = 'role' and exists (
            select 1 from user_roles ur
            where ur.user_id = ${userId} and ur.role_id = r.ref_id and not ur.deleted)))
    ) as ok`.execute(db);
  return row.rows[0]?.ok === true;
}

export interface StartInput {
  defId?: string;
  flowKey?: string;
  subject?: string;
  data: unknown;
  businessKey?: string;
  startOrgId?: string;
  /** A draft to start from (the platform's proInstId); it is removed once started. */
  draftId?: string;
  /** Instances to link as related processes; each must be one the caller may link. */
  relatedIds?: string[];
}

interface Applicant {
  id: string;
  fullname: string;
  orgId: string | null;
}

async function applicantFor(db: Db, caller: Caller, def: LoadedDefinition): Promise<Applicant> {
  const leaderId = leaderOf(caller);
  const id = leaderId ?? caller.id;
  if (leaderId && !(await isSecretaryOf(db, caller.id, leaderId, def.row.def_key))) {
    throw forbidden('server:workflow.notSecretary');
  }
  const user = await db
    .selectFrom('users')
    .select(['fullname', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user || user.status !== 1) throw badRequest('server:workflow.userUnknown');
  return { id, fullname: user.fullname, orgId: null };
}

/** The org the flow is started from: one of the applicant's, the main one by default. */
async function startOrg(db: Db, applicantId: string, wanted: string | undefined) {
  const orgs = await db
    .selectFrom('wf_org_members')
    .select(['org_id', 'is_main'])
    .where('user_id', '=', applicantId)
    .orderBy('is_main', 'desc')
    .execute();
  if (wanted) {
    if (!orgs.some((org) => org.org_id === wanted)) throw badRequest('server:workflow.orgInvalid');
    return wanted;
  }
  return orgs[0]?.org_id ?? null;
}

/**
 * The subject, in Chinese and for readers of English: as given (the same in both), else from
 * the process's atrium:subject and atrium:subjectEn templates, else a default in each
 * language. Without an English template beside a Chinese one, English readers see the Chinese
 * (subjectEn ''), as with a flow's name.
 */
export function subjectFor(
  def: LoadedDefinition,
  given: string | undefined,
  data: FormData,
  applicant: string,
  now: Date,
  timeZone: string,
): { subject: string; subjectEn: string } {
  const subject = given?.trim();
  if (subject) {
    if (subject.length > 200) throw badRequest('server:workflow.subjectTooLong');
    return { subject, subjectEn: '' };
  }
  const { subjectTemplate, subjectTemplateEn } = def.graph;
  const fill = (template: string) =>
    template
      // {days:day|days}: the first word when the field is exactly 1, else the second.
      .replace(/\{(\w+):([^|{}]*)\|([^|{}]*)\}/g, (_, name: string, one: string, many: string) =>
        Number(data[name]) === 1 ? one : many,
      )
      .replace(/\{(\w+)\}/g, (_, name: string) => {
        if (name === 'starter') return applicant;
        if (name === 'date') return formatDate(now, timeZone);
        const value = data[name];
        return value === undefined || value === null ? '' : String(value);
      })
      .slice(0, 200);
  const englishName = flowLabel('en-US', def.row);
  return {
    subject: fill(subjectTemplate || `{starter}的${def.row.name}（{date}）`),
    subjectEn: subjectTemplateEn
      ? fill(subjectTemplateEn)
      : subjectTemplate
        ? ''
        : fill(`${englishName} from {starter} ({date})`),
  };
}

async function assertCanStart(db: Db, caller: Caller, def: LoadedDefinition, applicantId: string) {
  if (def.row.status !== 'deploy') throw badRequest('server:workflow.defForbidden');
  if (caller.isAdmin) return;
  if (!(await hasStartRight(db, applicantId, def.row.def_key))) {
    throw forbidden('server:workflow.noStartRight');
  }
}

const runningRecordIndex = 'wf_instances_running_record';

/**
 * A business record has at most one running instance of a flow. The check gives the clear
 * message; the unique index (migration 0005) decides when two starts race past it.
 */
async function assertRecordFree(
  db: Db,
  defKey: string,
  businessKey: string,
  language: Language | undefined,
) {
  if (!businessKey) return;
  const running = await db
    .selectFrom('wf_instances')
    .select(['subject', 'subject_en'])
    .where('def_key', '=', defKey)
    .where('business_key', '=', businessKey)
    .where('status', '=', 'running')
    .executeTakeFirst();
  if (running) {
    throw conflict('server:workflow.recordRunning', {
      subject: subjectLabel(language, running),
    });
  }
}

async function draftOf(db: Db, caller: Caller, draftId: string) {
  const draft = await db
    .selectFrom('wf_drafts')
    .select(['id', 'creator_id', 'subject', 'subject_en'])
    .where('id', '=', draftId)
    .executeTakeFirst();
  if (!draft || draft.creator_id !== caller.id) throw notFound('server:workflow.draftNotFound');
  return draft;
}

/**
 * POST instance/v1/start. Rights first (the admin skips them), then the form against its
 * rules, then one transaction: the instance, its start record, and the first tokens.
 * Answers the new instance id.
 */
export async function startInstance(
  db: Db,
  caller: Caller,
  input: StartInput,
  timeZone: string,
  options: EngineOptions = {},
): Promise<string> {
  const def = await mainDefinition(db, {
    ...(input.defId ? { defId: input.defId } : {}),
    ...(input.flowKey ? { defKey: input.flowKey } : {}),
  });
  const applicant = await applicantFor(db, caller, def);
  await assertCanStart(db, caller, def, applicant.id);
  const data = await checkFlowData(def.form, input.data, formCheck(db, caller, null));
  const draft = input.draftId ? await draftOf(db, caller, input.draftId) : null;
  const orgId = await startOrg(db, applicant.id, input.startOrgId);
  const now = options.now ?? new Date();
  const id = (options.newId ?? newId)();
  const { subject, subjectEn } =
    (draft && draftSubject(draft, input.subject)) ??
    subjectFor(def, input.subject, data, applicant.fullname, now, timeZone);
  const businessKey = (input.businessKey ?? '').trim().slice(0, 64);
  await assertRecordFree(db, def.row.def_key, businessKey, caller.language);
  const relatedIds = await checkLinkable(db, caller.id, input.relatedIds ?? []);
  try {
    await insertAndBegin(db, caller, def, {
      id,
      now,
      subject,
      subjectEn,
      businessKey,
      data,
      applicantId: applicant.id,
      orgId,
      relatedIds,
      ...(input.draftId ? { draftId: input.draftId } : {}),
      ...(options.newId ? { newId: options.newId } : {}),
    });
  } catch (error) {
    // The other start won the race: answer as if it had been there before this one.
    if (isUniqueViolation(error, runningRecordIndex)) {
      await assertRecordFree(db, def.row.def_key, businessKey, caller.language);
    }
    throw error;
  }
  return id;
}

interface NewInstance {
  id: string;
  now: Date;
  subject: string;
  subjectEn: string;
  businessKey: string;
  data: FormData;
  applicantId: string;
  orgId: string | null;
  relatedIds: string[];
  draftId?: string;
  newId?: () => string;
}

/** One transaction: the instance, its related links, its start record and first tokens. */
async function insertAndBegin(
  db: Db,
  caller: Caller,
  def: LoadedDefinition,
  fresh: NewInstance,
): Promise<void> {
  const { id, now, subject, subjectEn, businessKey, applicantId, orgId } = fresh;
  await db.transaction().execute(async (trx) => {
    // A draft starts one instance: the first start removes it, a second one (a double
    // click, another process) finds it gone and changes nothing.
    if (fresh.draftId) {
      const taken = await trx
        .deleteFrom('wf_drafts')
        .where('id', '=', fresh.draftId)
        .returning('id')
        .executeTakeFirst();
      if (!taken) throw notFound('server:workflow.draftNotFound');
    }
    await trx
      .insertInto('wf_instances')
      .values({
        id,
        def_id: def.row.id,
        def_key: def.row.def_key,
        subject,
        subject_en: subjectEn,
        business_key: businessKey,
        status: 'running',
        result: null,
        form_data: JSON.stringify(fresh.data),
        starter_id: caller.id,
        on_behalf_of_id: applicantId === caller.id ? null : applicantId,
        start_org_id: orgId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const inst = await trx
      .selectFrom('wf_instances')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (fresh.relatedIds.length > 0) {
      await trx
        .insertInto('wf_related_instances')
        .values(
          fresh.relatedIds.map((relatedId) => ({
            inst_id: id,
            related_id: relatedId,
            created_by: caller.id,
            created_at: now,
          })),
        )
        .execute();
    }
    await linkFormFiles(trx, def, id, fresh.data);
    const ctx: Ctx = { trx, now, newId: fresh.newId ?? newId, inst, def };
    await beginFlow(ctx, caller);
    await flushCtx(ctx);
  });
}

async function beginFlow(ctx: Ctx, caller: Caller) {
  const graph = ctx.def.graph;
  const start = node(graph, graph.startId);
  await record(ctx, {
    nodeId: start.id,
    nodeName: start.name,
    action: 'start',
    actor: {
      userId: caller.id,
      fullname: caller.fullname,
      identity: caller.id,
      leaderId: ctx.inst.on_behalf_of_id,
      isAdmin: caller.isAdmin,
    },
  });
  await trail(ctx, start.id, 'node');
  const first = flow(graph, start.outgoing[0]!);
  await trail(ctx, first.id, 'flow');
  await arrive(ctx, first.target, { viaFlow: first.id, viaNode: start.id, prevNode: start.id });
  await settle(ctx);
}
