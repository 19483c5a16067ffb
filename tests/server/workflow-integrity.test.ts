import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import {
  bpmn,
  deploy,
  encode,
  expectInvariants,
  expenseForm,
  formDataOf,
  instanceStatus,
  leaveForm,
  openTasks,
  staffId,
  useServerAndClient,
  userTask,
  type Client,
} from './workflow-harness';

/**
 * The rules of approval integrity (docs/workflow.md, "Approval integrity"), each from the
 * reproductions that broke them: the route follows the content, those consulted do not edit,
 * nobody approves their own request, a countersign sees what is signed, 反对 means no, every
 * record names who acted and for whom, and a stalled instance is an incident at once.
 */
const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';

const contractForm = (amount = 1000, counterparty = '某公司') => ({
  title: '测试合同',
  counterparty,
  amount,
  signDate: '2026-11-01',
});

/** A short leave whose holiday check (hr01) may change the days after the gateway chose. */
const lateEditXml = bpmn(
  'lateEdit',
  [
    '<startEvent id="start"/>',
    userTask('A', 'user:lead01'),
    '<exclusiveGateway id="gw" default="short"/>',
    userTask('M', 'user:mgr01'),
    userTask('H', 'user:hr01', 'atrium:editable="days"'),
    '<endEvent id="end"/>',
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'gw'],
    ['long', 'gw', 'M', 'days > 3'],
    ['short', 'gw', 'H'],
    ['f3', 'M', 'end'],
    ['f4', 'H', 'end'],
  ],
);
const daysForm = { fields: [{ name: 'days', label: '天数', type: 'number', required: true }] };

/** One approver whose 反对 sends the request back to the applicant. */
const opposeBackXml = bpmn(
  'opposeBack',
  [
    '<startEvent id="start"/>',
    userTask('A', 'user:lead01', 'atrium:onOppose="backToStart"'),
    '<endEvent id="end"/>',
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'end'],
  ],
);

async function records(client: Client, instId: string) {
  const answer = await client.get('admin', `${instance}/instanceFlowOpinions?instId=${instId}`);
  return answer.raw as {
    status: string;
    taskKey: string;
    auditor: string;
    operatorId: string;
    actingAs?: string;
    auditorName: string;
    operatorName: string;
    actingAsName?: string;
    detail: Record<string, unknown>;
  }[];
}

