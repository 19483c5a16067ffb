import { describe, expect, it } from 'vitest';
import { runDueJobs } from '../../server/domain/workflow/jobs';
import { databaseKinds } from './harness';
import {
  encode,
  expectInvariants,
  expenseForm,
  leaveForm,
  instanceStatus,
  openTasks,
  staffId,
  useServerAndClient,
} from './workflow-harness';
import { concurrencyCases } from './workflow-concurrency-cases';

const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';

/** Every approval action through the API, with the invariants after each step. */
describe.each(databaseKinds)('workflow actions on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  concurrencyCases(() => ({ server, client }));

  const contract = { title: '合同', counterparty: '某公司', amount: 100, signDate: '2026-11-01' };

  async function records(instId: string) {
    const rows = await server.db
      .selectFrom('wf_records')
      .select('action')
      .where('inst_id', '=', instId)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.action);
  }

  it('delegate hands the task over; the owner sees it and may take it back', async () => {
    const id = await client.start('emp01', 'leave', leaveForm());
    const taskId = await client.task(id, 'lead01');
    const handed = await client.ok('lead01', `${task}/delegate`, {
      taskId,
      userId: staffId('emp02'),
      opinion: '请代办',
    });
    expect(handed.body).toEqual({ state: true, message: '转办成功' });
    expect(await openTasks(server.db, id)).toEqual(['teamLeader:emp02[DELIVERTO]']);
    const delegated = await client.post('lead01', `${task}/getDelegate`, {});
    expect((delegated.body.rows as { taskId: string }[]).map((row) => row.taskId)).toContain(
      taskId,
    );
    // The new holder may act; the owner may not, but may take it back.
    expect((await client.complete('lead01', taskId, 'agree')).body.message).toBe(
      '该任务已由他人处理',
    );
    const back = await client.ok(
      'lead01',
      `${task}/retrieveBpmTask?taskId=${taskId}`,
      undefined,
      'GET',
    );
    expect(back.body.message).toBe('取回成功');
    expect(await openTasks(server.db, id)).toEqual(['teamLeader:lead01[NORMAL]']);
    await client.act('lead01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it("an agent rule gives the owner's task to the agent (AGENT); the owner reads it read-only", async () => {
    const id = await client.start('contract01', 'contract', contract);
    const agentTask = await client.task(id, 'lead02');
    const buttons = await client.get('ops01', `${task}/getButtonsBytaskId?taskId=${agentTask}`);
    expect(buttons.body).toMatchObject({ status: 'AGENT', readOnly: true, buttons: [] });
    const detail = await client.get('ops01', `${task}/get?id=${agentTask}`);
    expect(detail.body.task).toMatchObject({
      status: 'AGENT',
      ownerId: staffId('ops01'),
      assigneeId: staffId('lead02'),
    });
    const agentButtons = await client.get(
      'lead02',
      `${task}/getButtonsBytaskId?taskId=${agentTask}`,
    );
    expect(agentButtons.body.readOnly).toBe(false);
    await client.ok('ops01', `${task}/retrieveBpmTask?taskId=${agentTask}`, undefined, 'GET');
    expect(await openTasks(server.db, id)).toContain('countersign:ops01[NORMAL]');
  });

  it('transfer (taskToTrans): a passing vote with action submit completes the task', async () => {
    const id = await client.start('emp01', 'expense', expenseForm());
    await client.act('lead01', id, 'agree');
    const taskId = await client.task(id, 'acct01');
    const started = await client.ok('acct01', `${task}/taskToTrans`, {
      taskId,
      userIds: `${staffId('emp02')},${staffId('hr01')}`,
      action: 'submit',
      voteType: 'amount',
      voteAmount: 1,
      decideType: 'agree',
      signType: 'parallel',
    });
    expect(started.body.message).toBe('流转成功');
    expect(await openTasks(server.db, id)).toEqual([
      'accounting:emp02[TRANSFORMED]',
      'accounting:hr01[TRANSFORMED]',
      'budget:fin01[NORMAL]',
    ]);
    // The waiting task cannot be acted on.
    expect((await client.complete('acct01', taskId, 'agree')).body.message).toBe(
      '任务正在流转或签署中，请等待处理完成',
    );
    await client.act('emp02', id, 'agreeTrans');
    // One agree of one needed: decided; hr01's vote is cancelled, the task completes.
    expect(await openTasks(server.db, id)).toEqual(['budget:fin01[NORMAL]']);
    expect(await records(id)).toEqual(
      expect.arrayContaining(['startTrans', 'agreeTrans', 'transResult']),
    );
  });

  it('transfer with action back returns the task; a refusing vote too; revokeTrans calls it back', async () => {
    const id = await client.start('emp02', 'expense', expenseForm());
    await client.act('lead01', id, 'agree');
    const taskId = await client.task(id, 'acct01');
    await client.ok('acct01', `${task}/taskToTrans`, {
      taskId,
      userIds: staffId('hr01'),
      action: 'back',
    });
    await client.act('hr01', id, 'agreeTrans');
    expect(await openTasks(server.db, id)).toContain('accounting:acct01[NORMAL]');
    await client.ok('acct01', `${task}/taskToTrans`, {
      taskId,
      userIds: `${staffId('hr01')},${staffId('emp01')}`,
      signType: 'seq',
    });
    expect(await openTasks(server.db, id)).toContain('accounting:hr01[TRANSFORMED]');
    expect(await openTasks(server.db, id)).not.toContain('accounting:emp01[TRANSFORMED]');
    const revoked = await client.ok('acct01', '/bpm-runtime/runtime/instance/v1/revokeTrans', {
      taskId,
    });
    expect(revoked.body.message).toBe('撤回成功');
    expect(await openTasks(server.db, id)).toContain('accounting:acct01[NORMAL]');
    expect(await openTasks(server.db, id)).not.toContain('accounting:hr01[TRANSFORMED]');
    await client.ok('acct01', `${task}/taskToTrans`, { taskId, userIds: staffId('hr01') });
    await client.act('hr01', id, 'opposeTrans');
    expect(await openTasks(server.db, id)).toContain('accounting:acct01[NORMAL]');
  });

  it('inquiry holds the task until answered; the answer is an inqu opinion', async () => {
    const id = await client.start('emp01', 'leave', leaveForm());
    const taskId = await client.task(id, 'lead01');
    const asked = await client.ok('lead01', `${task}/taskToInqu`, {
      taskId,
      userIds: staffId('hr01'),
      opinion: '年假余额够吗？',
    });
    expect(asked.body.message).toBe('征询成功');
    expect((await client.complete('lead01', taskId, 'agree')).body.message).toBe(
      '还有加签或征询未处理完，请稍后再办理',
    );
    const reply = await client.ok('hr01', `${task}/taskToInquReply`, {
      taskId: await client.task(id, 'hr01'),
      opinion: '余额充足',
    });
    expect(reply.body.message).toBe('回复成功');
    const done = await client.post('hr01', `${instance}/getDoneInstList`, {});
    const row = (done.body.rows as { id: string; opinionStatus: string; revoke: boolean }[]).find(
      (item) => item.id === id,
    );
    expect(row).toMatchObject({ opinionStatus: 'inqu', revoke: true });
    // The reply may be taken back while the inquiring task is open.
    const replyTask = await server.db
      .selectFrom('wf_tasks')
      .select('id')
      .where('inst_id', '=', id)
      .where('kind', '=', 'inqu')
      .executeTakeFirstOrThrow();
    await client.ok('hr01', `${instance}/revokeInstance`, { instanceId: id, taskId: replyTask.id });
    expect(await openTasks(server.db, id)).toEqual([
      'teamLeader:hr01[TRANSFORMEDINQU]',
      'teamLeader:lead01[NORMAL]',
    ]);
    await client.ok('hr01', `${task}/taskToInquReply`, {
      taskId: await client.task(id, 'hr01'),
      opinion: '确认',
    });
    await client.act('lead01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('communicate does not hold the task; unanswered communications close with it', async () => {
    const id = await client.start('emp02', 'leave', leaveForm());
    const taskId = await client.task(id, 'lead01');
    await client.ok('lead01', `${task}/communicate`, {
      taskId,
      userIds: [staffId('hr01'), staffId('emp01')],
    });
    expect(await openTasks(server.db, id)).toEqual([
      'teamLeader:emp01[COMMU]',
      'teamLeader:hr01[COMMU]',
      'teamLeader:lead01[NORMAL]',
    ]);
    const feedback = await client.ok('emp01', `${instance}/doNextcommu`, {
      taskId: await client.task(id, 'emp01'),
      actionName: 'commu',
      opinion: '没问题',
    });
    expect(feedback.body.message).toBe('回复成功');
    await client.act('lead01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
    const hrTask = await server.db
      .selectFrom('wf_tasks')
      .select(['state', 'action'])
      .where('inst_id', '=', id)
      .where('kind', '=', 'commu')
      .where('assignee_id', '=', staffId('hr01'))
      .executeTakeFirstOrThrow();
    expect(hrTask).toEqual({ state: 'cancelled', action: 'closed' });
  });

  it('add-sign: the task cannot be agreed until the added signers answered; their buttons drop lockUnlock and inqu', async () => {
    const id = await client.start('emp01', 'leave', leaveForm());
    const taskId = await client.task(id, 'lead01');
    const added = await client.ok('lead01', `${task}/addSign`, {
      taskId,
      userIds: staffId('mgr01'),
    });
    expect(added.body.message).toBe('加签成功');
    const signerTask = await client.task(id, 'mgr01');
    const buttons = await client.get('mgr01', `${task}/getButtonsBytaskId?taskId=${signerTask}`);
    const aliases = (buttons.body.buttons as { alias: string }[]).map((button) => button.alias);
    expect(aliases).toEqual(['agree', 'oppose', 'flowImage', 'approvalHistory']);
    expect(buttons.body).toMatchObject({ status: 'ADDSIGN', isAddSign: true });
    expect((await client.complete('lead01', taskId, 'agree')).body.message).toBe(
      '还有加签或征询未处理完，请稍后再办理',
    );
    await client.act('mgr01', id, 'agree');
    await client.act('lead01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('custom sign in sequence: one after another, all agree completes the task; an opposition gives it back', async () => {
    const id = await client.start('emp01', 'expense', expenseForm());
    await client.act('lead01', id, 'agree');
    const taskId = await client.task(id, 'fin01');
    await client.ok('fin01', `${task}/taskCustomSignUsers`, {
      taskId,
      userId: `${staffId('mgr01')},${staffId('mgr02')}`,
    });
    expect(await openTasks(server.db, id)).toEqual([
      'accounting:acct01[NORMAL]',
      'budget:mgr01[SIGNSEQUENCEED]',
    ]);
    const signed = await client.ok('mgr01', `${task}/userTaskToSign`, {
      taskId: await client.task(id, 'mgr01'),
      opinion: '确认',
    });
    expect(signed.body.message).toBe('任务办理成功');
    expect(await openTasks(server.db, id)).toEqual([
      'accounting:acct01[NORMAL]',
      'budget:mgr02[SIGNSEQUENCEED]',
    ]);
    await client.ok('mgr02', `${task}/userTaskToSign`, { taskId: await client.task(id, 'mgr02') });
    // Both signed: the budget task completed as agreed; the join now waits for accounting.
    expect(await openTasks(server.db, id)).toEqual(['accounting:acct01[NORMAL]']);
    const accounting = await client.task(id, 'acct01');
    await client.ok('acct01', `${task}/taskSignUsers`, {
      taskId: accounting,
      userId: [staffId('hr01'), staffId('emp02')],
    });
    expect(await openTasks(server.db, id)).toEqual([
      'accounting:emp02[SIGNLINEED]',
      'accounting:hr01[SIGNLINEED]',
    ]);
    const lines = await client.get(
      'acct01',
      `/bpm-runtime/runtime/customsign/v1/getParallelRevokeTasks?taskId=${accounting}`,
    );
    expect(lines.raw).toHaveLength(2);
    await client.ok('hr01', `${task}/userTaskToSign`, {
      taskId: await client.task(id, 'hr01'),
      actionName: 'oppose',
    });
    expect(await openTasks(server.db, id)).toEqual(['accounting:acct01[NORMAL]']);
    await client.ok('acct01', `${task}/taskSignUsers`, {
      taskId: accounting,
      userId: staffId('emp02'),
    });
    const revoked = await client.ok('acct01', `${instance}/revokeSignLine`, { taskId: accounting });
    expect(revoked.body.message).toBe('撤回成功');
    const wrong = await client.post('acct01', `${instance}/revokeCustomSign`, {
      taskId: accounting,
    });
    expect(wrong.body.message).toBe('没有可撤回的流转或签署');
    await client.act('acct01', id, 'agree');
    expect(await openTasks(server.db, id)).toEqual(['cashier:cashier01[NORMAL]']);
  });

  it('carbon copy: sent, listed, read, answered and removed by its receiver only', async () => {
    const id = await client.start('emp01', 'leave', leaveForm());
    const taskId = await client.task(id, 'lead01');
    const sent = await client.ok('lead01', `${instance}/transToMore`, {
      taskId,
      userIds: staffId('emp02'),
      opinion: '请知悉',
    });
    expect(sent.body.message).toBe('传阅成功');
    const unread = await client.post('emp02', `${task}/getNoticeTodoReadList`, {});
    const notice = (unread.body.rows as { id: string; procInstId: string; status: string }[]).find(
      (row) => row.procInstId === id,
    )!;
    expect(notice.status).toBe('COPYTO');
    const mine = await client.post('lead01', `${task}/getMyNoticeReadList`, {});
    expect((mine.body.rows as { id: string }[]).map((row) => row.id)).toContain(notice.id);
    expect((await client.post('emp01', `${task}/addReadRecord?taskId=${notice.id}`)).status).toBe(
      403,
    );
    await client.ok('emp02', `${task}/addReadRecord?taskId=${notice.id}`);
    const read = await client.post('emp02', `${task}/getNoticeDoneReadList`, {});
    expect((read.body.rows as { id: string }[]).map((row) => row.id)).toContain(notice.id);
    const still = await client.post('emp02', `${task}/getNoticeTodoReadList`, {});
    expect((still.body.rows as { id: string }[]).map((row) => row.id)).not.toContain(notice.id);
    await client.ok('emp02', `${instance}/doNextCopyto`, {
      taskId: notice.id,
      actionName: 'agree',
      opinion: '已阅，无异议',
    });
    expect(await records(id)).toContain('copyReply');
    await client.ok('emp02', `${task}/delBpmTaskNoticeById?id=${notice.id}`);
    const gone = await client.post('emp02', `${task}/getNoticeDoneReadList`, {});
    expect((gone.body.rows as { id: string }[]).map((row) => row.id)).not.toContain(notice.id);
  });

  it('lock and unlock a shared task: 1 locked, 3 unlocked, 4 locked by someone else, 2 not shared, 0 handled', async () => {
    const id = await client.start('emp01', 'leave', leaveForm(5));
    const leadTask = await client.task(id, 'lead01');
    expect((await client.get('lead01', `${task}/lockUnlock?taskId=${leadTask}`)).raw).toBe(2);
    await client.act('lead01', id, 'agree');
    expect((await client.get('lead01', `${task}/canLock?taskId=${leadTask}`)).raw).toBe(0);
    const shared = await client.task(id, 'mgr01');
    expect((await client.get('mgr01', `${task}/canLock?taskId=${shared}`)).raw).toBe(1);
    expect((await client.get('mgr01', `${task}/lockUnlock?taskId=${shared}`)).raw).toBe(1);
    expect((await client.get('mgr02', `${task}/lockUnlock?taskId=${shared}`)).raw).toBe(4);
    expect((await client.complete('mgr02', shared, 'agree')).body.message).toBe(
      '该任务已被马明签收',
    );
    // Locked: gone from mgr02's to-do, still in mgr01's.
    const todo = async (account: string) =>
      (
        (
          await client.post(account, `${task}/getTodoList`, {
            pageBean: { page: 1, pageSize: 100 },
          })
        ).body.rows as { taskId: string }[]
      ).map((row) => row.taskId);
    expect(await todo('mgr02')).not.toContain(shared);
    expect(await todo('mgr01')).toContain(shared);
    expect((await client.get('mgr01', `${task}/lockUnlock?taskId=${shared}`)).raw).toBe(3);
    expect(await todo('mgr02')).toContain(shared);
    expect((await client.get('emp02', `${task}/lockUnlock?taskId=${shared}`)).status).toBe(403);
    await client.act('mgr02', id, 'agree');
  });

  it('due time: read, extended, and reminded by the due job', async () => {
    const id = await client.start('emp02', 'leave', leaveForm());
    const taskId = await client.task(id, 'lead01');
    const due = await client.get(
      'lead01',
      `/bpm-runtime/runtime/bpmTaskDueTime/v1/getByTaskId?taskId=${taskId}`,
    );
    expect(due.body).toMatchObject({ taskId, status: 0 });
    expect(due.body.remainingMinutes).toBeGreaterThan(23 * 60);
    const preview = await client.get(
      'lead01',
      `/bpm-runtime/runtime/bpmTaskDueTime/v1/getExpirationDate?id=${taskId}&addDueTime=24`,
    );
    expect(preview.body.state).toBe(true);
    expect(
      (
        await client.post('lead01', '/bpm-runtime/runtime/bpmTaskDueTime/v1/save', {
          taskId,
          addDueTime: 1000,
        })
      ).body.message,
    ).toBe('延期时长须大于0且不超过720小时');
    await client.ok('lead01', '/bpm-runtime/runtime/bpmTaskDueTime/v1/save', {
      taskId,
      addDueTime: 24,
    });
    const later = await client.get(
      'lead01',
      `/bpm-runtime/runtime/bpmTaskDueTime/v1/getByTaskId?taskId=${taskId}`,
    );
    expect(later.body.expirationDate).toBe(preview.body.value);
    expect(
      (
        await client.get(
          'emp01',
          `/bpm-runtime/runtime/bpmTaskDueTime/v1/getByTaskId?taskId=${taskId}`,
        )
      ).status,
    ).toBe(403);
    // Two days on, the job poller marks it overdue and reminds the holder.
    await runDueJobs(server.db, { now: new Date(Date.now() + 49 * 3_600_000), limit: 1000 });
    const overdue = await server.db
      .selectFrom('wf_tasks')
      .select('due_status')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(overdue.due_status).toBe(1);
    const messages = await client.post('lead01', '/bpm-runtime/runtime/message/v1/myList', {});
    expect(
      (messages.body.rows as { kind: string; taskId: string }[]).some(
        (row) => row.kind === 'due' && row.taskId === taskId,
      ),
    ).toBe(true);
    await expectInvariants(server.db);
  });

  it('urging: the applicant urges, the urge job delivers the reminder; others may not urge', async () => {
    const id = await client.start('emp01', 'leave', leaveForm());
    expect(
      (await client.post('emp02', `${instance}/sendBpmTaskUrgent`, { instId: id })).status,
    ).toBe(403);
    const states = await client.post('emp01', `${instance}/getUrgentStateConf`, { instId: id });
    expect((states.body.urgentStates as { value: string }[]).map((state) => state.value)).toEqual([
      'normal',
      'urgent',
      'critical',
    ]);
    const urged = await client.ok('emp01', `${instance}/sendBpmTaskUrgent`, {
      instId: id,
      opinion: '请尽快',
      urgentStateValue: 'urgent',
    });
    expect(urged.body.message).toBe('催办成功');
    expect(
      (
        await client.post('emp01', `${instance}/sendBpmTaskUrgent`, {
          instId: id,
          urgentStateValue: 'nope',
        })
      ).body.message,
    ).toBe('紧急程度不存在');
    await runDueJobs(server.db, { limit: 1000 });
    const messages = await client.post('lead01', '/bpm-runtime/runtime/message/v1/myList', {});
    expect(
      (messages.body.rows as { kind: string; procInstId: string; text: string }[]).find(
        (row) => row.procInstId === id && row.kind === 'urge',
      )?.text,
    ).toContain('刘洋催办');
    // Composed in both languages when it was sent; an English reader reads the English.
    const english = await client.call(
      'lead01',
      'POST',
      '/bpm-runtime/runtime/message/v1/myList',
      {},
      'en-US',
    );
    expect(
      (english.body.rows as { kind: string; procInstId: string; text: string }[]).find(
        (row) => row.procInstId === id && row.kind === 'urge',
      )?.text,
    ).toMatch(/^刘洋 urges: .*请尽快$/);
    const log = await client.post('emp01', `${instance}/getUrgrntById`, {
      querys: [{ property: 'instId', value: id, operation: 'EQUAL' }],
    });
    expect(log.body.total).toBe(1);
    const todo = await client.post('lead01', `${task}/getTodoList`, {
      querys: [{ property: 'procInstId', value: id }],
    });
    expect((todo.body.rows as { urgentStateValue: string }[])[0]?.urgentStateValue).toBe('urgent');
  });

  it('follow: a followed node sends a FOLLOW notice when it is done', async () => {
    const id = await client.start('emp01', 'leave', leaveForm());
    const saved = await client.ok('emp01', '/bpm-runtime/runtime/taskFollow/v1/save', {
      instId: id,
      nodeIds: ['teamLeader'],
    });
    expect(saved.body.message).toBe('保存成功');
    const followed = await client.get(
      'emp01',
      `/bpm-runtime/runtime/taskFollow/v1/getFollowedNode?instId=${id}`,
    );
    expect(followed.raw).toEqual([{ nodeId: 'teamLeader', name: '直属领导审批' }]);
    expect(
      (
        await client.post('emp02', '/bpm-runtime/runtime/taskFollow/v1/save', {
          instId: id,
          nodeIds: ['teamLeader'],
        })
      ).status,
    ).toBe(403);
    await client.act('lead01', id, 'agree');
    const notices = await client.post('emp01', `${task}/getNoticeTodoReadList`, {});
    expect(
      (notices.body.rows as { procInstId: string; status: string }[]).find(
        (row) => row.procInstId === id,
      )?.status,
    ).toBe('FOLLOW');
  });

  it('end process from a task (终止成功) and by id for the applicant', async () => {
    const first = await client.start('emp01', 'leave', leaveForm());
    const ended = await client.ok('lead01', `${instance}/doEndProcess`, {
      taskId: await client.task(first, 'lead01'),
      endReason: '不需要了',
    });
    expect(ended.body).toEqual({ state: true, message: '终止成功' });
    expect(await instanceStatus(server.db, first)).toBe('manualend');
    const second = await client.start('emp01', 'leave', leaveForm());
    expect((await client.get('emp02', `${instance}/doEndProcessById?id=${second}`)).status).toBe(
      403,
    );
    expect(
      (await client.ok('emp01', `${instance}/doEndProcessById?id=${second}`, undefined, 'GET')).body
        .message,
    ).toBe('终止成功');
    expect(await instanceStatus(server.db, second)).toBe('manualend');
    expect(
      (await client.get('emp01', `${instance}/doEndProcessById?id=${second}`)).body.message,
    ).toBe('流程已结束，不能再操作');
    const isEnd = await client.post('emp01', `${task}/isEnd?procInstId=${second}`);
    expect(isEnd.body).toEqual({ state: true, message: '', value: true });
  });

  it('withdraw: the applicant revokes while nobody approved; it becomes a draft', async () => {
    const id = await client.start('emp02', 'leave', leaveForm());
    const revoked = await client.ok('emp02', `${instance}/revokeInstance`, {
      instanceId: id,
      cause: '不请了',
    });
    expect(revoked.body.message).toBe('撤回成功');
    expect(await instanceStatus(server.db, id)).toBe('revoke');
    const drafts = await client.post('emp02', `${instance}/getMyDraftList`, {});
    const draft = (drafts.body.rows as { id: string; sourceInstId: string }[]).find(
      (row) => row.sourceInstId === id,
    )!;
    expect(draft).toBeDefined();
    const approved = await client.start('emp02', 'leave', leaveForm());
    await client.act('lead01', approved, 'agree');
    const second = await client.start('emp02', 'leave', leaveForm(5));
    await client.act('lead01', second, 'agree');
    expect(
      (await client.post('emp02', `${instance}/revokeInstance`, { instanceId: second })).body
        .message,
    ).toBe('流程已有人审批，不能撤销');
    expect(
      (await client.post('emp01', `${instance}/revokeInstance`, { instanceId: second })).status,
    ).toBe(403);
  });

  it('recall: an agree is taken back while the next node has not acted, not after', async () => {
    const id = await client.start('emp01', 'leave', leaveForm(5));
    const leadTask = await client.task(id, 'lead01');
    await client.act('lead01', id, 'agree');
    const done = await client.post('lead01', `${instance}/getDoneInstList`, {});
    expect(
      (done.body.rows as { id: string; taskKey: string; revoke: boolean }[]).find(
        (row) => row.id === id,
      ),
    ).toMatchObject({ taskKey: 'teamLeader', revoke: true });
    expect(
      (
        await client.post('emp02', `${instance}/revokeInstance`, {
          instanceId: id,
          taskId: leadTask,
        })
      ).status,
    ).toBe(403);
    await client.ok('lead01', `${instance}/revokeInstance`, { instanceId: id, taskId: leadTask });
    expect(await openTasks(server.db, id)).toEqual(['teamLeader:lead01[NORMAL]']);
    await client.act('lead01', id, 'agree');
    await client.act('mgr01', id, 'agree');
    const again = await server.db
      .selectFrom('wf_tasks')
      .select('id')
      .where('inst_id', '=', id)
      .where('node_id', '=', 'teamLeader')
      .where('state', '=', 'done')
      .orderBy('completed_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(
      (
        await client.post('lead01', `${instance}/revokeInstance`, {
          instanceId: id,
          taskId: again.id,
        })
      ).body.message,
    ).toBe('流程已结束，不能再操作');
  });

  it('drafts: saved, updated, restored, started and removed', async () => {
    const saved = await client.post('emp01', `${instance}/saveDraft`, {
      flowKey: 'leave',
      data: encode({ reason: '草稿' }),
    });
    expect(saved.body).toMatchObject({ state: true, message: '保存成功' });
    const draftId = saved.body.instId as string;
    const unknownField = await client.post('emp01', `${instance}/saveDraft`, {
      flowKey: 'leave',
      data: encode({ hack: 1 }),
    });
    expect(unknownField.body).toEqual({ state: false, message: '表单中没有字段：hack' });
    await client.ok('emp01', `${instance}/saveDraft`, {
      flowKey: 'leave',
      proInstId: draftId,
      data: encode({ reason: '草稿二' }),
    });
    const restored = await client.get('emp01', `${instance}/getDraftById?id=${draftId}`);
    expect(restored.body).toMatchObject({ defKey: 'leave', data: { reason: '草稿二' } });
    expect((await client.get('emp02', `${instance}/getDraftById?id=${draftId}`)).status).toBe(404);
    // Starting from the draft checks every rule, then removes the draft.
    const incomplete = await client.post('emp01', `${instance}/start`, {
      flowKey: 'leave',
      proInstId: draftId,
      data: encode({ reason: '草稿二' }),
    });
    expect(incomplete.body).toEqual({ state: false, message: '请假类型：此项为必填项' });
    const started = await client.start('emp01', 'leave', leaveForm(), { proInstId: draftId });
    expect(await instanceStatus(server.db, started)).toBe('running');
    expect((await client.get('emp01', `${instance}/getDraftById?id=${draftId}`)).status).toBe(404);
    const other = await client.post('emp01', `${instance}/saveDraft`, {
      flowKey: 'expense',
      data: encode({}),
    });
    const removed = await client.call(
      'emp01',
      'DELETE',
      `${instance}/removeDraftById?ids=${other.body.instId as string}`,
    );
    expect(removed.body).toEqual({ state: true, message: '删除成功' });
  });

  it('task saveDraft keeps editable fields only', async () => {
    const id = await client.start('emp01', 'expense', expenseForm(200));
    await client.act('lead01', id, 'agree');
    const accounting = await client.task(id, 'acct01');
    const body = (data: unknown) => ({
      taskId: accounting,
      actionName: 'saveDraft',
      data: encode(data),
    });
    const ok = await client.post(
      'acct01',
      `${task}/saveDraft`,
      body({ ...expenseForm(200), amount: 180 }),
    );
    expect(ok.body).toEqual({ state: true, message: '保存成功' });
    const readOnly = await client.post(
      'acct01',
      `${task}/saveDraft`,
      body({ ...expenseForm(180), title: '改标题' }),
    );
    expect(readOnly.body).toEqual({ state: false, message: '当前节点不能修改【报销事由】' });
    const inst = await server.db
      .selectFrom('wf_instances')
      .select('form_data')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(inst.form_data).toMatchObject({ amount: 180, title: '报销' });
  });

  it("secretaries see their leaders' tasks and act for them; others may not", async () => {
    const id = await client.start('emp01', 'leave', leaveForm(5));
    await client.act('lead01', id, 'agree');
    const leader = await client.post('sec01', `${task}/getLeaderTodoList`, {
      querys: [{ property: 'procInstId', value: id }],
    });
    const row = (
      leader.body.rows as {
        taskId: string;
        status: string;
        identityList: { id: string }[];
        orgName: string;
      }[]
    )[0]!;
    expect(row.status).toBe('SHARE');
    expect(row.identityList.map((identity) => identity.id).sort()).toEqual(
      [staffId('mgr01'), staffId('mgr02')].sort(),
    );
    expect(row.orgName).toBeTruthy();
    const leaders = await client.get(
      'sec01',
      '/bpm-runtime/runtime/bpmSecretaryManage/v1/getSecretaryByUserId',
    );
    expect((leaders.raw as unknown[]).length).toBe(3);
    expect(
      (await client.get('emp01', '/bpm-runtime/runtime/bpmSecretaryManage/v1/getSecretaryByUserId'))
        .raw,
    ).toEqual([]);
    const forbidden = await client.post('emp02', `${task}/complete`, {
      taskId: row.taskId,
      actionName: 'agree',
      agentLeaderId: staffId('mgr01'),
    });
    expect(forbidden).toMatchObject({
      status: 403,
      body: { message: '您不是该领导的秘书，不能代其处理' },
    });
    const done = await client.post('sec01', `${task}/complete`, {
      taskId: row.taskId,
      actionName: 'agree',
      agentLeaderId: staffId('mgr02'),
      opinion: '代领导同意',
    });
    expect(done.body.message).toBe('任务办理成功');
    await expectInvariants(server.db);
    const history = await client.get('emp01', `${instance}/instanceFlowOpinions?instId=${id}`);
    const last = (
      history.raw as { status: string; auditorName: string; operatorName: string }[]
    ).at(-1)!;
    expect(last).toMatchObject({ status: 'agree', auditorName: '林芳', operatorName: '何佳' });
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('a secretary starts a flow for a leader, who is the applicant', async () => {
    const id = await client.start('sec01', 'leave', leaveForm(), {
      agentLeaderId: staffId('mgr01'),
    });
    // mgr01 works in the IT department: the team leader is lead01.
    expect(await openTasks(server.db, id)).toEqual(['teamLeader:lead01[NORMAL]']);
    const inst = await server.db
      .selectFrom('wf_instances')
      .select(['starter_id', 'on_behalf_of_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(inst).toEqual({ starter_id: staffId('sec01'), on_behalf_of_id: staffId('mgr01') });
    const requests = await client.post('mgr01', `${instance}/myRequest`, {});
    expect((requests.body.rows as { id: string }[]).map((row) => row.id)).toContain(id);
    const refused = await client.post('emp01', `${instance}/start`, {
      flowKey: 'leave',
      data: encode(leaveForm()),
      agentLeaderId: staffId('mgr01'),
    });
    expect(refused.status).toBe(403);
  });
});
