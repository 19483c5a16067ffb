import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Flow subjects for readers of English (docs/workflow.md "Names in the reader's language").
 * An instance keeps its subject in Chinese and, where one could be made, in English:
 * `subject_en`, '' when none (English readers then see the Chinese, as with names).
 *
 * In an existing database: the seeded flows' BPMN gains its atrium:subjectEn (every stored
 * version, once), and instances whose subject came from a known template get the English of
 * that template, filled from the same values. A subject that does not match its template to
 * the letter (typed by the starter, or cut at 200 characters) stays Chinese only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table wf_instances add column subject_en text not null default ''`.execute(db);
  await addEnglishTemplates(db);
  await fillTemplateSubjects(db);
}

/**
 * The seeded flows' stored BPMN (every version) gains atrium:subjectEn beside their Chinese
 * template, once; a template an administrator changed is left as it is. Exported for its test.
 */
export async function addEnglishTemplates(db: Kysely<unknown>): Promise<void> {
  for (const flow of seededSubjects) {
    const chinese = `atrium:subject="${flow.zh}"`;
    await sql`update wf_definitions
      set bpmn_xml = replace(bpmn_xml, ${chinese}, ${`${chinese} atrium:subjectEn="${flow.en}"`})
      where def_key = ${flow.key} and bpmn_xml not like '%atrium:subjectEn=%'`.execute(db);
  }
}

/** The four seeded flows' subject templates ({starter} and form fields). */
export const seededSubjects = [
  {
    key: 'leave',
    zh: '{starter}的请假申请（{days}天）',
    en: 'Leave request from {starter} ({days} days)',
  },
  {
    key: 'expense',
    zh: '{starter}的费用报销：{title}（{amount}元）',
    en: 'Expense claim from {starter}: {title} ({amount} yuan)',
  },
  {
    key: 'contract',
    zh: '{starter}的合同审批：{title}',
    en: 'Contract approval from {starter}: {title}',
  },
  {
    key: 'fitOut',
    zh: '{starter}的装修申请：{brand} {shopNo}',
    en: 'Fit-out request from {starter}: {brand} {shopNo}',
  },
] as const;

/** The business time zone of {date}, as the server's configuration reads it. */
// The deployment's setting (TIME_ZONE), read as the configuration read it when this was written.
const timeZone = process.env.TIME_ZONE ?? 'Asia/Shanghai';

/** A template as SQL over an instance `i` and its applicant `u` (no request text in it). */
function filled(template: string) {
  const parts = template.split(/(\{\w+\})/).filter(Boolean);
  return sql.join(
    parts.map((part) => {
      const field = /^\{(\w+)\}$/.exec(part)?.[1];
      if (field === 'starter') return sql`u.fullname`;
      if (field === 'date')
        return sql`to_char(i.created_at at time zone ${timeZone}, 'YYYY-MM-DD')`;
      if (field) return sql`coalesce(i.form_data->>${field}, '')`;
      return sql`${part}::text`;
    }),
    sql` || `,
  );
}

/**
 * English subjects of instances made from the seeded templates and from the default one
 * ("{starter}的{flow}（{date}）", start.ts), where the Chinese matches its template exactly.
 * Exported for the test that runs it over instances without English.
 */
export async function fillTemplateSubjects(db: Kysely<unknown>): Promise<void> {
  const applicant = sql`u.id = coalesce(i.on_behalf_of_id, i.starter_id)`;
  for (const flow of seededSubjects) {
    await sql`update wf_instances i set subject_en = ${filled(flow.en)}
      from users u
      where i.def_key = ${flow.key} and i.subject_en = '' and ${applicant}
        and i.subject = ${filled(flow.zh)}`.execute(db);
  }
  await sql`update wf_instances i
    set subject_en = coalesce(nullif(d.name_en, ''), d.name) || ' from ' || u.fullname
      || ' (' || ${filled('{date}')} || ')'
    from wf_definitions d, users u
    where d.id = i.def_id and i.subject_en = '' and ${applicant}
      and i.subject = u.fullname || '的' || d.name || '（' || ${filled('{date}')} || '）'`.execute(
    db,
  );
}
