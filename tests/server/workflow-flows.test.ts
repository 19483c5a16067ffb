import { describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import {
  expectInvariants,
  expenseForm,
  instanceStatus,
  leaveForm,
  openTasks,
  useServerAndClient,
} from './workflow-harness';
import { returnCases } from './workflow-returns-cases';

/**
 * The three demo flows from start to end along every branch, and returns in parallel
 * branches, countersigns and with add-signs pending; invariants after every step.
 */
describe.each(oneDatabase)('demo flows and returns on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  returnCases(() => ({ server, client }));

  it('seeds instances that keep the invariants', async () => {
    await expectInvariants(server.db);
  });

  it('leave of 3 days or less: the team leader only', async () => {
    const id = await client.start('emp01', 'leave', leaveForm(3, '2026-12-10'));
    expect(await openTasks(server.db, id)).toEqual(['teamLeader:lead01[NORMAL]']);
    await client.act('lead01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
    expect(await openTasks(server.db, id)).toEqual([]);
  });

  it('leave of more than 3 days: then one of the department managers (shared)', async () => {
    const id = await client.start('emp02', 'leave', leaveForm(3.5, '2026-12-10'));
    await client.act('lead01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['manager:(mgr01|mgr02)[SHARE]']);
    await client.act('mgr02', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it("a team leader's own leave goes to the leader of the parent org", async () => {
    const id = await client.start('lead01', 'leave', leaveForm(1, '2026-12-10'));
    expect(await openTasks(server.db, id)).toEqual(['teamLeader:gm01[NORMAL]']);
    await client.act('gm01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('leave returned to the applicant, corrected and resubmitted', async () => {
    const id = await client.start('emp01', 'leave', leaveForm(2, '2026-12-10'));
    await client.act('lead01', id, 'backToStart');
    expect(await openTasks(server.db, id)).toEqual(['start:emp01[BACK]']);
    // The applicant may change the form at the start node; the rules are checked again.
    const bad = await client.complete('emp01', await client.task(id, 'emp01'), 'agree', {
      data: Buffer.from(JSON.stringify({ ...leaveForm(2, '2026-12-10'), days: 40 })).toString(
        'base64',
      ),
    });
    expect(bad.body).toEqual({ state: false, message: '请假天数：不能大于30' });
    // More days than the dates span (12-01 to 12-03 is 3 days) is refused by the server too.
    const longer = await client.complete('emp01', await client.task(id, 'emp01'), 'agree', {
      data: Buffer.from(JSON.stringify(leaveForm(5, '2026-12-03'))).toString('base64'),
    });
    expect(longer.body).toEqual({
      state: false,
      message: '请假天数：不能超过所选日期中的 3 个工作日',
    });
    expect(await openTasks(server.db, id)).toEqual(['start:emp01[BACK]']);
    await client.act('emp01', id, 'agree', {
      data: Buffer.from(JSON.stringify(leaveForm(5, '2026-12-10'))).toString('base64'),
    });
    // Now 5 days: the gateway reads the corrected data.
    await client.act('lead01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['manager:(mgr01|mgr02)[SHARE]']);
    await client.act('mgr01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  const contract = {
    title: '测试合同',
    counterparty: '某公司',
    amount: 10000,
    signDate: '2026-11-01',
  };

  it('contract: the three departments countersign in parallel, then the general manager', async () => {
    const id = await client.start('contract01', 'contract', contract);
    // Operations' voter is away: the agent rule gives the vote to lead02 (AGENT).
    expect(await openTasks(server.db, id)).toEqual([
      'countersign:fin01[NORMAL]',
      'countersign:lead02[AGENT]',
      'countersign:legal01[NORMAL]',
    ]);
    await client.act('legal01', id, 'agree');
    await client.act('fin01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['countersign:lead02[AGENT]']);
    await client.act('lead02', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['generalManager:gm01[NORMAL]']);
    await client.act('gm01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
    // The general manager's node copies legal.
    const copies = await server.db
      .selectFrom('wf_notices')
      .select(['kind', 'receiver_id'])
      .where('inst_id', '=', id)
      .execute();
    expect(copies.map((copy) => copy.kind)).toEqual(['COPYTO']);
  });

  it('contract: one refusal sends it back to the applicant; resubmitted, it passes', async () => {
    const id = await client.start('store01', 'contract', contract);
    await client.act('fin01', id, 'agree');
    await client.act('legal01', id, 'oppose');
    expect(await openTasks(server.db, id)).toEqual(['start:store01[BACK]']);
    await client.act('store01', id, 'agree');
    expect((await openTasks(server.db, id)).length).toBe(3);
    for (const voter of ['legal01', 'fin01', 'lead02']) await client.act(voter, id, 'agree');
    await client.act('gm01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  async function throughReview(id: string) {
    await client.act('lead01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual([
      'accounting:acct01[NORMAL]',
      'budget:fin01[NORMAL]',
    ]);
    await client.act('fin01', id, 'agree');
    // The parallel join waits for the accounting branch.
    expect(await openTasks(server.db, id)).toEqual(['accounting:acct01[NORMAL]']);
    await client.act('acct01', id, 'agree');
  }

  it('expense under 5000, not entertainment: straight to the cashier, who copies finance', async () => {
    const id = await client.start('emp01', 'expense', expenseForm(3000, 'travel'));
    await throughReview(id);
    expect(await openTasks(server.db, id)).toEqual(['cashier:cashier01[NORMAL]']);
    await client.act('cashier01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
    const copies = await server.db
      .selectFrom('wf_notices as n')
      .innerJoin('users as r', 'r.id', 'n.receiver_id')
      .innerJoin('users as s', 's.id', 'n.sender_id')
      .select(['n.kind', 'n.node_id', 'r.account as receiver', 's.account as sender'])
      .where('n.inst_id', '=', id)
      .orderBy('n.created_at')
      .execute();
    expect(copies).toEqual([
      // lead01's deputy hr01 is copied on each task arriving for lead01
      { kind: 'COPYTO', node_id: 'teamLeader', receiver: 'hr01', sender: 'lead01' },
      // the cashier node copies finance (atrium:copyTo)
      { kind: 'COPYTO', node_id: 'cashier', receiver: 'fin01', sender: 'cashier01' },
    ]);
  });

  it('expense of 5000 or more: the general manager joins', async () => {
    const id = await client.start('emp02', 'expense', expenseForm(5000, 'office'));
    await throughReview(id);
    expect(await openTasks(server.db, id)).toEqual(['generalManager:gm01[NORMAL]']);
    await client.act('gm01', id, 'agree');
    await client.act('cashier01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('entertainment: administration (shared by hr01 and admin)', async () => {
    const id = await client.start('emp01', 'expense', expenseForm(800, 'entertain'));
    await throughReview(id);
    expect(await openTasks(server.db, id)).toEqual(['administration:(admin|hr01)[SHARE]']);
    await client.act('admin', id, 'agree');
    await client.act('cashier01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('entertainment of 5000 or more: both branches, and the inclusive merge waits for both', async () => {
    const id = await client.start('emp02', 'expense', expenseForm(12000, 'entertain'));
    await throughReview(id);
    expect(await openTasks(server.db, id)).toEqual([
      'administration:(admin|hr01)[SHARE]',
      'generalManager:gm01[NORMAL]',
    ]);
    await client.act('hr01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['generalManager:gm01[NORMAL]']);
    await client.act('gm01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['cashier:cashier01[NORMAL]']);
    await client.act('cashier01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('the flow image marks done and current nodes', async () => {
    const id = await client.start('emp01', 'expense', expenseForm(100, 'travel'));
    await client.act('lead01', id, 'agree');
    await client.act('fin01', id, 'agree');
    const image = await client.get(
      'emp01',
      `/bpm-runtime/runtime/instance/v1/instanceFlowImage?proInstId=${id}`,
    );
    expect(image.status).toBe(200);
    expect(image.body.bpmnXml).toContain('<process id="expense"');
    expect(image.body.currentNodes).toEqual(['accounting']);
    expect(image.body.doneNodes).toEqual(
      expect.arrayContaining(['start', 'teamLeader', 'fork', 'budget']),
    );
    expect(image.body.doneNodes).not.toContain('accounting');
    expect(image.body.doneFlows).toEqual(
      expect.arrayContaining(['toTeamLeader', 'toFork', 'budgetDone']),
    );
    expect((image.body.opinions as Record<string, unknown[]>).teamLeader).toHaveLength(1);
  });
});
