import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from './finance-support';
import { login, oneDatabase, withServer } from './harness';
import { as, tokenOf } from './shell-support';

/**
 * Method permissions (issue 12, part 7): which actions are controlled, who holds them, the
 * menus that carry them, and the server refusing a controlled action to whoever lacks it,
 * whatever the page shows.
 */
interface Node {
  alias: string;
  sysMethods: string[];
  children: Node[];
}

// One database: who holds which method, and the refusals (docs/testing.md).
describe.each(oneDatabase)('method permissions on %s', (kind) => {
  const server = withServer(kind);
  const call: Record<string, ReturnType<typeof as>> = {};
  beforeAll(async () => {
    for (const account of ['admin', 'acct01', 'store01', 'SZHY10001']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
    call.emp01 = as(server.app, await login(server.app, 'emp01', 'Staff#2026'));
  });

  const auth = async (account: string) =>
    (await call[account]!('GET', '/portal/sys/sysMethod/v1/getCurrentUserMethodAuth')).body
      .value as { allMethod: { alias: string }[]; curUserMethod: string[] };

  it('answers every controlled method and those the caller holds', async () => {
    const acct = await auth('acct01');
    expect(acct.allMethod.map((method) => method.alias)).toEqual([
      'dyzl:add',
      'dyzl:edit',
      'finance:batchPrint',
      'finance:export',
      'news:manage',
    ]);
    expect(acct.curUserMethod).toEqual(['finance:batchPrint', 'finance:export']);
    expect((await auth('store01')).curUserMethod).toEqual([
      'dyzl:add',
      'dyzl:edit',
      'finance:export',
    ]);
    expect((await auth('emp01')).curUserMethod).toEqual([]);
    expect((await auth('admin')).curUserMethod).toHaveLength(5);
    const anonymous = await as(server.app, null)(
      'GET',
      '/portal/sys/sysMethod/v1/getCurrentUserMethodAuth',
    );
    expect(anonymous.status).toBe(401);
  });

  it('puts the caller’s methods on the menus they belong to', async () => {
    const menu = async (account: string) =>
      (
        await call[account]!(
          'GET',
          '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=front_menu',
        )
      ).body.value as Node[];
    const statements = (await menu('acct01')).find((node) => node.alias === 'statements')!;
    expect(statements.sysMethods).toEqual(['finance:batchPrint', 'finance:export']);
    const workbench = (await menu('store01')).find((node) => node.alias === 'workbench')!;
    expect(workbench.sysMethods).toEqual(['dyzl:add', 'dyzl:edit']);
    const acctWorkbench = (await menu('acct01')).find((node) => node.alias === 'workbench')!;
    expect(acctWorkbench.sysMethods).toEqual([]);
  });

  it('refuses a controlled action to whoever lacks its method', async () => {
    const [notice] = await rows<{ id: string }>(
      server.db,
      `select id from dunning_notices where merchant_code = '10001' limit 1`,
    );
    const batch = (account: string) =>
      call[account]!('POST', '/bpm-runtime/bpm/atriumScript/printBatch/shcjftzd', {
        descriptor: { query: 'overdue.list', filters: {} },
      });
    expect((await batch('SZHY10001')).status).toBe(200);
    expect(notice).toBeDefined();
    // Taking batch printing from merchants takes it from SZHY10001 at once, in both calls.
    await rows(
      server.db,
      `delete from sys_method_roles where method_alias = 'finance:batchPrint'
         and role_id = (select id from roles where code = 'merchant')`,
    );
    const refused = await batch('SZHY10001');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('您没有执行此操作的权限');
    const link = await call.SZHY10001!('POST', '/bpm-runtime/bpm/atriumScript/printLink', {
      kind: 'shcjftzd_all',
      descriptor: { query: 'overdue.list', filters: {} },
    });
    expect(link.status).toBe(403);
    expect((await auth('SZHY10001')).curUserMethod).toEqual(['finance:export']);
  });

  it('refuses a template write without its method, and says so in the template', async () => {
    const info = async () =>
      (
        await call.store01!(
          'GET',
          '/form/form/dataTemplate/v1/getBpmDataTemplateInfo?templateKey=dyzl',
        )
      ).body.value.permission;
    expect(await info()).toMatchObject({ add: true, edit: true });
    await rows(
      server.db,
      `delete from sys_method_roles where method_alias = 'dyzl:add'
         and role_id = (select id from roles where code = 'store')`,
    );
    expect(await info()).toMatchObject({ add: false, edit: true });
    const save = await call.store01!('POST', '/form/form/dataTemplate/v1/boSave/dyzl', {
      F_MDID: 'S01',
      F_GYSDM: '10001',
      F_GYSMC: '深圳市丽人坊化妆品有限公司',
      F_PPMC: '丽人坊',
      F_HTH: 'HT-2099-S01-0001',
      F_LXR: '张三',
      F_LXSJH: '13800000009',
      F_ZSRY: '李四',
      F_ZSRYSJH: '13800000008',
    });
    expect(save.status).toBe(403);
    expect(save.body.message).toBe('您没有执行此操作的权限');
  });

  it('tells the approval time as the server’s clock in the business time zone', async () => {
    const answer = await call.emp01!('GET', '/portal/flow/approvalItem/v1/getApprovalTime');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(
      new Date(),
    );
    expect(answer.body.message.slice(0, 10)).toBe(today);
  });
});
