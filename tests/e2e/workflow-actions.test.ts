import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiToken,
  baseUrl,
  call,
  open,
  pickPeople,
  pressTask,
  toasts,
  useBrowser,
} from './support';

/**
 * The actions that open a dialog on the task page, each through its button: inquiry and its
 * reply, carbon copy and reading it, the due-time extension, delegation, a return to a node
 * picked from getAfterJumpNodes; and the quick entries and the to-do card of the home page.
 */
const staff = 'Staff#2026';

type Task = { id: string; status: string; name: string };

async function tasksOf(token: string, instId: string): Promise<Task[]> {
  return (
    await call<{ rows: Task[] }>(token, 'POST', '/bpm-runtime/runtime/task/v1/getTodoList', {
      querys: [{ property: 'procInstId', value: instId, operation: 'EQUAL' }],
    })
  ).rows;
}

/** A leave request started through the API (the start form has its own test). */
async function startLeave(account: string, days: number, reason: string): Promise<string> {
  const data = Buffer.from(
    JSON.stringify({
      leaveType: 'annual',
      startDate: '2027-01-04',
      endDate: '2027-01-08',
      days,
      reason,
    }),
  ).toString('base64');
  const answer = await call<{ state: boolean; instId: string }>(
    await apiToken(account, staff),
    'POST',
    '/bpm-runtime/runtime/instance/v1/start',
    { flowKey: 'leave', data },
  );
  expect(answer.state).toBe(true);
  return answer.instId;
}

/** Presses a button of the task page and fills the people dialog it opens. */
async function askPeople(page: Page, alias: string, accounts: string, opinion: string) {
  await pressTask(page, alias);
  await pickPeople(
    page,
    `atrium-task [data-dialog=${alias}] [data-people=users]`,
    accounts.split(/[\s,，]+/),
  );
  await page.fill(`atrium-task [data-dialog=${alias}] textarea[name=opinion]`, opinion);
  await page.click('atrium-task [data-action=submit-people]');
}

