import { sql, type Kysely } from 'kysely';

/**
 * The demo's review meetings were named in English after the request's Chinese subject
 * ("Review meeting: 刘洋的费用报销：…"); they take the request's English subject, as the
 * task lists show it. Only meetings still named that way change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update meetings m set subject_en = 'Review meeting: ' || i.subject_en
    from wf_tasks t join wf_instances i on i.id = t.inst_id
    where t.id = m.task_id and i.subject_en <> ''
      and m.subject_en = 'Review meeting: ' || i.subject
  `.execute(db);
}