describe.each(oneDatabase)('approval integrity on %s', (kind) => {
  const { server, client } = useServerAndClient(kind, async ({ client }) => {
    await deploy(client, 'lateEdit', lateEditXml, daysForm);
    await deploy(client, 'opposeBack', opposeBackXml, daysForm);
  });

  /** An expense of emp02 past its reviews, at the cashier. */
  async function expenseAtCashier(amount = 100, category = 'travel') {
    const id = await client.start('emp02', 'expense', expenseForm(amount, category));
    await client.act('lead01', id, 'agree');
    await client.act('acct01', id, 'agree');
    await client.act('fin01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['cashier:cashier01[NORMAL]']);
    return id;
  }

  describe('1. the route follows the content', () => {
    it('a direct return to the applicant whose resubmission changes the claim goes through every approval the new claim needs', async () => {
      const id = await expenseAtCashier();
      await client.act('cashier01', id, 'backToStart', { backHandMode: 'direct' });
      await client.act('emp02', id, 'agree', {
        data: encode(expenseForm(50_000, 'entertain')),
      });
      // Not straight back to the cashier: the claim is another one now.
      expect(await openTasks(server.db, id)).toEqual(['teamLeader:lead01[NORMAL]']);
      await client.act('lead01', id, 'agree');
      await client.act('acct01', id, 'agree');
      await client.act('fin01', id, 'agree');
      expect(await openTasks(server.db, id)).toEqual([
        'administration:(admin|hr01)[SHARE]',
        'generalManager:gm01[NORMAL]',
      ]);
      await client.act('gm01', id, 'agree');
      await client.act('hr01', id, 'agree');
      await client.act('cashier01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
      const history = (await records(client, id)).map((record) => record.status);
      expect(history).toContain('formChange');
      expect(history).toContain('directReturnVoided');
    });

    it('a direct return resubmitted unchanged still comes straight back', async () => {
      const id = await expenseAtCashier();
      await client.act('cashier01', id, 'backToStart', { backHandMode: 'direct' });
      await client.act('emp02', id, 'agree', { data: encode(expenseForm()) });
      expect(await openTasks(server.db, id)).toEqual(['cashier:cashier01[NORMAL]']);
    });

    it('a direct return to accounting that raises the amount goes to the general manager', async () => {
      const id = await expenseAtCashier();
      await client.act('cashier01', id, 'rejectToAnyNode', {
        destination: 'accounting',
        backHandMode: 'direct',
      });
      await client.act('acct01', id, 'agree', { data: encode(expenseForm(9_999)) });
      expect(await openTasks(server.db, id)).toEqual(['generalManager:gm01[NORMAL]']);
      await client.act('gm01', id, 'agree');
      await client.act('cashier01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
    });

    it('a change after the gateway chose asks the approvals the new route needs before it ends', async () => {
      const id = await client.start('emp01', 'lateEdit', { days: 2 });
      await client.act('lead01', id, 'agree');
      expect(await openTasks(server.db, id)).toEqual(['H:hr01[NORMAL]']);
      await client.act('hr01', id, 'agree', { data: encode({ days: 10 }) });
      // Ten days need the manager, whom the gateway skipped for two.
      expect(await instanceStatus(server.db, id)).toBe('running');
      expect(await openTasks(server.db, id)).toEqual(['M:mgr01[NORMAL]']);
      await client.act('mgr01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
      const history = (await records(client, id)).map((record) => record.status);
      expect(history).toContain('approvalsRequired');
    });
  });

  describe('2. those consulted give opinions; they do not edit', () => {
    /** An expense of 6,000 at accounting. */
    async function atAccounting() {
      const id = await client.start('emp02', 'expense', expenseForm(6_000));
      await client.act('lead01', id, 'agree');
      return { id, taskId: await client.task(id, 'acct01') };
    }
    const lower = encode(expenseForm(4_999));

    it('refuses every change from a consulted person, by every call, and changes nothing', async () => {
      const { id, taskId } = await atAccounting();
      await client.ok('acct01', `${task}/addSign`, { taskId, userIds: staffId('emp01') });
      await client.ok('acct01', `${task}/taskToInqu`, { taskId, userIds: staffId('hr01') });
      await client.ok('acct01', `${task}/communicate`, { taskId, userIds: staffId('gm01') });
      const tries = [
        [
          'emp01',
          'addSign agree',
          async () =>
            client.complete('emp01', await client.task(id, 'emp01'), 'agree', { data: lower }),
        ],
        [
          'hr01',
          'saveFormData by task',
          async () =>
            client.post('hr01', `${instance}/saveFormData`, {
              taskId: await client.task(id, 'hr01'),
              data: lower,
            }),
        ],
        [
          'gm01',
          'saveFormData by instance',
          () => client.post('gm01', `${instance}/saveFormData`, { instId: id, data: lower }),
        ],
        [
          'sec01 for gm01',
          'saveFormData as a secretary',
          () =>
            client.post('sec01', `${instance}/saveFormData?leaderId=${staffId('gm01')}`, {
              instId: id,
              data: lower,
            }),
        ],
      ] as const;
      for (const [who, what, attempt] of tries) {
        const answer = await attempt();
        expect(answer.status, `${who} ${what}: ${JSON.stringify(answer.body)}`).toBe(403);
        expect((await formDataOf(server.db, id)).amount, `${who} ${what}`).toBe(6000);
      }
      await expectInvariants(server.db);
    });

    it("a custom signer's agree with data is refused", async () => {
      const { id, taskId } = await atAccounting();
      await client.ok('acct01', `${task}/taskCustomSignUsers`, {
        taskId,
        userId: staffId('emp01'),
      });
      const signer = await client.task(id, 'emp01');
      const answer = await client.complete('emp01', signer, 'agree', { data: lower });
      expect(answer.status).toBe(403);
      expect(answer.body.message).toContain('不能修改表单');
      expect((await formDataOf(server.db, id)).amount).toBe(6000);
    });

    it("the holder's change, and a delegate's, are in the history with before and after", async () => {
      const { id, taskId } = await atAccounting();
      await client.ok('acct01', `${instance}/saveFormData`, {
        taskId,
        data: encode(expenseForm(6_100)),
      });
      await client.ok('acct01', `${task}/delegate`, { taskId, userId: staffId('emp01') });
      await client.act('emp01', id, 'agree', { data: encode(expenseForm(6_200)) });
      const changes = (await records(client, id)).filter(
        (record) => record.status === 'formChange',
      );
      expect(changes.map((change) => [change.operatorId, change.auditor])).toEqual([
        [staffId('acct01'), staffId('acct01')],
        [staffId('emp01'), staffId('acct01')],
      ]);
      expect(changes[1]!.detail.fields).toEqual([
        { name: 'amount', label: '报销金额（元）', before: 6100, after: 6200 },
      ]);
    });
  });

  describe('3. nobody approves their own request', () => {
    it('a secretary who starts a claim cannot approve it for their leader', async () => {
      const id = await client.start('sec01', 'expense', expenseForm(8_000));
      expect(await openTasks(server.db, id)).toEqual(['teamLeader:gm01[NORMAL]']);
      const taskId = await client.task(id, 'gm01');
      const buttons = await client.get(
        'sec01',
        `${task}/getButtonsBytaskId?taskId=${taskId}&leaderId=${staffId('gm01')}`,
      );
      expect(buttons.raw).toMatchObject({ readOnly: true, buttons: [] });
      const answer = await client.post('sec01', `${task}/complete`, {
        taskId,
        actionName: 'agree',
        agentLeaderId: staffId('gm01'),
      });
      expect(answer.status).toBe(403);
      expect(await openTasks(server.db, id)).toEqual(['teamLeader:gm01[NORMAL]']);
    });

    it('refuses to delegate, circulate, add-sign or custom-sign to the applicant', async () => {
      const id = await client.start('emp01', 'leave', leaveForm(2));
      const taskId = await client.task(id, 'lead01');
      for (const [call, body] of [
        ['delegate', { userId: staffId('emp01') }],
        ['taskToTrans', { userIds: staffId('emp01') }],
        ['addSign', { userIds: staffId('emp01') }],
        ['taskCustomSignUsers', { userId: staffId('emp01') }],
      ] as const) {
        const answer = await client.post('lead01', `${task}/${call}`, { taskId, ...body });
        expect(answer.status, call).toBe(400);
        expect(answer.body.message, call).toBe(
          '刘洋是该申请的申请人（或代为发起人），不能审批这份申请',
        );
      }
      // Asking the applicant for information stays possible: an opinion, not an approval.
      await client.ok('lead01', `${task}/communicate`, { taskId, userIds: staffId('emp01') });
      expect(await openTasks(server.db, id)).toEqual([
        'teamLeader:emp01[COMMU]',
        'teamLeader:lead01[NORMAL]',
      ]);
    });

    it("an agent rule that names the applicant leaves the applicant's own request with the principal", async () => {
      await client.ok('lead01', '/bpm-model/flow/agent/v1/save', {
        agentId: staffId('emp02'),
        startDate: '2026-01-01',
        endDate: '2099-01-01',
      });
      const own = await client.start('emp02', 'leave', leaveForm(2));
      expect(await openTasks(server.db, own)).toEqual(['teamLeader:lead01[NORMAL]']);
      // Another applicant's request still goes to the agent.
      const other = await client.start('emp01', 'leave', leaveForm(2));
      expect(await openTasks(server.db, other)).toEqual(['teamLeader:emp02[AGENT]']);
      await server.db.deleteFrom('wf_agents').where('owner_id', '=', staffId('lead01')).execute();
    });

    it('a node whose candidates include the applicant goes to the others, and to the leader when only the applicant is left', async () => {
      const manager = await client.start('mgr01', 'leave', leaveForm(5, '2026-12-10'));
      await client.act('lead01', manager, 'agree');
      expect(await openTasks(server.db, manager)).toEqual(['manager:mgr02[NORMAL]']);
      // hr01 is the only holiday checker of lateEdit: hr01's own request goes to hr01's
      // leader (the head of the group, as hr01 leads their own department).
      const own = await client.start('hr01', 'lateEdit', { days: 2 });
      await client.act('lead01', own, 'agree');
      expect(await openTasks(server.db, own)).toEqual(['H:gm01[NORMAL]']);
    });
  });

  it('4. a countersign signs again when the content it signed changes', async () => {
    const id = await client.start('contract01', 'contract', contractForm());
    // lead02 holds ops01's vote as ops01's agent (the seed's rule).
    for (const voter of ['legal01', 'fin01', 'lead02']) await client.act(voter, id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['generalManager:gm01[NORMAL]']);
    await client.act('gm01', id, 'backToStart', { backHandMode: 'direct' });
    await client.act('contract01', id, 'agree', {
      data: encode(contractForm(99_999_999, '另一家公司')),
    });
    expect(await openTasks(server.db, id)).toEqual([
      'countersign:fin01[NORMAL]',
      'countersign:lead02[AGENT]',
      'countersign:legal01[NORMAL]',
    ]);
  });

  describe('5. 反对 means no', () => {
    it('on an ordinary step the request ends as refused, and the task page says so first', async () => {
      const id = await client.start('emp01', 'leave', leaveForm(2));
      const taskId = await client.task(id, 'lead01');
      const detail = await client.get('lead01', `${task}/get?id=${taskId}`);
      expect((detail.body.task as { opposeOutcome: string }).opposeOutcome).toBe('end');
      await client.act('lead01', id, 'oppose');
      const row = await server.db
        .selectFrom('wf_instances')
        .select(['status', 'result'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'end', result: 'refuse' });
    });

    it('a node may send an opposed request back to the applicant instead', async () => {
      const id = await client.start('emp01', 'opposeBack', { days: 1 });
      await client.act('lead01', id, 'oppose');
      expect(await openTasks(server.db, id)).toEqual(['start:emp01[BACK]']);
    });

    it('one approver alone cannot abstain', async () => {
      const id = await client.start('emp01', 'leave', leaveForm(2));
      const answer = await client.complete('lead01', await client.task(id, 'lead01'), 'abandon');
      expect(answer.status).toBe(400);
      expect(await openTasks(server.db, id)).toEqual(['teamLeader:lead01[NORMAL]']);
    });
  });

  describe('6. every record names who acted and for whom', () => {
    it('a transfer that completes a delegated task names the delegate and the owner', async () => {
      const id = await client.start('emp01', 'leave', leaveForm(2));
      await client.ok('lead01', `${task}/delegate`, {
        taskId: await client.task(id, 'lead01'),
        userId: staffId('mgr01'),
      });
      await client.ok('mgr01', `${task}/taskToTrans`, {
        taskId: await client.task(id, 'mgr01'),
        userIds: staffId('hr01'),
        action: 'submit',
      });
      await client.act('hr01', id, 'agreeTrans');
      const agree = (await records(client, id)).find(
        (record) => record.status === 'agree' && record.taskKey === 'teamLeader',
      )!;
      expect([agree.operatorId, agree.auditor]).toEqual([staffId('mgr01'), staffId('lead01')]);
    });

    it('a secretary voting for a leader who holds a delegated vote names all three', async () => {
      const id = await client.start('contract01', 'contract', contractForm());
      await client.ok('legal01', `${task}/delegate`, {
        taskId: await client.task(id, 'legal01'),
        userId: staffId('gm01'),
      });
      const answer = await client.post('sec01', `${task}/complete`, {
        taskId: await client.task(id, 'gm01'),
        actionName: 'agree',
        opinion: '同意',
        agentLeaderId: staffId('gm01'),
      });
      expect(answer.body).toMatchObject({ state: true });
      const vote = (await records(client, id)).find((record) => record.status === 'agree')!;
      expect([vote.operatorId, vote.actingAs, vote.auditor]).toEqual([
        staffId('sec01'),
        staffId('gm01'),
        staffId('legal01'),
      ]);
      expect([vote.operatorName, vote.actingAsName, vote.auditorName]).toEqual([
        '何佳',
        '赵国强',
        '郭立新',
      ]);
    });
  });

  describe('7. smaller', () => {
    it('an inquiry to a voter whose vote is open is refused, as the docs say', async () => {
      const id = await client.start('contract01', 'contract', contractForm());
      const answer = await client.post('legal01', `${task}/taskToInqu`, {
        taskId: await client.task(id, 'legal01'),
        userIds: staffId('fin01'),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('吴敏');
    });

    it('an action that leaves nothing to move the instance opens its incident at once', async () => {
      const id = await client.start('emp01', 'expense', expenseForm());
      await client.act('lead01', id, 'agree');
      // A state a crash or an old definition can leave: the budget review waits for nothing.
      await sql`update wf_tasks set state = 'waiting'
        where inst_id = ${id} and node_id = 'budget' and state = 'open'`.execute(server.db);
      const answer = await client.complete('acct01', await client.task(id, 'acct01'), 'agree');
      expect(answer.body).toMatchObject({ state: true });
      const incidents = await server.db
        .selectFrom('wf_incidents')
        .select(['kind', 'resolved_at'])
        .where('inst_id', '=', id)
        .execute();
      expect(incidents).toEqual([{ kind: 'stalled', resolved_at: null }]);
    });
  });
});
