import type { Db } from '../../database';
import { roleIds, seedId } from '../ids';
import { userId as foundationUserId } from '../people';

/**
 * The people of the demo flows (docs/workflow.md, "Demo users"): staff with workflow roles,
 * an org tree with leaders, a secretary, an agent rule and a deputy. Password Staff#2026.
 */
export const workflowRoles = {
  generalManager: { id: seedId(22, 1), code: 'general-manager', name: '总经理' },
  deptManager: { id: seedId(22, 2), code: 'dept-manager', name: '部门经理' },
  legal: { id: seedId(22, 3), code: 'legal-approver', name: '法务审核' },
  finance: { id: seedId(22, 4), code: 'finance-approver', name: '财务审核' },
  operations: { id: seedId(22, 5), code: 'ops-approver', name: '运营审核' },
  cashier: { id: seedId(22, 6), code: 'cashier', name: '出纳' },
  adminOffice: { id: seedId(22, 7), code: 'admin-office', name: '行政' },
} as const;

interface Staff {
  n: number;
  account: string;
  fullname: string;
  roles: string[];
}

const r = workflowRoles;

/** New staff accounts; the foundation's admin, store01, contract01 and acct01 join in too. */
export const workflowStaff: Staff[] = [
  { n: 1, account: 'gm01', fullname: '赵国强', roles: [r.generalManager.id] },
  { n: 2, account: 'mgr01', fullname: '马明', roles: [r.deptManager.id] },
  { n: 3, account: 'mgr02', fullname: '林芳', roles: [r.deptManager.id] },
  { n: 4, account: 'sec01', fullname: '何佳', roles: [] },
  { n: 5, account: 'lead01', fullname: '陈伟', roles: [] },
  { n: 6, account: 'lead02', fullname: '周涛', roles: [] },
  { n: 7, account: 'emp01', fullname: '刘洋', roles: [] },
  { n: 8, account: 'emp02', fullname: '黄婷', roles: [] },
  { n: 9, account: 'legal01', fullname: '郭立新', roles: [r.legal.id] },
  { n: 10, account: 'fin01', fullname: '吴敏', roles: [r.finance.id] },
  { n: 11, account: 'ops01', fullname: '郑强', roles: [r.operations.id] },
  { n: 12, account: 'hr01', fullname: '孙丽', roles: [r.adminOffice.id] },
  { n: 13, account: 'cashier01', fullname: '钱多多', roles: [r.cashier.id] },
];

/** Where the workflow staff work (the personal info dialog shows it). */
export const officeAddress = '深圳市宝安区建安一路99号 海雅商业集团总部';

export const staffId = (account: string): string => {
  const staff = workflowStaff.find((user) => user.account === account);
  if (staff) return seedId(20, staff.n);
  const foundation = { admin: 1, store01: 5, contract01: 6, acct01: 7, newhire: 8 }[account];
  if (!foundation) throw new Error(`no demo user ${account}`);
  return foundationUserId(foundation);
};

/** Org tree: [n, code, [name, English name], parent n, leader, members]. */
const orgs: [number, string, [string, string], number | null, string, string[]][] = [
  [1, 'hy', ['海雅商业集团', 'Haiya Commercial Group'], null, 'gm01', []],
  [2, 'office', ['总经办', "General Manager's Office"], 1, 'gm01', ['admin', 'sec01']],
  [3, 'it', ['信息部', 'IT Department'], 1, 'lead01', ['emp01', 'emp02', 'mgr01', 'newhire']],
  [4, 'ops', ['运营部', 'Operations Department'], 1, 'ops01', ['lead02', 'store01']],
  [5, 'legal', ['法务部', 'Legal Department'], 1, 'legal01', ['contract01']],
  [6, 'finance', ['财务部', 'Finance Department'], 1, 'fin01', ['acct01', 'cashier01']],
  [7, 'hr', ['人力资源部', 'Human Resources Department'], 1, 'hr01', ['mgr02']],
];

export const orgId = (n: number) => seedId(21, n);

