import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, call, open, tableRows, toasts, useBrowser } from './support';

/**
 * The workflow area end to end, in Chromium against the real server and the demo data: a
 * leave request from the start form to the to-do card, the done list with its revoke flag
 * and withdraw, a return to the applicant and the resubmission, the flow chart's markers.
 */
const staff = 'Staff#2026';

type Task = { id: string; status: string; procInstId: string; subject: string };

/** The open tasks of a user in one instance, as the to-do list answers them. */
async function tasksOf(token: string, instId: string): Promise<Task[]> {
  const page = await call<{ rows: Task[] }>(
    token,
    'POST',
    '/bpm-runtime/runtime/task/v1/getTodoList',
    {
      querys: [{ property: 'procInstId', value: instId, operation: 'EQUAL' }],
    },
  );
  return page.rows;
}

/** The home page past its greeting overlay and tour, as a user would get there. */
async function home(page: Page, token: string): Promise<void> {
  await open(page, '/home', token);
  await page.waitForSelector('atrium-home [data-stage]:not([data-stage=loading])');
  if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === 'holiday')
    await page.click('atrium-home [data-action=close-holiday]');
  if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === 'tour')
    await page.click('atrium-home [data-action=skip-tour]');
}

describe('workflow in the browser', () => {
  const browser = useBrowser();

  it('starts a leave request, approves it from the to-do card, withdraws it from done, returns it to the start, resubmits it and draws its chart', async () => {
    const empToken = await apiToken('emp01', staff);
    const leadToken = await apiToken('lead01', staff);
    const emp = await browser.newPage();

    // 1. The applicant fills the start form; an empty form is refused field by field.
    await open(emp, '/agentStartByKey/leave', empToken);
    await emp.waitForSelector('atrium-flow-starter [data-field=leaveType] select');
    await emp.click('atrium-flow-starter [data-action=submit]');
    await expect
      .poll(() => emp.textContent('atrium-flow-starter [data-field=leaveType] [data-error]'))
      .toBe('此项为必填项');
    await emp.selectOption('atrium-flow-starter [data-field=leaveType] select', 'personal');
    await emp.fill('atrium-flow-starter [data-field=startDate] input', '2026-12-10');
    await emp.fill('atrium-flow-starter [data-field=endDate] input', '2026-12-08');
    await emp.fill('atrium-flow-starter [data-field=days] input', '3.5');
    await emp.fill('atrium-flow-starter [data-field=reason] textarea', '家中有事');
    await emp.click('atrium-flow-starter [data-action=submit]');
    await expect
      .poll(() => emp.textContent('atrium-flow-starter [data-field=endDate] [data-error]'))
      .toBe('结束日期不能早于开始日期');
    await emp.fill('atrium-flow-starter [data-field=endDate] input', '2026-12-15');
    // 请假天数 follows the dates as working days (Thursday 12-10 to Tuesday 12-15, both
    // counted, the weekend not); a half day less is allowed.
    expect(await emp.inputValue('atrium-flow-starter [data-field=days] input')).toBe('4');
    await emp.fill('atrium-flow-starter [data-field=days] input', '3.5');
    await emp.click('atrium-flow-starter [data-action=submit]');
    await expect.poll(() => toasts(emp)).toContain('流程启动成功');
    await emp.waitForURL(`${baseUrl()}/fvue/v-flow/v-request`);
    const subject = '刘洋的请假申请（3.5天）';
    await expect
      .poll(async () => (await tableRows(emp, 'atrium-task-list')).map((row) => row.subject))
      .toContain(subject);
    const requests = await call<{ rows: { id: string; subject: string; status: string }[] }>(
      empToken,
      'POST',
      '/bpm-runtime/runtime/instance/v1/myRequest',
      { querys: [{ property: 'subject', value: subject, operation: 'EQUAL' }] },
    );
    expect(requests.rows).toHaveLength(1);
    const instId = requests.rows[0]!.id;
    const [first] = await tasksOf(leadToken, instId);
    expect(first?.status).toBe('NORMAL');

    // 2. The team leader opens it from the to-do card on the home page and agrees.
    const lead = await browser.newPage();
    await home(lead, leadToken);
    await lead.click(`atrium-todo-card [data-task="${first!.id}"]`);
    await lead.waitForURL(`${baseUrl()}/fvue/task/${first!.id}/0`);
    await lead.waitForSelector('atrium-task [part=actions]');
    expect(await lead.textContent('atrium-task [data-subject]')).toBe(subject);
    await lead.fill('atrium-task textarea[name=opinion]', '同意，注意安排好工作。');
    await lead.click('atrium-task [data-alias=agree]');
    await expect.poll(() => toasts(lead)).toContain('任务办理成功');
    await lead.waitForURL(`${baseUrl()}/fvue/flow/todo`);
    // More than 3 days: the department managers have it now.
    expect(await tasksOf(leadToken, instId)).toEqual([]);

    // 3. The agree is in the leader's done list with the revoke flag; the leader withdraws it.
    await open(lead, '/v-flow/v-done');
    const doneRow = async () =>
      (await tableRows(lead, 'atrium-task-list')).find((row) => row.subject === subject);
    await expect.poll(async () => (await doneRow())?.revoke).toBe('是');
    expect((await doneRow())?.opinionStatus).toBe('同意');
    await lead.click(`atrium-task-list tr:has([data-open="${instId}"]) [data-action=withdraw]`);
    await lead.click(
      'atrium-task-list [role=dialog]:has([data-dialog=withdraw]) [data-action=confirm]',
    );
    await expect.poll(() => toasts(lead)).toContain('撤回成功');
    const [back] = await tasksOf(leadToken, instId);
    expect(back?.id).toBeDefined();

    // 4. The leader returns it to the applicant; a return needs an opinion.
    await open(lead, `/task/${back!.id}/0`);
    await lead.waitForSelector('atrium-task [data-alias=backToStart]');
    await lead.click('atrium-task [data-alias=backToStart]');
    await expect
      .poll(() => lead.textContent('atrium-task [part=opinion] [data-error]'))
      .toBe('请填写审批意见');
    await lead.fill('atrium-task textarea[name=opinion]', '请改为两天，分两次休。');
    await lead.click('atrium-task [data-alias=backToStart]');
    // A return says where the request goes, and is asked once more.
    const ask = 'atrium-task [role=dialog]:has([data-dialog=confirm-backToStart])';
    await lead.waitForSelector(ask);
    expect(await lead.textContent(`${ask} p`)).toBe(
      '申请将退回给 刘洋，修改后可重新提交。 确定要驳回发起人吗？提交后不能撤回。',
    );
    await lead.click(`${ask} [data-action=confirm]`);
    await expect.poll(() => toasts(lead)).toContain('任务办理成功');

    // 5. The applicant finds it returned in the to-do list, corrects the form and resubmits.
    const [returned] = await tasksOf(empToken, instId);
    expect(returned?.status).toBe('BACK');
    await open(emp, '/flow/todo');
    const row = `atrium-task-list tr:has([data-open="${returned!.id}"])`;
    await expect.poll(() => emp.textContent(`${row} [data-status]`)).toBe('驳回');
    await emp.click(`${row} [data-open]`);
    await emp.waitForURL(`${baseUrl()}/fvue/task/${returned!.id}/0`);
    await emp.waitForSelector('atrium-task [data-field=days] input');
    expect(await emp.getAttribute('atrium-task [part=actions]', 'data-buttons')).toBe(
      'agree flowImage endProcess saveDraft',
    );
    // It reads as returned: over the form, who sent it back, from where, when and why; the
    // primary button resubmits.
    const banner = 'atrium-task [part=returned]';
    expect(await emp.textContent(`${banner} .title`)).toMatch(
      /^陈伟 于 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d 从【直属领导审批】退回$/,
    );
    expect(await emp.textContent(`${banner} .opinion`)).toBe('请改为两天，分两次休。');
    const above = await emp.evaluate(() => {
      const root = document.querySelector('atrium-task')!.shadowRoot!;
      const box = (selector: string) => root.querySelector(selector)!.getBoundingClientRect();
      return box('[part=returned]').bottom <= box('[data-field=leaveType]').top;
    });
    expect(above).toBe(true);
    const resubmit = 'atrium-task [part=actions] > [data-alias=agree]';
    expect(await emp.textContent(resubmit)).toBe('重新提交');
    expect(await emp.getAttribute(resubmit, 'data-primary')).toBe('true');
    await emp.fill('atrium-task [data-field=days] input', '2');
    await emp.fill('atrium-task [data-field=endDate] input', '2026-12-11');
    await emp.click('atrium-task [data-alias=agree]');
    await expect.poll(() => toasts(emp)).toContain('任务办理成功');
    const instance = await call<{ data: { days: number }; status: string }>(
      empToken,
      'GET',
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${instId}`,
    );
    expect(instance.data.days).toBe(2);
    expect((await tasksOf(leadToken, instId)).map((task) => task.status)).toEqual(['NORMAL']);

    // 6. The chart marks what was done and what is current, as getBpmImage says.
    await open(emp, `/inst/${instId}`);
    await emp.click('atrium-task [role=tab]:has-text("流程图")');
    await emp.waitForSelector('atrium-task [part=diagram][data-state=ready]');
    const image = await call<{ doneNodes: string[]; doneFlows: string[]; currentNodes: string[] }>(
      empToken,
      'GET',
      `/bpm-runtime/runtime/instance/v1/getBpmImage?proInstId=${instId}`,
    );
    expect(image.currentNodes).toEqual(['teamLeader']);
    const marked = (marker: string) =>
      emp
        .locator('atrium-task')
        .evaluate(
          (element, name) =>
            [...element.shadowRoot!.querySelectorAll(`.djs-element.${name}`)]
              .map((node) => node.getAttribute('data-element-id'))
              .sort(),
          marker,
        );
    expect(await marked('atrium-current')).toEqual(['teamLeader']);
    const expectedDone = [...image.doneNodes, ...image.doneFlows]
      .filter((id) => !image.currentNodes.includes(id))
      .sort();
    expect(expectedDone).toEqual(
      expect.arrayContaining(['start', 'toTeamLeader', 'daysGateway', 'toManager']),
    );
    expect(await marked('atrium-done')).toEqual(expectedDone);
    // The licence's watermark stays visible; the opinions hang under their nodes.
    expect(
      await emp.locator('atrium-task').evaluate((element) => {
        const logo = element.shadowRoot!.querySelector<HTMLElement>('.bjs-powered-by');
        return logo ? getComputedStyle(logo).display !== 'none' && logo.offsetWidth > 0 : false;
      }),
    ).toBe(true);
    expect(await emp.locator('atrium-task .atrium-opinion').count()).toBeGreaterThan(0);
  });
});
