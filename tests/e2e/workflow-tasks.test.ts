import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderButtons } from '../../src/core/workflow/buttons';
import { passHomeInterruptions } from './menu-walk';
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

/** Starts a flow through the API (the start form has its own test); answers the instance. */
async function startFlow(account: string, flowKey: string, form: object): Promise<string> {
  const data = Buffer.from(JSON.stringify(form)).toString('base64');
  const started = await call<{ state: boolean; instId: string }>(
    await apiToken(account, staff),
    'POST',
    '/bpm-runtime/runtime/instance/v1/start',
    { flowKey, data },
  );
  expect(started.state).toBe(true);
  return started.instId;
}

/** The open task of `account` in an instance. */
async function taskOf(account: string, instId: string): Promise<string> {
  const todo = await call<{ rows: { id: string }[] }>(
    await apiToken(account, staff),
    'POST',
    '/bpm-runtime/runtime/task/v1/getTodoList',
    { querys: [{ property: 'procInstId', value: instId, operation: 'EQUAL' }] },
  );
  return todo.rows[0]!.id;
}

/** `account` acts on their open task in an instance through the API. */
async function act(account: string, instId: string, actionName: string, opinion: string) {
  const answer = await call<{ state: boolean }>(
    await apiToken(account, staff),
    'POST',
    '/bpm-runtime/runtime/task/v1/complete',
    { taskId: await taskOf(account, instId), actionName, opinion },
  );
  expect(answer.state).toBe(true);
}

const leave = (days: number) => ({
  leaveType: 'annual',
  startDate: '2027-01-04',
  endDate: '2027-01-08',
  days,
  reason: '探亲',
});
const contract = (title: string) => ({
  title,
  counterparty: '某公司',
  amount: 1000,
  signDate: '2026-11-01',
});

/** The newest requests of `account`, as its 我的请求 answers them. */
async function newestRequests(account: string): Promise<{ id: string; subject: string }[]> {
  const answer = await call<{ rows: { id: string; subject: string }[] }>(
    await apiToken(account, staff),
    'POST',
    '/bpm-runtime/runtime/instance/v1/myRequest',
    { pageBean: { page: 1, pageSize: 5 } },
  );
  return answer.rows;
}

/** Opens `account`'s task of an instance; answers a reader of a read-only field as shown. */
async function shownTo(page: Page, account: string, instId: string, field: string) {
  await open(page, `/task/${await taskOf(account, instId)}/0`, await apiToken(account, staff));
  return () => page.textContent(`atrium-task [data-field=${field}] dd`);
}

