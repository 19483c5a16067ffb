import { sql } from 'kysely';
import type { Db } from '../../database';
import { translate } from '../../../i18n';
import type { Caller } from '../../../domain/workflow/access';
import { askOthers, startCustomSign, startTrans } from '../../../domain/workflow/actions/children';
import { completeTask, type CompleteInput } from '../../../domain/workflow/actions/complete';
import { saveDraft } from '../../../domain/workflow/actions/drafts';
import { endProcess, revokeInstance } from '../../../domain/workflow/actions/ending';
import { delegateTask } from '../../../domain/workflow/actions/holding';
import { copyTo, markNoticesRead, saveFollows } from '../../../domain/workflow/actions/notices';
import { startInstance } from '../../../domain/workflow/actions/start';
import { urge } from '../../../domain/workflow/actions/timing';
import type { EngineOptions } from '../../../domain/workflow/engine/context';
import { seedId } from '../ids';
import { staffId, workflowStaff } from './people';

const hour = 3_600_000;
const names: Record<string, string> = {
  admin: '系统管理员',
  store01: '张晓明',
  contract01: '李静',
  acct01: '王会计',
  ...Object.fromEntries(workflowStaff.map((user) => [user.account, user.fullname])),
};

/**
 * Drives the real engine through the demo's stories, with fixed ids and times relative to
 * today, so the demo shows every state through the same code paths users take.
 */
class Story {
  private n = 0;
  private clock: number;

  constructor(
    private readonly db: Db,
    now: Date,
    daysAgo: number,
  ) {
    this.clock = now.getTime() - daysAgo * 24 * hour;
  }

  private options(): EngineOptions {
    this.clock += hour;
    return { now: new Date(this.clock), newId: () => seedId(25, Story.counter.next()) };
  }

  static counter = {
    value: 0,
    next() {
      return ++this.value;
    },
  };

  caller(account: string, leader?: string): Caller {
    return {
      id: staffId(account),
      fullname: names[account]!,
      isAdmin: account === 'admin',
      leaderId: leader ? staffId(leader) : null,
      translate: (key, params) => translate('zh-CN', key, params),
    };
  }

  async start(account: string, flowKey: string, data: Record<string, unknown>): Promise<string> {
    this.n++;
    return startInstance(
      this.db,
      this.caller(account),
      { flowKey, data },
      'Asia/Shanghai',
      this.options(),
    );
  }

  /** The open task of a person (holder or candidate) in an instance. */
  async task(instId: string, account: string): Promise<string> {
    const row = await sql<{ id: string }>`
      select t.id from wf_tasks t
      where t.inst_id = ${instId} and t.state = 'open'
        and (t.assignee_id = ${staffId(account)} or (t.assignee_id is null and exists (
          select 1 from wf_task_actors a where a.task_id = t.id and a.user_id = ${staffId(account)})))
      order by t.created_at, t.seq limit 1`.execute(this.db);
    if (!row.rows[0]) throw new Error(`seed: ${account} has no open task in ${instId}`);
    return row.rows[0].id;
  }

  async act(
    account: string,
    instId: string,
    actionName: string,
    opinion = '',
    extra: Partial<CompleteInput> = {},
  ) {
    const taskId = await this.task(instId, account);
    await completeTask(
      this.db,
      this.caller(account),
      { taskId, actionName, opinion, ...extra },
      this.options(),
    );
  }

  async agreeAll(instId: string, accounts: string[]) {
    for (const account of accounts) await this.act(account, instId, 'agree', '同意。');
  }

  async run<T>(fn: (options: EngineOptions) => Promise<T>): Promise<T> {
    return fn(this.options());
  }
}

/** The working days of December 2026 from Tuesday the 1st: a leave of n days ends on the nth. */
const decemberWorkdays = ['01', '02', '03', '04', '07', '08', '09', '10', '11', '14'];

const leave = (days: number, reason: string, type = 'annual') => ({
  leaveType: type,
  startDate: '2026-12-01',
  endDate: `2026-12-${decemberWorkdays[Math.max(0, Math.ceil(days) - 1)]}`,
  days,
  reason,
});

const contract = (title: string, counterparty: string, amount: number) => ({
  title,
  counterparty,
  amount,
  signDate: '2026-11-20',
  description: `${title}，合同相对方为${counterparty}。`,
});

const expense = (title: string, category: string, amount: number) => ({
  title,
  category,
  amount,
  occurredOn: '2026-11-15',
});