/** Posts of the workflow staff: [org n, code, [name, English], holder, the org's leading post]. */
const staffPosts: [number, string, [string, string], string, boolean][] = [
  [1, 'JT-ZJL', ['总经理', 'General manager'], 'gm01', true],
  [2, 'ZJB-MS', ['总经理秘书', 'Secretary to the general manager'], 'sec01', false],
  [3, 'XX-FZR', ['信息部负责人', 'Head of IT'], 'lead01', true],
  [3, 'XX-JL', ['信息部经理', 'IT manager'], 'mgr01', false],
  [3, 'XX-RJGCS', ['软件工程师', 'Software engineer'], 'emp01', false],
  [3, 'XX-XTGLY', ['系统管理员', 'System administrator'], 'emp02', false],
  [4, 'YY-ZJ', ['运营总监', 'Operations director'], 'ops01', true],
  [4, 'YY-ZG', ['运营主管', 'Operations supervisor'], 'lead02', false],
  [5, 'FW-JL', ['法务经理', 'Legal manager'], 'legal01', true],
  [6, 'CW-JL', ['财务经理', 'Finance manager'], 'fin01', true],
  [6, 'CW-CN', ['出纳', 'Cashier'], 'cashier01', false],
  [7, 'RL-JL', ['人力资源经理', 'Human resources manager'], 'hr01', true],
  [7, 'RL-RSJL', ['人事经理', 'Personnel manager'], 'mgr02', false],
];

async function seedStaffPosts(db: Db) {
  const rows = staffPosts.map(([org, code, [name, nameEn], holder, isLeader], i) => ({
    post: {
      id: seedId(28, i + 1),
      org_id: orgId(org),
      code,
      name,
      name_en: nameEn,
      is_leader: isLeader,
    },
    holder: staffId(holder),
  }));
  await db
    .insertInto('posts')
    .values(rows.map((row) => row.post))
    .execute();
  await db
    .insertInto('user_posts')
    .values(rows.map((row) => ({ user_id: row.holder, post_id: row.post.id })))
    .execute();
}

async function seedOrgs(db: Db) {
  await db
    .insertInto('wf_orgs')
    .values(
      orgs.map(([n, code, [name, nameEn], parent]) => ({
        id: orgId(n),
        code,
        name,
        name_en: nameEn,
        parent_id: parent ? orgId(parent) : null,
        sort: n,
      })),
    )
    .execute();
  const members = orgs.flatMap(([n, , , , leader, people]) => [
    { org_id: orgId(n), user_id: staffId(leader), is_main: n !== 2, is_leader: true },
    ...people.map((account) => ({
      org_id: orgId(n),
      user_id: staffId(account),
      is_main: true,
      is_leader: false,
    })),
  ]);
  // gm01 leads the group and its office; the group is the main org.
  await db.insertInto('wf_org_members').values(members).execute();
}

export async function seedWorkflowPeople(db: Db, now: Date): Promise<void> {
  await db
    .insertInto('roles')
    .values(Object.values(workflowRoles).map(({ id, code, name }) => ({ id, code, name })))
    .execute();
  // Same password as the foundation's staff accounts: reuse its hash (scrypt is slow).
  const staff = await db
    .selectFrom('users')
    .select(['password_hash', 'tenant_id'])
    .where('account', '=', 'store01')
    .executeTakeFirstOrThrow();
  for (const user of workflowStaff) {
    await db
      .insertInto('users')
      .values({
        id: staffId(user.account),
        account: user.account,
        password_hash: staff.password_hash,
        fullname: user.fullname,
        mobile: null,
        email: `${user.account}@haiya.example`,
        sex: null,
        address: officeAddress,
        idle_minutes: null,
        tenant_id: staff.tenant_id,
      })
      .execute();
    await db
      .insertInto('user_roles')
      .values(
        [roleIds.staff, ...user.roles].map((role_id) => ({
          user_id: staffId(user.account),
          role_id,
        })),
      )
      .execute();
  }
  // The admin works in administration too: the 行政审批 node is shared with hr01.
  await db
    .insertInto('user_roles')
    .values({ user_id: staffId('admin'), role_id: r.adminOffice.id })
    .execute();
  await seedOrgs(db);
  await seedStaffPosts(db);
  const day = 86_400_000;
  await db
    .insertInto('wf_secretaries')
    .values([
      ...['mgr01', 'mgr02', 'gm01'].map((leader, i) => ({
        id: seedId(26, i + 1),
        leader_id: staffId(leader),
        secretary_id: staffId('sec01'),
        def_keys: [],
      })),
      {
        id: seedId(26, 4),
        leader_id: staffId('gm01'),
        secretary_id: staffId('admin'),
        def_keys: [],
      },
    ])
    .execute();
  await db
    .insertInto('wf_agents')
    .values({
      id: seedId(26, 11),
      owner_id: staffId('ops01'),
      agent_id: staffId('lead02'),
      scope: 'part',
      def_keys: ['contract'],
      starts_at: new Date(now.getTime() - 30 * day),
      ends_at: new Date(now.getTime() + 90 * day),
      note: '出差期间合同会签由周涛代理',
    })
    .execute();
  await db
    .insertInto('wf_deputies')
    .values({ id: seedId(26, 21), user_id: staffId('lead01'), deputy_id: staffId('hr01') })
    .execute();
}