describe('task actions through their dialogs', () => {
  const browser = useBrowser();

  it('asks for advice and answers it, copies and reads, extends the due time, delegates', async () => {
    const instId = await startLeave('emp02', 2.5, '体检');
    const leadToken = await apiToken('lead01', staff);
    const [task] = await tasksOf(leadToken, instId);
    const lead = await browser.newPage();
    await open(lead, `/task/${task!.id}/0`, leadToken);
    await lead.waitForSelector('atrium-task [part=actions]');

    // An inquiry without anyone named is refused in the dialog, then sent.
    await pressTask(lead, 'inqu');
    await lead.click('atrium-task [data-action=submit-people]');
    await expect
      .poll(() => lead.textContent('atrium-task [data-dialog=inqu] [role=alert]'))
      .toBe('请选择人员');
    await pickPeople(lead, 'atrium-task [data-dialog=inqu] [data-people=users]', ['hr01']);
    await lead.fill(
      'atrium-task [data-dialog=inqu] textarea[name=opinion]',
      '请人事确认假期余额。',
    );
    await lead.click('atrium-task [data-action=submit-people]');
    await expect.poll(() => toasts(lead)).toContain('征询成功');

    const hrToken = await apiToken('hr01', staff);
    const inquiry = (await tasksOf(hrToken, instId)).find(
      (item) => item.status === 'TRANSFORMEDINQU',
    );
    const hr = await browser.newPage();
    await open(hr, `/task/${inquiry!.id}/0`, hrToken);
    await hr.waitForSelector('atrium-task [part=actions]');
    expect(await hr.getAttribute('atrium-task [part=actions]', 'data-buttons')).toBe(
      'inquReply flowImage approvalHistory',
    );
    await hr.fill('atrium-task textarea[name=opinion]', '年假余额充足。');
    await hr.click('atrium-task [data-alias=inquReply]');
    await expect.poll(() => toasts(hr)).toContain('任务办理成功');

    // Carbon copy to the applicant's colleague, who reads it from the to-read list.
    await open(lead, `/task/${task!.id}/0`);
    await lead.waitForSelector('atrium-task [part=actions]');
    await askPeople(lead, 'copyTo', 'emp01', '知悉即可。');
    await expect.poll(() => toasts(lead)).toContain('传阅成功');
    const reader = await browser.newPage();
    const empToken = await apiToken('emp01', staff);
    await open(reader, '/v-flow/v-todoRead', empToken);
    // Notices are filtered by subject (they have no instance filter); the instance picks ours.
    const bySubject = {
      querys: [{ property: 'subject', value: '黄婷的请假申请（2.5天）', operation: 'EQUAL' }],
    };
    const copied = await call<{ rows: { id: string; procInstId: string }[] }>(
      empToken,
      'POST',
      '/bpm-runtime/runtime/task/v1/getNoticeTodoReadList',
      bySubject,
    );
    const notice = copied.rows.find((row) => row.procInstId === instId)!;
    await reader.click(`atrium-task-list [data-open="${notice.id}"]`);
    await reader.waitForURL(`${baseUrl()}/fvue/myRead/${instId}/${notice.id}/todoRead`);
    await reader.waitForSelector('atrium-task [data-instance] [data-form]');
    await expect
      .poll(async () =>
        (
          await call<{ rows: { id: string }[] }>(
            empToken,
            'POST',
            '/bpm-runtime/runtime/task/v1/getNoticeDoneReadList',
            bySubject,
          )
        ).rows.map((row) => row.id),
      )
      .toContain(notice.id);

    // The due time is extended by whole hours, 1 to 720.
    await pressTask(lead, 'taskDelay');
    await lead.waitForSelector('atrium-task [data-dialog=taskDelay] [data-due]');
    const before = await lead.getAttribute(
      'atrium-task [data-dialog=taskDelay] [data-due]',
      'data-due',
    );
    await lead.fill('atrium-task [data-dialog=taskDelay] input[name=addDueTime]', '721');
    await lead.click('atrium-task [data-action=submit-delay]');
    await expect
      .poll(() => lead.textContent('atrium-task [data-dialog=taskDelay] [role=alert]'))
      .toBe('延期时长须为 1 到 720 之间的整数');
    await lead.fill('atrium-task [data-dialog=taskDelay] input[name=addDueTime]', '2');
    await lead.click('atrium-task [data-action=submit-delay]');
    await expect.poll(() => toasts(lead)).toContain('保存成功');
    const due = await call<{ expirationDate: string }>(
      leadToken,
      'GET',
      `/bpm-runtime/runtime/bpmTaskDueTime/v1/getByTaskId?taskId=${task!.id}`,
    );
    expect(
      Date.parse(due.expirationDate.replace(' ', 'T')) - Date.parse(before!.replace(' ', 'T')),
    ).toBe(2 * 3600_000);

    // Delegated, the task goes to the other team leader and leaves this one's to-do.
    await open(lead, `/task/${task!.id}/0`);
    await lead.waitForSelector('atrium-task [part=actions]');
    await askPeople(lead, 'delegate', 'lead02', '我出差，请代为处理。');
    await expect.poll(() => toasts(lead)).toContain('转办成功');
    await lead.waitForURL(`${baseUrl()}/fvue/flow/todo`);
    expect(await tasksOf(leadToken, instId)).toEqual([]);
    const delegated = await tasksOf(await apiToken('lead02', staff), instId);
    expect(delegated.map((item) => item.status)).toEqual(['DELIVERTO']);
  });

  it('communicates, adds a signer, signs in parallel and calls it back, then circulates to a vote', async () => {
    const instId = await startLeave('emp02', 1.5, '搬家');
    const leadToken = await apiToken('lead01', staff);
    const [task] = await tasksOf(leadToken, instId);
    const lead = await browser.newPage();
    const taskPage = async () => {
      await open(lead, `/task/${task!.id}/0`, leadToken);
      await lead.waitForSelector('atrium-task [part=actions]');
    };
    const answer = async (account: string, status: string, alias: string, opinion: string) => {
      const token = await apiToken(account, staff);
      const child = (await tasksOf(token, instId)).find((item) => item.status === status);
      const page = await browser.newPage();
      await open(page, `/task/${child!.id}/0`, token);
      await page.waitForSelector(`atrium-task [data-alias=${alias}]`);
      await page.fill('atrium-task textarea[name=opinion]', opinion);
      await page.click(`atrium-task [data-alias=${alias}]`);
      await expect.poll(() => toasts(page)).toContain('任务办理成功');
    };

    // Communication: asked and answered; the task stays with the leader.
    await taskPage();
    await askPeople(lead, 'commu', 'hr01', '假期是否需要调休？');
    await expect.poll(() => toasts(lead)).toContain('沟通成功');
    await answer('hr01', 'COMMU', 'commuReply', '不需要。');

    // Add-sign: agreeing waits until the added signer has answered.
    await taskPage();
    await askPeople(lead, 'addSign', 'acct01', '请会计看一下。');
    await expect.poll(() => toasts(lead)).toContain('加签成功');
    await lead.click('atrium-task [data-alias=agree]');
    await expect.poll(() => toasts(lead)).toContain('还有加签或征询未处理完，请稍后再办理');
    await answer('acct01', 'ADDSIGN', 'agree', '没有问题。');

    // Custom signing in parallel, then called back from the history.
    await taskPage();
    await pressTask(lead, 'customSign');
    await lead.selectOption(
      'atrium-task [data-dialog=customSign] select[name=signMode]',
      'parallel',
    );
    await pickPeople(lead, 'atrium-task [data-dialog=customSign] [data-people=users]', [
      'fin01',
      'legal01',
    ]);
    await lead.click('atrium-task [data-action=submit-people]');
    await expect.poll(() => toasts(lead)).toContain('签署设置成功');
    expect(
      (await tasksOf(await apiToken('fin01', staff), instId)).map((item) => item.status),
    ).toEqual(['SIGNLINEED']);
    await open(lead, `/inst/${instId}`);
    await lead.click('atrium-task [role=tab]:has-text("审批历史")');
    // Each record names whom it went to: 陈伟 · 发起沟通 · 孙丽 (the other kinds: server tests).
    const commu = 'atrium-task [part=history] > li[data-action=startCommu]';
    expect(
      await lead
        .locator(`${commu} :is(.who, .action, .target)`)
        .evaluateAll((nodes) => nodes.map((node) => node.textContent)),
    ).toEqual(['陈伟', '发起沟通', '孙丽']);
    await lead.click('atrium-task [data-action=customSign] [data-action=call-back]');
    await expect.poll(() => toasts(lead)).toContain('撤回成功');
    expect(await tasksOf(await apiToken('fin01', staff), instId)).toEqual([]);

    // Circulation to both managers: one agreeing vote passes and completes the task.
    await taskPage();
    await pressTask(lead, 'startTrans');
    const trans = 'atrium-task [data-dialog=startTrans]';
    await pickPeople(lead, `${trans} [data-people=users]`, ['mgr01', 'mgr02']);
    await lead.selectOption(`${trans} select[name=voteType]`, 'amount');
    await lead.fill(`${trans} input[name=voteAmount]`, '0');
    await lead.click('atrium-task [data-action=submit-people]');
    await expect
      .poll(() => lead.textContent(`${trans} [role=alert]`))
      .toBe('票数须为正整数，百分比不超过 100');
    await lead.fill(`${trans} input[name=voteAmount]`, '1');
    await lead.click('atrium-task [data-action=submit-people]');
    await expect.poll(() => toasts(lead)).toContain('流转成功');
    await answer('mgr01', 'TRANSFORMED', 'agreeTrans', '同意流转。');
    const instance = await call<{ status: string }>(
      leadToken,
      'GET',
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${instId}`,
    );
    expect(instance.status).toBe('end');
  });

  it('returns a task to a node picked from getAfterJumpNodes', async () => {
    const instId = await startLeave('emp02', 5, '婚假');
    const leadToken = await apiToken('lead01', staff);
    const [first] = await tasksOf(leadToken, instId);
    await call(leadToken, 'POST', '/bpm-runtime/runtime/task/v1/complete', {
      taskId: first!.id,
      actionName: 'agree',
      opinion: '同意。',
    });
    const mgrToken = await apiToken('mgr01', staff);
    const [managers] = await tasksOf(mgrToken, instId);
    const page = await browser.newPage();
    await open(page, `/task/${managers!.id}/0`, mgrToken);
    await pressTask(page, 'rejectToAnyNode');
    await page.waitForSelector(
      'atrium-task [data-dialog=rejectToAnyNode] select[name=destination] option[value=teamLeader]',
      { state: 'attached' },
    );
    expect(
      await page
        .locator('atrium-task select[name=destination] option')
        .evaluateAll((options) => options.map((option) => option.getAttribute('value'))),
    ).toEqual(['', 'start', 'teamLeader']);
    await page.click('atrium-task [data-action=submit-return]');
    await expect
      .poll(() => page.textContent('atrium-task [data-dialog=rejectToAnyNode] [role=alert]'))
      .toBe('请选择驳回节点');
    await page.selectOption('atrium-task select[name=destination]', 'teamLeader');
    await page.fill(
      'atrium-task [data-dialog=rejectToAnyNode] textarea[name=opinion]',
      '请直属领导再确认。',
    );
    await page.click('atrium-task [data-action=submit-return]');
    await expect.poll(() => toasts(page)).toContain('任务办理成功');
    expect((await tasksOf(leadToken, instId)).map((task) => [task.name, task.status])).toEqual([
      ['直属领导审批', 'BACK'],
    ]);
  });

  it('shows the quick entries with their dot badges and the to-do card loading 8 rows, then 7 on refresh', async () => {
    const token = await apiToken('emp02', staff);
    const counts = await call<Record<string, { data: number }>>(
      token,
      'GET',
      '/bpm-runtime/runtime/instance/v1/getDefaultInfoMap',
    );
    const page = await browser.newPage();
    const sizes: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/runtime/task/v1/getTodoList'))
        sizes.push(
          (request.postDataJSON() as { pageBean: { pageSize: number } }).pageBean.pageSize,
        );
    });
    await open(page, '/home', token);
    await page.waitForSelector('atrium-home [data-stage]:not([data-stage=loading])');
    if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === 'holiday')
      await page.click('atrium-home [data-action=close-holiday]');
    if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === 'tour')
      await page.click('atrium-home [data-action=skip-tour]');
    for (const [entry, box] of [
      ['todo', 'myTaks'],
      ['done', 'myAlready'],
      ['request', 'myRequest'],
      ['draft', 'myDraft'],
      ['email', 'myEmail'],
    ] as const) {
      const selector = `atrium-task-counters [data-counter=${entry}]`;
      await expect
        .poll(() => page.getAttribute(selector, 'data-count'))
        .toBe(String(counts[box]!.data));
      expect(await page.locator(`${selector} [data-dot]`).count(), entry).toBe(
        counts[box]!.data === 0 ? 0 : 1,
      );
    }
    await expect
      .poll(() => page.getAttribute('atrium-todo-card [part=badge]', 'data-total'))
      .toBe(String(counts.myTaks!.data));
    await page.click('atrium-todo-card [data-action=refresh]');
    await expect.poll(() => sizes).toEqual([8, 7]);
    // The column's More opens the full to-do list; the entries open theirs.
    await page.click('atrium-home [data-column=todo] [data-action=more]');
    await page.waitForURL(`${baseUrl()}/fvue/flow/todo`);
    await page.waitForSelector('atrium-task-list[kind=todo]');
    await page.goBack();
    await page.click('atrium-task-counters [data-counter=request]');
    await page.waitForURL(`${baseUrl()}/fvue/v-flow/v-request`);
    await page.waitForSelector('atrium-task-list[kind=request]');
  });
});
