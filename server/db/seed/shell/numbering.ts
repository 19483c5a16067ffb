import type { Db } from '../../database';
import { seedId } from '../ids';

/**
 * The user centre's jobs (职务, getJobPage) and the portal's numbering rules (流水号,
 * getNextIdByAlias). Each seeded post names its job by the end of its title: 总经理 the
 * general manager, …总监 a director, …经理 and …负责人 a manager, …主管 a supervisor, the
 * rest (专员, 秘书, 会计, 出纳, 工程师, 管理员, 助理) an officer.
 */
const jobs: { code: string; name: string; nameEn: string; level: number; titles: string[] }[] = [
  { code: 'ZJL', name: '总经理', nameEn: 'General manager', level: 1, titles: ['总经理'] },
  { code: 'ZJ', name: '总监', nameEn: 'Director', level: 2, titles: ['%总监'] },
  { code: 'JL', name: '经理', nameEn: 'Manager', level: 3, titles: ['%经理', '%负责人'] },
  { code: 'ZG', name: '主管', nameEn: 'Supervisor', level: 4, titles: ['%主管'] },
  {
    code: 'ZY',
    name: '专员',
    nameEn: 'Officer',
    level: 5,
    titles: ['%专员', '%秘书', '%会计', '出纳', '%工程师', '%管理员', '%助理'],
  },
];

export async function seedJobs(db: Db): Promise<void> {
  for (const [i, job] of jobs.entries()) {
    const id = seedId(29, i + 1);
    await db
      .insertInto('uc_jobs')
      .values({
        id,
        code: job.code,
        name: job.name,
        name_en: job.nameEn,
        level: job.level,
        sort: i + 1,
      })
      .execute();
    await db
      .updateTable('posts')
      .set({ job_id: id })
      .where('job_id', 'is', null)
      .where((eb) => eb.or(job.titles.map((title) => eb('name', 'like', title))))
      .execute();
  }
}

/** Two numbering rules: contract print registrations by day, meeting numbers by year. */
export async function seedIdentities(db: Db): Promise<void> {
  await db
    .insertInto('sys_identities')
    .values([
      {
        alias: 'contractPrintNo',
        name: '合同打印登记号',
        name_en: 'Contract print registration number',
        regulation: 'DY{yyyy}{MM}{dd}{NO}',
        gen_type: 1,
        no_length: 4,
        init_value: 1,
      },
      {
        alias: 'meetingNo',
        name: '会议编号',
        name_en: 'Meeting number',
        regulation: 'HY-{yyyy}-{NO}',
        gen_type: 3,
        no_length: 5,
        init_value: 1,
      },
    ])
    .execute();
}