async function leaveStories(db: Db, now: Date) {
  const s1 = new Story(db, now, 20);
  const l1 = await s1.start('emp01', 'leave', leave(2, '回老家办理户籍手续'));
  await s1.agreeAll(l1, ['lead01']);

  const s2 = new Story(db, now, 6);
  const l2 = await s2.start('emp01', 'leave', leave(5, '年度休假，外出旅行'));
  await s2.act('lead01', l2, 'agree', '同意，请做好工作交接。');
  await s2.run((o) => saveFollows(db, s2.caller('emp01'), l2, ['manager'], o));
  await s2.run((o) =>
    urge(
      db,
      s2.caller('emp01'),
      { instId: l2, opinion: '请尽快审批，谢谢。', urgentStateValue: 'urgent' },
      o,
    ),
  );

  const s3 = new Story(db, now, 2);
  await s3.start('emp02', 'leave', leave(1, '孩子学校家长会', 'personal'));

  const s4 = new Story(db, now, 4);
  const l4 = await s4.start('emp02', 'leave', leave(4, '身体不适需要休息', 'sick'));
  await s4.act('lead01', l4, 'backToStart', '请补充医院证明后再提交。');

  const s5 = new Story(db, now, 3);
  const l5 = await s5.start('store01', 'leave', leave(2, '门店调休', 'compensatory'));
  const t5 = await s5.task(l5, 'ops01');
  await s5.run((o) =>
    delegateTask(
      db,
      s5.caller('ops01'),
      { taskId: t5, userId: staffId('lead02'), opinion: '我出差中，请周涛代为审批。' },
      o,
    ),
  );

  const s6 = new Story(db, now, 5);
  const l6 = await s6.start('emp01', 'leave', leave(3, '处理家中事务', 'personal'));
  await s6.run((o) =>
    revokeInstance(db, s6.caller('emp01'), { instanceId: l6, cause: '行程取消，撤回申请' }, o),
  );

  const s7 = new Story(db, now, 9);
  const l7 = await s7.start('emp02', 'leave', leave(2, '外出培训'));
  const t7 = await s7.task(l7, 'lead01');
  await s7.run((o) =>
    endProcess(db, s7.caller('lead01'), { taskId: t7, endReason: '培训已改为线上，无需请假。' }, o),
  );

  const s9 = new Story(db, now, 1);
  await s9.start('lead01', 'leave', leave(2, '参加行业交流会'));
}

async function contractStories(db: Db, now: Date) {
  const s1 = new Story(db, now, 7);
  const c1 = await s1.start(
    'contract01',
    'contract',
    contract('缤纷城三期租赁合同', '深圳市悦茶餐饮管理有限公司', 1_280_000),
  );
  await s1.agreeAll(c1, ['legal01', 'fin01']);

  const s2 = new Story(db, now, 8);
  const c2 = await s2.start(
    'store01',
    'contract',
    contract('宝安店空调维保合同', '深圳市冷暖机电工程有限公司', 86_000),
  );
  await s2.agreeAll(c2, ['legal01', 'fin01', 'lead02']);
  const gm2 = await s2.task(c2, 'gm01');
  await s2.run((o) =>
    copyTo(
      db,
      s2.caller('gm01'),
      { taskId: gm2, userIds: staffId('admin'), opinion: '请关注维保合同付款节点。' },
      o,
    ),
  );

  const s3 = new Story(db, now, 10);
  const c3 = await s3.start(
    'contract01',
    'contract',
    contract('惠城店广告位合同', '惠州市明远广告有限公司', 45_000),
  );
  await s3.act('legal01', c3, 'oppose', '违约条款不完整，请修改后重新提交。');

  const s4 = new Story(db, now, 15);
  const c4 = await s4.start(
    'contract01',
    'contract',
    contract('天汇广场保洁服务合同', '东莞市洁美物业服务有限公司', 360_000),
  );
  await s4.agreeAll(c4, ['legal01', 'fin01', 'lead02', 'gm01']);
  const copy = await db
    .selectFrom('wf_notices')
    .select('id')
    .where('inst_id', '=', c4)
    .where('receiver_id', '=', staffId('legal01'))
    .executeTakeFirstOrThrow();
  await markNoticesRead(
    db,
    s4.caller('legal01'),
    [copy.id],
    new Date(now.getTime() - 14 * 24 * hour),
  );

  const s5 = new Story(db, now, 2);
  const c5 = await s5.start(
    'contract01',
    'contract',
    contract('缤纷城导视系统采购合同', '深圳市方向标识有限公司', 230_000),
  );
  for (const [account, kind, other] of [
    ['legal01', 'inqu', 'hr01'],
    ['fin01', 'addsign', 'acct01'],
    ['lead02', 'commu', 'store01'],
  ] as const) {
    const taskId = await s5.task(c5, account);
    await s5.run((o) =>
      askOthers(
        db,
        s5.caller(account),
        kind,
        { taskId, userIds: staffId(other), opinion: '请提供意见。' },
        o,
      ),
    );
  }

  const s6 = new Story(db, now, 4);
  const c6 = await s6.start(
    'contract01',
    'contract',
    contract('员工体检服务合同', '深圳市康宁健康管理有限公司', 58_000),
  );
  const t6 = await s6.task(c6, 'legal01');
  await s6.run((o) =>
    askOthers(
      db,
      s6.caller('legal01'),
      'inqu',
      { taskId: t6, userIds: staffId('hr01'), opinion: '体检项目是否符合人事要求？' },
      o,
    ),
  );
  await s6.act('hr01', c6, 'inquReply', '体检项目符合要求。');
}

