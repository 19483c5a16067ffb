import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderButtons } from '../../src/core/workflow/buttons';
import { apiToken, baseUrl, call, open, pressTask, toasts, useBrowser } from './support';
import { staffId } from '../../server/db/seed/workflow/people';

/**
 * The task page against the demo data: the opening rules of the lists, the button order,
 * claiming a shared task, acting for a leader, an agent task seen by its owner, ending.
 */
const staff = 'Staff#2026';
/** Seeded: 刘洋的请假申请（5天）, shared by the department managers mgr01 and mgr02. */
const sharedTask = '1700000025000000010';
const mgr02 = staffId('mgr02');
/** Seeded: an add-sign task of acct01 in a contract countersign. */
const addSignTask = '1700000025000000073';

const buttonsOf = (page: Page) => page.getAttribute('atrium-task [part=actions]', 'data-buttons');

describe('the task page', () => {
  const browser = useBrowser();

  it('says who acts next, by name, in my requests and on the request, in both languages', async () => {
    const token = await apiToken('emp01', staff);
    /** emp01's requests, as the server words them in `language`. */
    const requestsIn = async (language: string) => {
      const response = await fetch(`${baseUrl()}/bpm-runtime/runtime/instance/v1/myRequest`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Accept-Language': language,
        },
        body: JSON.stringify({ pageBean: { page: 1, pageSize: 100 } }),
      });
      return (
        (await response.json()) as {
          rows: { id: string; subject: string; currentNodes: string | null }[];
        }
      ).rows;
    };
    const { id } = (await requestsIn('zh-CN')).find(
      (row) => row.subject === '刘洋的请假申请（5天）',
    )!;
    for (const [language, node, people] of [
      ['zh-CN', '部门经理审批', ['马明', '林芳']],
      ['en-US', 'Department manager approval', ['马明', '林芳']],
    ] as const) {
      const request = (await requestsIn(language)).find((row) => row.id === id)!;
      const page = await browser.newPage({ locale: language });
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      // My requests: where it stands and who must act now, on its row.
      await open(page, '/v-flow/v-request', token);
      const row = `atrium-task-list tr[data-row]:not([data-pending]):has-text("${request.subject}") td[data-column=currentNodes]`;
      await expect.poll(() => page.textContent(row)).toMatch(new RegExp(`^${node} · `));
      const cell = page.locator(row);
      // Lists in the reader's language: 马明、林芳 / 马明, 林芳.
      const separator = language === 'zh-CN' ? '、' : ', ';
      expect((await cell.textContent())!.split(' · ')[1]!.split(separator).sort()).toEqual(
        [...people].sort(),
      );
      // Two steps at once (an expense claim's parallel reviews) read the same way.
      const parallel = (await requestsIn(language)).find((row) => row.currentNodes?.includes(','));
      expect(parallel).toBeDefined();
      const steps = parallel!.currentNodes!.split(',').join(separator);
      const parallelRow = `atrium-task-list tr[data-row]:has-text("${parallel!.subject}") td[data-column=currentNodes]`;
      const parallelWhere = (await page.textContent(parallelRow))!;
      expect(parallelWhere.split(' · ')[0]).toBe(steps);
      // Read whole at 1366 px: the people who act now are the point of the column.
      expect(await cell.evaluate((td) => td.scrollWidth - td.clientWidth)).toBeLessThanOrEqual(0);
      // And on a phone's card, where the two steps and their people wrap instead of being cut.
      await page.setViewportSize({ width: 360, height: 740 });
      const card = page.locator(
        `atrium-task-list li[data-row]:has-text("${parallel!.subject}") [data-column=currentNodes] dd`,
      );
      await card.waitFor();
      expect(await card.textContent()).toBe(parallelWhere);
      expect(
        await card.evaluate((dd) => ({ width: dd.scrollWidth, height: dd.scrollHeight })),
      ).toEqual(await card.evaluate((dd) => ({ width: dd.clientWidth, height: dd.clientHeight })));
      // Its subject, the card's title, is longer than a line there: it wraps, and is read whole.
      const title = page.locator(
        `atrium-task-list li[data-row]:has-text("${parallel!.subject}") .title > button`,
      );
      expect(await title.textContent()).toBe(parallel!.subject);
      const titleBox = await title.evaluate((button) => ({
        lines: Math.round(button.clientHeight / parseFloat(getComputedStyle(button).lineHeight)),
        cut: button.scrollWidth > button.clientWidth || button.scrollHeight > button.clientHeight,
      }));
      expect(titleBox).toEqual({ lines: 2, cut: false });
      // The request itself: the pending step leads, then each person who may act.
      await open(page, `/inst/${request.id}`, token);
      const pending = 'atrium-task [part=summary] [part=pending] li.step';
      await page.waitForSelector(pending);
      expect(await page.textContent(`${pending} .node`)).toBe(node);
      const text = await page.textContent(pending);
      for (const name of people) expect(text).toContain(name);
      await page.close();
    }
  });

  it("on a phone's cards, reads every subject and the step asked of the reader whole", async () => {
    // Every row of the to-do, done and sent lists of four readers, in both languages: no
    // value on a card (its title, the step, the flow, the people) ends in a cut "…".
    const lists = ['/v-flow/v-todo', '/v-flow/v-done', '/v-flow/v-request'];
    let read = 0;
    for (const [account, language] of [
      ['mgr02', 'en-US'],
      ['emp01', 'zh-CN'],
      ['emp01', 'en-US'],
      ['acct01', 'en-US'],
      // Has done a team leader's step ("Team leader approval").
      ['lead01', 'en-US'],
    ] as const) {
      const page = await browser.newPage({ locale: language, phone: { width: 360, height: 740 } });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      const token = await apiToken(account, staff);
      for (const list of lists) {
        await open(page, list, token);
        // Drawn: its cards, or a list that says it has none.
        await page.waitForSelector(
          'atrium-task-list :is(li[data-row], [data-layout=cards][data-rows="0"]:not([aria-busy=true]))',
        );
        const texts = 'atrium-task-list li[data-row] :is(.title > *, dd)';
        read += await page.locator(texts).count();
        const cut = await page.$$eval(texts, (nodes) =>
          nodes
            .filter(
              (node) =>
                node.scrollWidth > node.clientWidth || node.scrollHeight > node.clientHeight,
            )
            .map((node) => node.textContent),
        );
        expect(cut, `${account} ${language} ${list}`).toEqual([]);
      }
      await page.close();
    }
    expect(read).toBeGreaterThan(20);
    // The shared leave task's step, which was cut at half a card.
    const page = await browser.newPage({ locale: 'en-US', phone: { width: 360, height: 740 } });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await open(page, '/v-flow/v-todo', await apiToken('mgr02', staff));
    const step = page.locator(
      `atrium-task-list li[data-row]:has([data-open="${sharedTask}"]) [data-column=name] dd`,
    );
    await expect.poll(() => step.textContent()).toBe('Department manager approval');
    expect(
      await step.evaluate(
        (dd) => dd.scrollWidth > dd.clientWidth || dd.scrollHeight > dd.clientHeight,
      ),
    ).toBe(false);
  });

  it('shows the buttons in the spec order: the specials last, none of lockUnlock and inqu while adding a signature', async () => {
    const token = await apiToken('mgr02', staff);
    const page = await browser.newPage();
    await open(page, `/task/${sharedTask}/0`, token);
    await page.waitForSelector('atrium-task [part=actions]');
    const expected =
      'agree oppose reject backToStart rejectToAnyNode delegate inqu commu addSign customSign copyTo flowImage approvalHistory taskDelay startTrans lockUnlock endProcess saveDraft';
    expect(await buttonsOf(page)).toBe(expected);
    const answer = await call<{ buttons: { alias: string }[]; isAddSign: boolean }>(
      token,
      'GET',
      `/bpm-runtime/runtime/task/v1/getButtonsBytaskId?taskId=${sharedTask}`,
    );
    expect(
      orderButtons(answer.buttons, answer.isAddSign)
        .map((button) => button.alias)
        .join(' '),
    ).toBe(expected);

    const signer = await browser.newPage();
    await open(signer, `/task/${addSignTask}/0`, await apiToken('acct01', staff));
    await signer.waitForSelector('atrium-task [part=actions]');
    expect(await buttonsOf(signer)).toBe('agree oppose flowImage approvalHistory');
  });

  it('claims and releases a shared task: 已签收, then 已取消签收', async () => {
    const page = await browser.newPage();
    await open(page, `/task/${sharedTask}/0`, await apiToken('mgr02', staff));
    await page.waitForSelector('atrium-task [data-alias=lockUnlock][data-locked=false]');
    expect(await page.textContent('atrium-task [data-alias=lockUnlock]')).toBe('签收');
    await page.click('atrium-task [data-alias=lockUnlock]');
    await expect.poll(() => toasts(page)).toContain('已签收');
    await page.waitForSelector('atrium-task [data-alias=lockUnlock][data-locked=true]');
    expect(await page.textContent('atrium-task [data-alias=lockUnlock]')).toBe('取消签收');
    // While claimed, the other manager may read it but not act on it.
    const other = await browser.newPage();
    await open(other, `/task/${sharedTask}/0`, await apiToken('mgr01', staff));
    await other.waitForSelector('atrium-task[task-id] [data-readonly=true]');
    expect(await other.locator('atrium-task [part=actions]').count()).toBe(0);
    await page.click('atrium-task [data-alias=lockUnlock]');
    await expect.poll(() => toasts(page)).toContain('已取消签收');
    await page.waitForSelector('atrium-task [data-alias=lockUnlock][data-locked=false]');
  });

  it('asks a secretary which leader to act for on a shared task, then acts as that leader', async () => {
    const page = await browser.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/bpm-runtime/runtime/task/v1/getButtonsBytaskId'))
        sent.push(request.url());
    });
    await open(page, '/v-flow/v-leader', await apiToken('sec01', staff));
    await page.click(`atrium-task-list [data-open="${sharedTask}"]`);
    await page.waitForSelector('atrium-task-list [data-dialog=identity]');
    expect(
      await page
        .locator('atrium-task-list [data-dialog=identity] label')
        .evaluateAll((labels) => labels.map((label) => label.textContent)),
    ).toEqual(['马明', '林芳']);
    await page.click('atrium-task-list [data-action=confirm-identity]');
    await expect
      .poll(() => page.textContent('atrium-task-list [data-dialog=identity] [role=alert]'))
      .toBe('请选择代为审批的领导');
    await page.check(`atrium-task-list [data-identity="${mgr02}"]`);
    await page.click('atrium-task-list [data-action=confirm-identity]');
    await page.waitForURL(`${baseUrl()}/fvue/task/${sharedTask}/${mgr02}`);
    await page.waitForSelector('atrium-task [part=actions]');
    await expect
      .poll(() => page.textContent(`atrium-task [data-acting-for="${mgr02}"]`))
      .toBe('代 林芳 审批');
    expect(sent.some((url) => url.includes(`leaderId=${mgr02}`))).toBe(true);
  });

  it('opens an agent task read-only in agent mode for its owner, with the way to take it back', async () => {
    const token = await apiToken('ops01', staff);
    const delegated = await call<{
      rows: {
        id: string;
        status: string;
        procInstId: string;
        ownerId: string;
        assigneeId: string;
      }[];
    }>(token, 'POST', '/bpm-runtime/runtime/task/v1/getDelegate', {
      querys: [{ property: 'status', value: 'AGENT', operation: 'EQUAL' }],
    });
    const agentTask = delegated.rows[0]!;
    expect(agentTask.ownerId).not.toBe(agentTask.assigneeId);
    const page = await browser.newPage();
    await open(page, '/v-flow/v-myDelegate', token);
    await page.click(`atrium-task-list [data-open="${agentTask.id}"]`);
    await page.waitForURL(`${baseUrl()}/fvue/instRead/${agentTask.procInstId}/agent`);
    await page.waitForSelector('atrium-task [data-agent-mode]');
    await page.waitForSelector('atrium-task [data-action=retrieve]');
    // Read-only: the form has no inputs.
    await page.waitForSelector('atrium-task [data-form]');
    expect(
      await page.locator('atrium-task [data-form] input, atrium-task [data-form] textarea').count(),
    ).toBe(0);
    // The agent who holds it opens the task itself, with its buttons.
    const agent = await browser.newPage();
    await open(agent, '/v-flow/v-todo', await apiToken('lead02', staff));
    await agent.click(`atrium-task-list [data-open="${agentTask.id}"]`);
    await agent.waitForURL(`${baseUrl()}/fvue/task/${agentTask.id}/0`);
    await agent.waitForSelector('atrium-task [data-alias=agree]');
  });

  it('ends a flow from its task: 终止成功', async () => {
    const empToken = await apiToken('emp02', staff);
    const leadToken = await apiToken('lead01', staff);
    const data = Buffer.from(
      JSON.stringify({
        leaveType: 'sick',
        startDate: '2026-12-21',
        endDate: '2026-12-21',
        days: 1,
        reason: '看病',
      }),
    ).toString('base64');
    const started = await call<{ state: boolean; instId: string }>(
      empToken,
      'POST',
      '/bpm-runtime/runtime/instance/v1/start',
      { flowKey: 'leave', data },
    );
    expect(started.state).toBe(true);
    const todo = await call<{ rows: { id: string }[] }>(
      leadToken,
      'POST',
      '/bpm-runtime/runtime/task/v1/getTodoList',
      {
        querys: [{ property: 'procInstId', value: started.instId, operation: 'EQUAL' }],
      },
    );
    const page = await browser.newPage();
    await open(page, `/task/${todo.rows[0]!.id}/0`, leadToken);
    await pressTask(page, 'endProcess');
    await page.fill('atrium-task [data-dialog=endProcess] textarea[name=reason]', '重复申请');
    await page.click(
      'atrium-task [role=dialog]:has([data-dialog=endProcess]) [data-action=confirm]',
    );
    await expect.poll(() => toasts(page)).toContain('终止成功');
    await page.waitForURL(`${baseUrl()}/fvue/flow/todo`);
    const instance = await call<{ status: string }>(
      empToken,
      'GET',
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${started.instId}`,
    );
    expect(instance.status).toBe('manualend');
  });
});