/** A page in a language: 1366 by 768, or a 360 px phone. */
async function pageIn(
  browser: ReturnType<typeof useBrowser>,
  language: 'zh-CN' | 'en-US',
  phone = false,
): Promise<Page> {
  const page = await browser.newPage({
    locale: language,
    ...(phone && { phone: { width: 360, height: 740 } }),
  });
  if (!phone) await page.setViewportSize({ width: 1366, height: 768 });
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
  return page;
}

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

  it('on a phone, keeps the action bar to one row with the primary action at the right thumb, in both languages', async () => {
    // Each kind of step: an ordinary one, one shared by two managers, a countersign vote,
    // and a request returned to its applicant (which also says why, and resubmits).
    const ordinary = await startFlow('emp01', 'leave', leave(2));
    const vote = await startFlow('contract01', 'contract', contract('手机会签'));
    await act('legal01', vote, 'agree', '法务无异议');
    const returned = await startFlow('emp02', 'leave', leave(2));
    await act('lead01', returned, 'backToStart', '请补充行程安排。');
    const steps = [
      ['lead01', await taskOf('lead01', ordinary), { 'zh-CN': '反对', 'en-US': 'Oppose' }],
      ['mgr02', sharedTask, { 'zh-CN': '签收', 'en-US': 'Claim' }],
      ['fin01', await taskOf('fin01', vote), { 'zh-CN': '反对', 'en-US': 'Oppose' }],
      ['emp02', await taskOf('emp02', returned), { 'zh-CN': '保存', 'en-US': 'Save' }],
    ] as const;
    const primary = { 'zh-CN': ['同意', '重新提交'], 'en-US': ['Agree', 'Resubmit'] };
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await pageIn(browser, language, true);
      for (const [account, taskId, second] of steps) {
        await open(page, `/task/${taskId}/0`, await apiToken(account, staff));
        await page.waitForSelector('atrium-task [part=actions][data-phone=true]');
        const bar = await page.locator('atrium-task [part=actions]').evaluate((node) => {
          const buttons = [...node.querySelectorAll(':scope > button, :scope > .more > button')];
          return {
            right: node.getBoundingClientRect().right,
            buttons: buttons
              .map((button) => {
                const box = button.getBoundingClientRect();
                return {
                  text: button.textContent,
                  primary: (button as HTMLElement).dataset.primary === 'true',
                  top: Math.round(box.top),
                  left: box.left,
                  right: box.right,
                  cut: button.scrollWidth > button.clientWidth,
                };
              })
              .sort((a, b) => a.left - b.left),
          };
        });
        const where = `${language} ${account}`;
        // 更多, the step's common action, the primary one last: one row, each label whole.
        expect(
          bar.buttons.map((button) => button.text),
          where,
        ).toEqual([
          language === 'zh-CN' ? '更多' : 'More',
          second[language],
          account === 'emp02' ? primary[language][1] : primary[language][0],
        ]);
        expect(new Set(bar.buttons.map((button) => button.top)).size, where).toBe(1);
        expect(
          bar.buttons.filter((button) => button.cut),
          where,
        ).toEqual([]);
        const last = bar.buttons.at(-1)!;
        expect(last.primary, where).toBe(true);
        // At the right thumb: in the screen's right half, and on it.
        expect(last.left, where).toBeGreaterThanOrEqual(180);
        expect(last.right, where).toBeLessThanOrEqual(Math.min(bar.right, 360));
      }
      // The returned request says why it came back, in the reader's language.
      expect(await page.textContent('atrium-task [part=returned] .title')).toMatch(
        language === 'zh-CN'
          ? /^陈伟 于 \S+ \S+ 从【直属领导审批】退回$/
          : /^Returned by 陈伟 from Team leader approval on \S+ \S+$/,
      );
      expect(await page.textContent('atrium-task [part=returned] .opinion')).toBe(
        '请补充行程安排。',
      );
      await page.close();
    }
  });

  it('at 1366 px, offers the actions of the kind of step, the rest under 更多, and says what 反对 and 驳回 do, in both languages', async () => {
    const words = {
      'zh-CN': {
        ordinary: ['同意', '反对', '驳回', '驳回发起人', '更多'],
        shared: ['同意', '签收', '反对', '驳回', '更多'],
        oppose: '反对后，这份申请将结束，结果为不通过。 确定要反对吗？提交后不能撤回。',
        reject: '驳回后，申请将退回到【直属领导审批】陈伟。 确定要驳回吗？提交后不能撤回。',
      },
      'en-US': {
        ordinary: ['Agree', 'Oppose', 'Return', 'Return to applicant', 'More'],
        shared: ['Agree', 'Claim', 'Oppose', 'Return', 'More'],
        oppose:
          'If you oppose, the request ends as refused. Oppose? This cannot be taken back once sent.',
        reject:
          'The request goes back to Team leader approval (陈伟). Return? This cannot be taken back once sent.',
      },
    } as const;
    /** The bar as a person sees it: its buttons' labels left to right, and 更多's list. */
    const barOf = async (page: Page) => {
      await page.waitForSelector('atrium-task [part=actions][data-phone=false]');
      const shown = await page
        .locator('atrium-task [part=actions]')
        .evaluate((bar) =>
          [...bar.querySelectorAll(':scope > button, :scope > .more > button')].map(
            (button) => button.textContent,
          ),
        );
      await page.click('atrium-task [data-action=more-actions]');
      const more = await page.locator('atrium-task [part=actions] [role=menuitem]').count();
      await page.keyboard.press('Escape');
      return { shown, more };
    };
    for (const language of ['zh-CN', 'en-US'] as const) {
      const expected = words[language];
      const page = await pageIn(browser, language);
      // A plain approval, one person's: 同意 first, the common few, no 签收 anywhere.
      const plain = await startFlow('emp02', 'leave', leave(2));
      await open(page, `/task/${await taskOf('lead01', plain)}/0`, await apiToken('lead01', staff));
      const ordinary = await barOf(page);
      expect(ordinary.shown).toEqual(expected.ordinary);
      expect(ordinary.more).toBeGreaterThan(3);
      expect(await buttonsOf(page)).not.toContain('lockUnlock');
      // 反对 says how the request ends, and it ends so (the engine's rule for this step).
      await page.fill('atrium-task textarea[name=opinion]', '不符合规定');
      await page.click('atrium-task [part=actions] > [data-alias=oppose]');
      const ask = 'atrium-task [role=dialog]:has([data-dialog=confirm-oppose])';
      await page.waitForSelector(ask);
      expect(await page.textContent(`${ask} p`)).toBe(expected.oppose);
      await page.click(`${ask} [data-action=confirm]`);
      // The requester is told it was refused.
      await expect
        .poll(async () => {
          const messages = await call<{ rows: { procInstId: string; outcome: string }[] }>(
            await apiToken('emp02', staff),
            'POST',
            '/bpm-runtime/runtime/message/v1/myList',
            { pageBean: { page: 1, pageSize: 50 } },
          );
          return messages.rows.filter((row) => row.procInstId === plain).map((row) => row.outcome);
        })
        .toEqual(['refused']);
      // A step offered to two managers: 签收 among the common ones; 驳回 names where it goes.
      const shared = await startFlow('emp02', 'leave', leave(5));
      await act('lead01', shared, 'agree', '同意');
      await open(page, `/task/${await taskOf('mgr01', shared)}/0`, await apiToken('mgr01', staff));
      expect((await barOf(page)).shown).toEqual(expected.shared);
      await page.fill('atrium-task textarea[name=opinion]', '请重新确认');
      await page.click('atrium-task [part=actions] > [data-alias=reject]');
      const reject = 'atrium-task [role=dialog]:has([data-dialog=confirm-reject])';
      await page.waitForSelector(reject);
      expect(await page.textContent(`${reject} p`)).toBe(expected.reject);
      await page.close();
    }
  });

  it('shows a running countersign in the history and on the chart: each voter, who voted how, the count, in both languages', async () => {
    const token = await apiToken('contract01', staff);
    const running = await startFlow('contract01', 'contract', contract('会签进行中'));
    await act('legal01', running, 'agree', '法务无异议');
    const expected = {
      'zh-CN': {
        tabs: ['审批历史', '流程图'],
        node: '部门会签',
        voted: '郭立新同意',
        tally: '1/3 同意，需 3 票',
        waiting: '等待处理',
      },
      'en-US': {
        tabs: ['History', 'Flow chart'],
        node: 'Department countersign',
        voted: '郭立新agreed',
        tally: '1 of 3 agree, 3 needed',
        waiting: 'Waiting for',
      },
    } as const;
    for (const language of ['zh-CN', 'en-US'] as const) {
      const words = expected[language];
      const page = await pageIn(browser, language);
      await open(page, `/inst/${running}`, token);
      await page.click(`atrium-task [role=tab]:has-text("${words.tabs[0]}")`);
      // The timeline ends with the pending entry: the step, every voter and the count.
      const last = 'atrium-task [part=history] > li:last-child';
      await page.waitForSelector(`${last}[data-record=pending]`);
      const step = `${last} [part=pending] li.step[data-node=countersign]`;
      expect(await page.textContent(`${step} .node`)).toBe(words.node);
      const people = await page
        .locator(`${step} .person`)
        .evaluateAll((nodes) =>
          nodes.map((node) => [node.textContent, node.getAttribute('data-state')]),
        );
      expect(people).toHaveLength(3);
      expect(people).toContainEqual([words.voted, 'voted']);
      expect(people.filter(([, state]) => state === 'todo')).toHaveLength(2);
      expect(await page.textContent(`${step} [data-tally]`)).toBe(words.tally);
      // The chart names who must act there now, and not the one who already voted.
      await page.click(`atrium-task [role=tab]:has-text("${words.tabs[1]}")`);
      await page.waitForSelector('atrium-task [part=diagram][data-state=ready]');
      const overlay = (await page.textContent('atrium-task .atrium-pending'))!;
      expect(overlay).toMatch(new RegExp(`^${words.waiting} `));
      expect(overlay).toContain('吴敏');
      expect(overlay).not.toContain('郭立新');
      await page.close();
    }
  });

  it('computes and words the form: working days, a handover picked from the directory, money, the contract number format, in both languages', async () => {
    const words = {
      'zh-CN': { format: '大写字母、数字和连字符，如 HT-2026-001', started: '流程启动成功' },
      'en-US': {
        format: 'capital letters, digits and hyphens, such as HT-2026-001',
        started: 'Process started',
      },
    } as const;
    for (const language of ['zh-CN', 'en-US'] as const) {
      const { format, started: startedToast } = words[language];
      const page = await pageIn(browser, language);
      // Leave: the days follow the dates, the handover is a person from the directory.
      await open(page, '/agentStartByKey/leave', await apiToken('emp01', staff));
      const form = 'atrium-flow-starter';
      await page.waitForSelector(`${form} [data-field=leaveType] select`);
      await page.selectOption(`${form} [data-field=leaveType] select`, 'annual');
      // Friday 2027-01-08 to Monday 2027-01-11: the weekend between is not counted.
      await page.fill(`${form} [data-field=startDate] input`, '2027-01-08');
      await page.fill(`${form} [data-field=endDate] input`, '2027-01-11');
      expect(await page.inputValue(`${form} [data-field=days] input`)).toBe('2');
      await page.fill(`${form} [data-field=reason] textarea`, `交接 ${language}`);
      const picker = `${form} [data-field=handover]`;
      await page.fill(`${picker} [role=combobox]`, 'sl');
      await page.click(`${picker} [role=option][data-account=hr01]`);
      expect(await page.textContent(`${picker} [data-person=hr01]`)).toContain('孙丽');
      await page.click(`${form} [data-action=submit]`);
      await expect.poll(() => toasts(page)).toContain(startedToast);
      const leaveId = (await newestRequests('emp01'))[0]!.id;
      const started = await call<{ data: { handover: string; days: number } }>(
        await apiToken('emp01', staff),
        'GET',
        `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${leaveId}`,
      );
      expect(started.data).toMatchObject({ handover: staffId('hr01'), days: 2 });
      // The approver reads the person's name, not an id.
      await expect.poll(await shownTo(page, 'lead01', leaveId, 'handover')).toBe('孙丽');

      // Contract: a number not in the expected format is refused with the format in words.
      await open(page, '/agentStartByKey/contract', await apiToken('contract01', staff));
      await page.waitForSelector(`${form} [data-field=title] input`);
      const title = `金额显示 ${language}`;
      await page.fill(`${form} [data-field=title] input`, title);
      await page.fill(`${form} [data-field=counterparty] input`, '某公司');
      await page.fill(`${form} [data-field=amount] input`, '1234567.8');
      await page.fill(`${form} [data-field=signDate] input`, '2026-11-01');
      await page.fill(`${form} [data-field=contractNo] input`, 'ht 2026/1');
      await page.click(`${form} [data-action=submit]`);
      await expect
        .poll(() => page.textContent(`${form} [data-field=contractNo] [data-error]`))
        .toContain(format);
      await page.fill(`${form} [data-field=contractNo] input`, 'HT-2026-001');
      await page.click(`${form} [data-action=submit]`);
      await expect.poll(() => toasts(page)).toContain(startedToast);
      const contractId = (await newestRequests('contract01')).find((row) =>
        row.subject.endsWith(title),
      )!.id;
      // The approver reads the amount as money.
      await expect.poll(await shownTo(page, 'legal01', contractId, 'amount')).toBe('¥1,234,567.80');
      await page.close();
    }
  });

  it("names a countersign's result with its counts, and shows each voter's opinion from the chart, in both languages", async () => {
    const token = await apiToken('contract01', staff);
    const passed = await startFlow('contract01', 'contract', contract('会签通过'));
    await act('legal01', passed, 'agree', '法务无异议');
    await act('fin01', passed, 'agree', '预算内');
    // Operations' voter has an agent: 周涛 votes for 郑强.
    await act('lead02', passed, 'agree', '运营同意');
    const refused = await startFlow('contract01', 'contract', contract('会签未通过'));
    await act('legal01', refused, 'agree', '法务无异议');
    await act('fin01', refused, 'oppose', '超出预算');
    const expected = {
      'zh-CN': {
        tabs: ['审批历史', '流程图'],
        rows: ['部门会签会签结果通过（3/3 同意）', '部门会签会签结果未通过（1/3 同意，1 反对）'],
        opinions: ['郭立新 · 同意：法务无异议', '吴敏 · 反对：超出预算'],
      },
      'en-US': {
        tabs: ['History', 'Flow chart'],
        rows: [
          'Department countersignCountersign resultPassed (3 of 3 agreed)',
          'Department countersignCountersign resultNot passed (1 of 3 agreed, 1 opposed)',
        ],
        opinions: ['郭立新 · Agreed: 法务无异议', '吴敏 · Opposed: 超出预算'],
      },
    } as const;
    for (const language of ['zh-CN', 'en-US'] as const) {
      const { tabs, rows, opinions } = expected[language];
      const page = await pageIn(browser, language);
      const results: string[] = [];
      for (const instId of [passed, refused]) {
        await open(page, `/inst/${instId}`, token);
        await page.click(`atrium-task [role=tab]:has-text("${tabs[0]}")`);
        // The result row: the node, then what it is and how it came out; no one's name.
        const row = 'atrium-task [part=history] > li[data-action=signResult] > span:nth-child(2)';
        results.push((await page.textContent(row))!);
      }
      expect(results).toEqual(rows);
      // Each voter's opinion, from the chart: its shape (or its button under the chart).
      await page.click(`atrium-task [role=tab]:has-text("${tabs[1]}")`);
      await page.waitForSelector('atrium-task [part=diagram][data-state=ready]');
      if (language === 'zh-CN')
        await page.click('atrium-task .djs-element[data-element-id=countersign]');
      else await page.click('atrium-task [part=node-details] [data-node=countersign]');
      const listed = page.locator('atrium-task [part=node-details] [data-selected=countersign] li');
      await expect
        .poll(() =>
          listed.evaluateAll((items) =>
            items.map((item) =>
              item.textContent!.slice(item.querySelector('.when')!.textContent!.length),
            ),
          ),
        )
        .toEqual(opinions);
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
    // The applicant hears of it on the home page, unread and counted, with the way to it.
    const messages = await call<{ rows: { id: string; procInstId: string }[] }>(
      empToken,
      'POST',
      '/bpm-runtime/runtime/message/v1/myList',
      {},
    );
    const id = messages.rows.find((row) => row.procInstId === started.instId)!.id;
    const applicant = await browser.newPage();
    await open(applicant, '/home', empToken);
    await passHomeInterruptions(applicant);
    const message = `atrium-messages [data-message="${id}"]`;
    await applicant.waitForSelector(`${message}[data-read=false]`);
    // The outcome leads the row (its text ends with it, and a row is cut to one line).
    expect(await applicant.textContent(`${message} .title`)).toBe(
      '[已终止]您的申请「黄婷的请假申请（1天）」已被终止：重复申请未读',
    );
    const counter = 'atrium-messages [part=summary]';
    const unread = Number(await applicant.getAttribute(counter, 'data-unread'));
    expect(await applicant.textContent(counter)).toBe(`未读：${unread} 条`);
    await applicant.click(message);
    await applicant.waitForURL(`${baseUrl()}/fvue/inst/${started.instId}`);
    await applicant.waitForSelector('atrium-task [data-subject]');
    expect(await applicant.textContent('atrium-task [data-subject]')).toBe('黄婷的请假申请（1天）');
    await applicant.goBack();
    await expect.poll(() => applicant.getAttribute(message, 'data-read')).toBe('true');
    await expect
      .poll(() => applicant.getAttribute(counter, 'data-unread'))
      .toBe(String(unread - 1));
    const english = await pageIn(browser, 'en-US');
    await open(english, '/home', empToken);
    await passHomeInterruptions(english);
    await english.waitForSelector(message);
    expect(await english.textContent(`${message} .title`)).toBe(
      '[Ended]Your request "Leave request from 黄婷 (1 day)" was ended: 重复申请Read',
    );
  });
});