async function expenseStories(db: Db, now: Date) {
  const s1 = new Story(db, now, 5);
  const e1 = await s1.start('emp01', 'expense', expense('上海出差交通住宿', 'travel', 3000));
  await s1.agreeAll(e1, ['lead01', 'acct01', 'fin01']);

  const s2 = new Story(db, now, 3);
  // The general manager's secretary claims the dinner; the administration office (hr01 and
  // admin) approves entertainment. Nobody approves their own request, so admin's own claim
  // (the office supplies below) waits for the general manager.
  const e2 = await s2.start('sec01', 'expense', expense('商户恳谈会餐费', 'entertain', 8000));
  await s2.agreeAll(e2, ['gm01', 'acct01', 'fin01']);
  const admin2 = await s2.task(e2, 'admin');
  await s2.run((o) =>
    copyTo(
      db,
      s2.caller('admin'),
      { taskId: admin2, userIds: staffId('lead01'), opinion: '请知悉。' },
      o,
    ),
  );
  await s2.start('admin', 'expense', expense('总经办办公用品', 'office', 800));
  const gm2 = await s2.task(e2, 'gm01');
  await s2.run((o) =>
    copyTo(
      db,
      s2.caller('gm01'),
      { taskId: gm2, userIds: staffId('admin'), opinion: '餐费标准请注意。' },
      o,
    ),
  );
  const notice = await db
    .selectFrom('wf_notices')
    .select('id')
    .where('inst_id', '=', e2)
    .where('receiver_id', '=', staffId('admin'))
    .executeTakeFirstOrThrow();
  await markNoticesRead(
    db,
    s2.caller('admin'),
    [notice.id],
    new Date(now.getTime() - 2 * 24 * hour),
  );

  const s3 = new Story(db, now, 12);
  const e3 = await s3.start('emp02', 'expense', expense('采购办公用品', 'office', 2000));
  await s3.agreeAll(e3, ['lead01', 'acct01', 'fin01', 'cashier01']);

  const s4 = new Story(db, now, 2);
  const e4 = await s4.start('emp01', 'expense', expense('北京展会差旅', 'travel', 6000));
  await s4.agreeAll(e4, ['lead01']);
  const acct4 = await s4.task(e4, 'acct01');
  await s4.run((o) =>
    startTrans(
      db,
      s4.caller('acct01'),
      {
        taskId: acct4,
        userIds: `${staffId('emp02')},${staffId('hr01')}`,
        opinion: '请核实行程安排。',
        voteType: 'amount',
        voteAmount: 2,
        action: 'submit',
      },
      o,
    ),
  );
  const fin4 = await s4.task(e4, 'fin01');
  await s4.run((o) =>
    startCustomSign(
      db,
      s4.caller('fin01'),
      'seq',
      {
        taskId: fin4,
        userIds: `${staffId('mgr01')},${staffId('mgr02')}`,
        opinion: '请依次确认预算。',
      },
      o,
    ),
  );

  const s5 = new Story(db, now, 1);
  const e5 = await s5.start('store01', 'expense', expense('门店绿植租摆', 'office', 1200));
  await s5.agreeAll(e5, ['ops01', 'fin01']);
  const acct5 = await s5.task(e5, 'acct01');
  await s5.run((o) =>
    startCustomSign(
      db,
      s5.caller('acct01'),
      'parallel',
      {
        taskId: acct5,
        userIds: `${staffId('emp01')},${staffId('emp02')}`,
        opinion: '请同时确认。',
      },
      o,
    ),
  );

  const s6 = new Story(db, now, 6);
  const e6 = await s6.start('emp01', 'expense', expense('客户来访接待', 'entertain', 9000));
  await s6.agreeAll(e6, ['lead01', 'acct01', 'fin01', 'admin']);

  const s7 = new Story(db, now, 3);
  const e7 = await s7.start('emp02', 'expense', expense('供应商座谈茶歇', 'entertain', 500));
  await s7.agreeAll(e7, ['lead01', 'acct01', 'fin01']);
  const admin7 = await s7.task(e7, 'admin');
  await s7.run((o) =>
    delegateTask(
      db,
      s7.caller('admin'),
      { taskId: admin7, userId: staffId('hr01'), opinion: '请孙丽处理。' },
      o,
    ),
  );

  const s8 = new Story(db, now, 4);
  const e8 = await s8.start('emp02', 'expense', expense('部门团建餐费', 'entertain', 300));
  await s8.agreeAll(e8, ['lead01', 'acct01', 'fin01', 'hr01']);
  await s8.act('cashier01', e8, 'rejectToAnyNode', '发票抬头有误，请行政重新确认。', {
    destination: 'administration',
  });

  const s9 = new Story(db, now, 1);
  await s9.run((o) =>
    saveDraft(
      db,
      s9.caller('admin'),
      {
        flowKey: 'expense',
        subject: '年会场地布置费用',
        data: { title: '年会场地布置费用', category: 'other' },
      },
      o,
    ),
  );
}

export async function seedInstances(db: Db, now: Date): Promise<void> {
  Story.counter.value = 0;
  await leaveStories(db, now);
  await contractStories(db, now);
  await expenseStories(db, now);
}
