import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Approvals that say where they stand (docs/workflow.md, "Who acts next"):
 * - wf_messages kind `result`: the outcome told to the requester (approved, refused, ended,
 *   returned);
 * - wf_definitions.description_en: a flow's description for readers of English ('' when
 *   none: they see the Chinese), filled for the four seeded flows;
 * - the seeded contract form's number says what it expects (its hint);
 * - meetings have a room, an organiser and an end (a meeting opens as a meeting);
 * - the seeded leave flow's English subject counts its days with a plural ("1 day",
 *   "3.5 days"): its stored BPMN takes the plural form, and subjects and drafts written as
 *   "(1 days)" are mended.
 */
export const seededDescriptions: Record<string, string> = {
  leave: 'Up to 3 days: the team leader approves; more than 3 days: a department manager too',
  contract:
    'Legal, finance and operations countersign in parallel, then the general manager approves',
  expense:
    'Accounting and budget review in parallel, extra approvals by amount and category, then the cashier pays and copies finance',
  fitOut:
    'A store submits a tenant fit-out; operations review it; budgets of 500,000 yuan or more also go to the general manager',
};

const contractNoHint = {
  hint: '大写字母、数字和连字符，如 HT-2026-001',
  hintEn: 'capital letters, digits and hyphens, such as HT-2026-001',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_messages drop constraint wf_messages_kind_check`.execute(db);
  await sql`alter table wf_messages add constraint wf_messages_kind_check
    check (kind in ('urge', 'due', 'incident', 'result'))`.execute(db);
  await sql`alter table wf_definitions add column description_en text not null default ''`.execute(
    db,
  );
  for (const [key, english] of Object.entries(seededDescriptions)) {
    await sql`update wf_definitions set description_en = ${english}
      where def_key = ${key} and description_en = ''`.execute(db);
  }
  // A meeting opens as a meeting: its room, organiser and end beside its start.
  await sql`alter table meetings add column room text not null default ''`.execute(db);
  await sql`alter table meetings add column room_en text not null default ''`.execute(db);
  await sql`alter table meetings add column organiser_id text references users (id)`.execute(db);
  await sql`alter table meetings add column end_at timestamptz`.execute(db);
  await sql`update meetings m set organiser_id = i.starter_id,
      end_at = m.start_at + interval '1 hour',
      room = '总部 3 楼第一会议室', room_en = 'HQ meeting room 1, 3rd floor'
    from wf_tasks t join wf_instances i on i.id = t.inst_id
    where t.id = m.task_id and m.organiser_id is null`.execute(db);
  // The seeded contract form says what a contract number looks like.
  await sql`update wf_definitions set form = jsonb_set(form::jsonb, '{fields}', (
      select jsonb_agg(case when f->>'name' = 'contractNo'
        then f || ${JSON.stringify(contractNoHint)}::jsonb else f end order by n)
      from jsonb_array_elements(form::jsonb->'fields') with ordinality as t(f, n)))
    where def_key = 'contract' and form::jsonb->'fields' is not null
      and not (form::text like '%"hint"%')`.execute(db);
  await pluralLeaveSubjects(db);
}

/** The seeded leave flow's English subject counts days with a plural; "(1 days)" mended. */
export async function pluralLeaveSubjects(db: Kysely<unknown>): Promise<void> {
  await sql`update wf_definitions
    set bpmn_xml = replace(bpmn_xml, '({days} days)', '({days} {days:day|days})')
    where def_key = 'leave'`.execute(db);
  for (const table of ['wf_instances', 'wf_drafts']) {
    await sql`update ${sql.table(table)} set subject_en = replace(subject_en, '(1 days)', '(1 day)')
      where def_key = 'leave' and subject_en like '%(1 days)'`.execute(db);
  }
}
