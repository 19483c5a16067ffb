import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { fillOutcomes } from '../../server/db/migrations/0050-message-outcomes';
import { oneDatabase } from './harness';
import {
  encode,
  expenseForm,
  leaveForm,
  staffId,
  useServerAndClient,
  type Client,
} from './workflow-harness';

/**
 * Approval pages that say where a request stands (docs/workflow.md, "Who acts next"): the
 * pending step with its people in the instance answer, the chart and my requests; records
 * that name their target; a countersign's result with its counts; why a task came back and
 * the resubmit button; buttons by the kind of step; the outcome told to the requester.
 */
const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';

const contractForm = {
  title: '测试合同',
  counterparty: '某公司',
  amount: 1000,
  signDate: '2026-11-01',
};

async function info(client: Client, account: string, instId: string) {
  const answer = await client.get(account, `${instance}/getInstanceByInstId?instId=${instId}`);
  return answer.body as {
    pending: {
      nodeId: string;
      kind: string;
      people: { name: string; state: string; vote: string | null }[];
      asked: { name: string; kind: string }[];
      tally?: Record<string, number>;
    }[];
  };
}

async function messagesOf(client: Client, account: string, language = 'zh-CN') {
  const answer = await client.call(
    account,
    'POST',
    '/bpm-runtime/runtime/message/v1/myList',
    { pageBean: { page: 1, pageSize: 50 } },
    language,
  );
  return answer.body.rows as {
    id: string;
    kind: string;
    outcome: string;
    text: string;
    procInstId: string;
    taskId: string;
  }[];
}

describe.each(oneDatabase)('who acts next, and what happened, on %s', (kind) => {
  const { client, server } = useServerAndClient(kind);

  it('names the people a request waits on: one approver, shared candidates, voters with their votes', async () => {
    const leave = await client.start('emp01', 'leave', leaveForm(5, '2026-12-10'));
    expect((await info(client, 'emp01', leave)).pending).toEqual([
      expect.objectContaining({
        nodeId: 'teamLeader',
        kind: 'task',
        people: [expect.objectContaining({ name: '陈伟', state: 'todo' })],
      }),
    ]);
    await client.act('lead01', leave, 'agree');
    const shared = (await info(client, 'emp01', leave)).pending[0]!;
    expect(shared.kind).toBe('shared');
    expect(shared.people.map((person) => person.name).sort()).toEqual(['林芳', '马明']);
    const requests = await client.post('emp01', `${instance}/myRequest`, {
      pageBean: { page: 1, pageSize: 50 },
    });
    const row = (requests.body.rows as Record<string, string>[]).find((r) => r.id === leave)!;
    expect(row.pendingPeople!.split('、').sort()).toEqual(['林芳', '马明']);

    const contract = await client.start('contract01', 'contract', contractForm);
    await client.act('legal01', contract, 'agree');
    const vote = (await info(client, 'contract01', contract)).pending[0]!;
    expect(vote).toMatchObject({ nodeId: 'countersign', kind: 'countersign' });
    expect(vote.tally).toEqual({ agree: 1, refuse: 0, pending: 2, total: 3, needed: 3 });
    expect(vote.people.find((person) => person.name === '郭立新')).toMatchObject({
      state: 'voted',
      vote: 'agree',
    });
    const image = await client.get(
      'contract01',
      `${instance}/instanceFlowImage?proInstId=${contract}`,
    );
    expect((image.body.pending as { nodeId: string }[])[0]!.nodeId).toBe('countersign');
  });

  it('names whom an action was about, and a countersign result with its counts', async () => {
    const id = await client.start('emp01', 'leave', leaveForm(2));
    const taskId = await client.task(id, 'lead01');
    await client.ok('lead01', `${task}/addSign`, { taskId, userIds: staffId('hr01') });
    expect((await info(client, 'emp01', id)).pending[0]!.asked).toEqual([
      expect.objectContaining({ name: '孙丽', kind: 'addsign' }),
    ]);
    const contract = await client.start('contract01', 'contract', contractForm);
    for (const voter of ['legal01', 'fin01', 'lead02']) await client.act(voter, contract, 'agree');
    const history = async (instId: string) =>
      (await client.get('admin', `${instance}/instanceFlowOpinions?instId=${instId}`)).raw as {
        status: string;
        targetNames: string;
        detail: Record<string, unknown>;
      }[];
    expect((await history(id)).find((r) => r.status === 'addSign')!.targetNames).toBe('孙丽');
    // Hand-over (转办), circulation (流转), communication, inquiry, copies (传阅) and a custom
    // sign name whom they went to, each on a request of its own.
    const named = async (status: string, act: (taskId: string) => Promise<unknown>) => {
      const instId = await client.start('emp01', 'leave', leaveForm(2));
      await act(await client.task(instId, 'lead01'));
      return (await history(instId)).find((r) => r.status === status)?.targetNames;
    };
    const managers = `${staffId('mgr01')},${staffId('mgr02')}`;
    expect({
      delegate: await named('delegate', (taskId) =>
        client.ok('lead01', `${task}/delegate`, { taskId, userId: staffId('lead02') }),
      ),
      startTrans: await named('startTrans', (taskId) =>
        client.ok('lead01', `${task}/taskToTrans`, {
          taskId,
          userIds: managers,
          action: 'submit',
          voteType: 'amount',
          voteAmount: 1,
          decideType: 'agree',
          signType: 'parallel',
        }),
      ),
      startCommu: await named('startCommu', (taskId) =>
        client.ok('lead01', `${task}/communicate`, { taskId, userIds: [staffId('hr01')] }),
      ),
      startInqu: await named('startInqu', (taskId) =>
        client.ok('lead01', `${task}/taskToInqu`, { taskId, userIds: staffId('fin01') }),
      ),
      copyTo: await named('copyTo', (taskId) =>
        client.ok('lead01', `${instance}/transToMore`, { taskId, userIds: staffId('emp02') }),
      ),
      customSign: await named('customSign', (taskId) =>
        client.ok('lead01', `${task}/taskCustomSignUsers`, { taskId, userId: managers }),
      ),
    }).toEqual({
      delegate: '周涛',
      startTrans: '马明、林芳',
      startCommu: '孙丽',
      startInqu: '吴敏',
      copyTo: '黄婷',
      customSign: '马明、林芳',
    });
    expect((await history(contract)).find((r) => r.status === 'signResult')!.detail).toEqual({
      result: 'pass',
      agree: 3,
      refuse: 0,
      total: 3,
      needed: 3,
    });
  });

  it('says why a task came back, and its primary button resubmits', async () => {
    const id = await client.start('emp02', 'expense', expenseForm());
    await client.act('lead01', id, 'backToStart', { opinion: '请补充发票' });
    const taskId = await client.task(id, 'emp02');
    const detail = await client.get('emp02', `${task}/get?id=${taskId}`);
    expect(detail.body.returnedBy).toMatchObject({
      name: '陈伟',
      nodeName: '直属领导审批',
      action: 'backToStart',
      opinion: '请补充发票',
    });
    const buttons = await client.get('emp02', `${task}/getButtonsBytaskId?taskId=${taskId}`);
    expect((buttons.raw as { buttons: { alias: string; name: string }[] }).buttons[0]).toEqual(
      expect.objectContaining({ alias: 'agree', name: '重新提交' }),
    );
    // The requester hears of it, with a link to the task to resubmit.
    const returned = (await messagesOf(client, 'emp02')).find(
      (message) => message.kind === 'result' && message.procInstId === id,
    );
    expect(returned).toMatchObject({ taskId, outcome: 'returned' });
    expect(returned!.text).toContain('已退回给您');
    await client.act('emp02', id, 'agree', { data: encode(expenseForm()) });
  });

  it("refuses a contract number out of its format with the format in words, in the reader's language", async () => {
    const refusal = async (language: string, contractNo: string) =>
      (
        await client.call(
          'contract01',
          'POST',
          `${instance}/start`,
          { flowKey: 'contract', data: encode({ ...contractForm, contractNo }) },
          language,
        )
      ).body;
    expect(await refusal('zh-CN', 'ht 2026/1')).toMatchObject({
      state: false,
      message: expect.stringContaining('(大写字母、数字和连字符，如 HT-2026-001)'),
    });
    expect((await refusal('en-US', 'ht 2026/1')).message).toContain(
      'capital letters, digits and hyphens, such as HT-2026-001',
    );
  });

  it('offers 签收 only on a task offered to several people', async () => {
    const id = await client.start('emp02', 'leave', leaveForm(5, '2026-12-10'));
    const single = await client.get(
      'lead01',
      `${task}/getButtonsBytaskId?taskId=${await client.task(id, 'lead01')}`,
    );
    const aliases = (answer: typeof single) =>
      (answer.raw as { buttons: { alias: string }[] }).buttons.map((button) => button.alias);
    expect(aliases(single)).not.toContain('lockUnlock');
    await client.act('lead01', id, 'agree');
    const shared = await client.get(
      'mgr01',
      `${task}/getButtonsBytaskId?taskId=${await client.task(id, 'mgr01')}`,
    );
    expect(aliases(shared)).toContain('lockUnlock');
  });

  it('tells the requester when someone else ends the request, with the reason; not when they end it', async () => {
    const endedOf = async (instId: string) =>
      (await messagesOf(client, 'emp01')).filter(
        (message) => message.kind === 'result' && message.procInstId === instId,
      );
    // An approver ends it from their task, with a reason: the message links the request.
    const byApprover = await client.start('emp01', 'leave', leaveForm(2));
    await client.ok('lead01', `${instance}/doEndProcess`, {
      taskId: await client.task(byApprover, 'lead01'),
      endReason: '重复申请',
    });
    expect(await endedOf(byApprover)).toEqual([
      expect.objectContaining({
        outcome: 'ended',
        text: '您的申请「刘洋的请假申请（2天）」已被终止：重复申请',
        taskId: '',
      }),
    ]);
    expect(
      (await messagesOf(client, 'emp01', 'en-US')).find((row) => row.procInstId === byApprover)!
        .text,
    ).toBe('Your request "Leave request from 刘洋 (2 days)" was ended: 重复申请');
    // The administrator ends it without a word: the message says so without a reason.
    const byAdmin = await client.start('emp01', 'leave', leaveForm(2));
    await client.ok('admin', `${instance}/doEndProcessById?id=${byAdmin}`, undefined, 'GET');
    expect((await endedOf(byAdmin)).map((message) => message.text)).toEqual([
      '您的申请「刘洋的请假申请（2天）」已被终止',
    ]);
    // The requester ending their own request, running or returned to them, is told nothing.
    const own = await client.start('emp01', 'leave', leaveForm(2));
    await client.ok('emp01', `${instance}/doEndProcessById?id=${own}`, undefined, 'GET');
    expect(await endedOf(own)).toEqual([]);
    const returned = await client.start('emp01', 'leave', leaveForm(2));
    await client.act('lead01', returned, 'backToStart', { opinion: '请补充' });
    await client.ok('emp01', `${instance}/doEndProcess`, {
      taskId: await client.task(returned, 'emp01'),
      endReason: '不休了',
    });
    expect((await endedOf(returned)).map((message) => message.text)).toEqual([
      expect.stringMatching(/已退回给您/),
    ]);
  });

  it('tells the requester when a request is approved or refused, in their language', async () => {
    const approved = await client.start('emp01', 'leave', leaveForm(1, '2026-12-10'));
    await client.act('lead01', approved, 'agree');
    const refused = await client.start('emp01', 'leave', leaveForm(2));
    await client.act('lead01', refused, 'oppose');
    const mine = await messagesOf(client, 'emp01');
    const of = (instId: string) =>
      mine.filter((message) => message.kind === 'result' && message.procInstId === instId);
    expect(of(approved).map((message) => [message.outcome, message.text])).toEqual([
      ['approved', expect.stringMatching(/^您的申请「.*」已审批通过$/)],
    ]);
    expect(of(refused).map((message) => [message.outcome, message.text])).toEqual([
      ['refused', expect.stringMatching(/未通过审批$/)],
    ]);
    const texts = (await messagesOf(client, 'emp01', 'en-US'))
      .filter((row) => row.procInstId === approved)
      .map((row) => row.text);
    expect(texts).toEqual(['Your request "Leave request from 刘洋 (1 day)" was approved']);
    // Migration 0050 gives messages written before it their outcome, as the engine does.
    const outcomes = async () =>
      (await messagesOf(client, 'emp01')).map((message) => [message.id, message.outcome]);
    const written = await outcomes();
    expect(new Set(written.map(([, outcome]) => outcome))).toEqual(
      new Set(['approved', 'refused', 'ended', 'returned']),
    );
    await server.db.updateTable('wf_messages').set({ outcome: null }).execute();
    await fillOutcomes(server.db as unknown as Kysely<unknown>);
    expect(await outcomes()).toEqual(written);
  });
});
