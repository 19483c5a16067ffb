import { describe, expect, it } from 'vitest';
import {
  apiToken,
  baseUrl,
  call,
  open,
  passwordOf,
  pickPeople,
  tableRows,
  toasts,
  useBrowser,
} from './support';
import { staffId } from '../../server/db/seed/workflow/people';

/** Personal workflow settings: approval phrases, delegation rules, secretaries, deputies. */
const staff = 'Staff#2026';

const dialog = (name: string) => `[role=dialog]:has([data-dialog=${name}])`;

describe('personal workflow settings', () => {
  const browser = useBrowser();

  it('adds, edits and deletes an approval phrase, offered first among the flow phrases', async () => {
    const page = await browser.newPage();
    await open(page, '/v-personal/approvalItem', await apiToken('emp01', staff));
    await page.click('atrium-approval-phrases [data-action=add]');
    await page.click(`atrium-approval-phrases ${dialog('phrase')} [data-action=save]`);
    await expect
      .poll(() => page.textContent('atrium-approval-phrases [data-dialog=phrase] [role=alert]'))
      .toBe('请填写常用语内容');
    await page.fill('atrium-approval-phrases textarea[name=expression]', '已核实，同意。');
    await page.fill('atrium-approval-phrases input[name=sn]', '-1');
    await page.click(`atrium-approval-phrases ${dialog('phrase')} [data-action=save]`);
    await expect
      .poll(() => page.textContent('atrium-approval-phrases [data-dialog=phrase] [role=alert]'))
      .toBe('排序须为非负整数');
    await page.fill('atrium-approval-phrases input[name=sn]', '5');
    await page.click(`atrium-approval-phrases ${dialog('phrase')} [data-action=save]`);
    await expect.poll(() => toasts(page)).toContain('保存成功');
    const mine = 'atrium-approval-phrases tr:has-text("已核实，同意。")';
    await expect.poll(() => page.textContent(`${mine} [data-column=type]`)).toBe('个人');

    await page.click(`${mine} [data-action=edit]`);
    await page.fill('atrium-approval-phrases textarea[name=expression]', '已核实，请继续办理。');
    // Tied to one flow, the list names the flow, not its key.
    await page.selectOption('atrium-approval-phrases select[name=defKey]', 'leave');
    await page.click(`atrium-approval-phrases ${dialog('phrase')} [data-action=save]`);
    await expect
      .poll(async () =>
        (await tableRows(page, 'atrium-approval-phrases')).map((row) => row.expression),
      )
      .toContain('已核实，请继续办理。');
    const edited = 'atrium-approval-phrases tr:has-text("已核实，请继续办理。")';
    expect(await page.textContent(`${edited} [data-column=defKey]`)).toBe('请假申请');

    // The user's own phrases come first in the opinion box of a task.
    const phrases = await (
      await fetch(
        `${baseUrl()}/bpm-model/flow/approvalItem/v1/getApprovalByDefKeyAndTypeId?defKey=leave`,
        { headers: { Authorization: `Bearer ${await apiToken('emp01', staff)}` } },
      )
    ).json();
    expect(phrases[0]).toBe('已核实，请继续办理。');

    await page.click(
      'atrium-approval-phrases tr:has-text("已核实，请继续办理。") [data-action=delete]',
    );
    await page.click(`atrium-approval-phrases ${dialog('delete')} [data-action=confirm]`);
    await expect.poll(() => toasts(page)).toContain('删除成功');
    await expect
      .poll(async () =>
        (await tableRows(page, 'atrium-approval-phrases')).map((row) => row.expression),
      )
      .not.toContain('已核实，请继续办理。');

    // A system phrase is the administrators': its row offers a look, read-only, saying why.
    const system = page.locator('atrium-approval-phrases tr:has-text("系统")').first();
    expect(await system.locator('[data-action=edit], [data-action=delete]').count()).toBe(0);
    await system.locator('[data-action=view]').click();
    const view = `atrium-approval-phrases ${dialog('phrase')}`;
    expect(await page.textContent(`${view} [data-hint=system]`)).toContain('由管理员维护');
    expect(await page.locator(`${view} textarea[name=expression]`).isDisabled()).toBe(true);
    expect(await page.locator(`${view} [data-action=save]`).count()).toBe(0);
  });

  it('keeps delegation rules: checked periods, the server refusing an overlap, deletion', async () => {
    const page = await browser.newPage();
    await open(page, '/v-personal/agent', await apiToken('emp02', staff));
    const save = `atrium-agent-settings ${dialog('agent')} [data-action=save]`;
    const alert = 'atrium-agent-settings [data-dialog=agent] [role=alert]';
    const addRule = async (start: string, end: string) => {
      await page.click('atrium-agent-settings [data-action=add]');
      await pickPeople(page, 'atrium-agent-settings [data-people=agentId]', ['lead02']);
      await page.fill('atrium-agent-settings input[name=startDate]', start);
      await page.fill('atrium-agent-settings input[name=endDate]', end);
      await page.selectOption('atrium-agent-settings select[name=type]', '2');
      await page.check('atrium-agent-settings [data-flows] input[value=expense]');
      await page.click(save);
    };
    await addRule('2027-03-10T09:00', '2027-03-01T09:00');
    await expect.poll(() => page.textContent(alert)).toBe('结束时间须晚于开始时间');
    await page.fill('atrium-agent-settings input[name=endDate]', '2027-03-20T18:00');
    await page.click(save);
    await expect.poll(() => toasts(page)).toContain('保存成功');
    const row = 'atrium-agent-settings tr:has-text("2027-03-10 09:00")';
    await expect.poll(() => page.textContent(`${row} [data-column=agentName]`)).toBe('周涛');
    expect(await page.textContent(`${row} [data-column=type]`)).toBe('费用报销');

    // An enabled rule overlapping it is refused by the server, with its reason in the dialog.
    await addRule('2027-03-15T09:00', '2027-03-25T18:00');
    await expect.poll(() => page.textContent(alert)).toBe('与已有的委托设置时间重叠');
    await page.click(`atrium-agent-settings ${dialog('agent')} button:has-text("取消")`);

    await page.click(`${row} [data-action=delete]`);
    await page.click(`atrium-agent-settings ${dialog('delete')} [data-action=confirm]`);
    await expect.poll(() => toasts(page)).toContain('删除成功');
    await page.waitForSelector(row, { state: 'detached' });
  });

  it('picks a secretary and a deputy from the directory, and lists the leaders one serves', async () => {
    const page = await browser.newPage();
    await open(page, '/v-personal/secretary', await apiToken('lead01', staff));
    await page.click('atrium-agent-settings [data-action=add]');
    await page.click(`atrium-agent-settings ${dialog('secretary')} [data-action=save]`);
    await expect
      .poll(() => page.textContent('atrium-agent-settings [data-dialog=secretary] [role=alert]'))
      .toBe('请填写人员');
    // Found by pinyin initials (孙丽, sl), picked with the keyboard.
    await page.fill('atrium-agent-settings [data-people=secretaryId] input[role=combobox]', 'sl');
    await page.waitForSelector('atrium-agent-settings [role=option][data-account=hr01]');
    await page.press(
      'atrium-agent-settings [data-people=secretaryId] input[role=combobox]',
      'Enter',
    );
    await page.waitForSelector(
      'atrium-agent-settings [data-people=secretaryId] [data-person=hr01]',
    );
    await page.click(`atrium-agent-settings ${dialog('secretary')} [data-action=save]`);
    await expect.poll(() => toasts(page)).toContain('保存成功');
    await expect
      .poll(async () =>
        (await tableRows(page, 'atrium-agent-settings')).map((row) => row.secretaryName),
      )
      .toContain('孙丽');

    // The secretary now sees the leader they serve.
    const secretary = await browser.newPage();
    await open(secretary, '/v-personal/secretary', await apiToken('hr01', staff));
    await expect
      .poll(() => secretary.textContent('atrium-agent-settings [data-served]'))
      .toContain('陈伟');

    // Each setting is its own page, reached from its own menu entry.
    await page.click('atrium-menu-container [data-alias=bpmDeputy]');
    await page.waitForURL(`${baseUrl()}/fvue/v-personal/bpmDeputy`);
    await expect.poll(() => page.textContent('atrium-agent-settings h2')).toBe('流程委托');
    expect(await page.locator('atrium-agent-settings [role=tab]').count()).toBe(0);
    await page.click('atrium-agent-settings [data-action=add]');
    await pickPeople(page, 'atrium-agent-settings [data-people=agentId]', ['lead02']);
    await page.click(`atrium-agent-settings ${dialog('deputy')} [data-action=save]`);
    await expect.poll(() => toasts(page)).toContain('保存成功');
    await expect
      .poll(async () =>
        (await tableRows(page, 'atrium-agent-settings')).map((row) => row.agentName),
      )
      .toContain('周涛');
  });

  it('opens 代理设置 and 秘书设置 from their own menu entries as two pages, in both languages', async () => {
    const token = await apiToken('lead02', staff);
    const expected = {
      'zh-CN': {
        agent: ['代理设置', ['代理人', '委托范围', '开始时间', '结束时间', '状态', '备注', '操作']],
        secretary: ['秘书设置', ['秘书', '流程', '操作']],
      },
      'en-US': {
        agent: ['Agents', ['Agent', 'Scope', 'From', 'Until', 'Status', 'Note', 'Actions']],
        secretary: ['Secretaries', ['Secretary', 'Flows', 'Actions']],
      },
    } as const;
    for (const language of ['zh-CN', 'en-US'] as const) {
      const page = await browser.newPage({ locale: language });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await open(page, '/v-personal/approvalItem', token);
      for (const kind of ['agent', 'secretary'] as const) {
        const [title, columns] = expected[language][kind];
        await page.click(`atrium-menu-container [data-alias=${kind}]`);
        await page.waitForURL(`${baseUrl()}/fvue/v-personal/${kind}`);
        await expect.poll(() => page.textContent('atrium-agent-settings h2')).toBe(title);
        // What the page lists: its own columns, not the other page's.
        await expect
          .poll(async () =>
            (await page.locator('atrium-agent-settings thead th').allTextContents()).map(
              // Less the sort mark of a sortable column.
              (text) => text.replace(/[⇅↑↓]/g, '').trim(),
            ),
          )
          .toEqual(columns);
        expect(await page.locator('atrium-agent-settings [role=tab]').count()).toBe(0);
      }
      await page.close();
    }
  });

  it('on a phone, a short list is as tall as its cards and a long one reaches the bottom', async () => {
    const token = await apiToken('mgr02', staff);
    const phone = await browser.newPage({ phone: { width: 360, height: 740 } });
    const box = async (host: string) => {
      const list = `${host} [data-layout=cards] .scroller`;
      await phone.waitForSelector(`${list} li[data-row]`);
      return phone.$eval(list, (node) => {
        const { top, bottom } = node.getBoundingClientRect();
        return { top, bottom, content: node.scrollHeight, height: bottom - top };
      });
    };
    // The approval phrases (the system's and the user's) outnumber a screen.
    await open(phone, '/v-personal/approvalItem', token);
    const long = await box('atrium-approval-phrases');
    expect(long.content).toBeGreaterThan(long.height);
    // It ends at the foot of the screen: not above it (half the screen empty), not below it
    // (a scroller inside a page that scrolls too).
    expect(long.bottom).toBeGreaterThan(740 - 40);
    expect(long.bottom).toBeLessThanOrEqual(740);

    // Delegation rules: three cards outnumber a screen and end at its foot too.
    for (const month of ['05', '06', '07'])
      await call(token, 'POST', '/bpm-model/flow/agent/v1/save', {
        agentId: staffId('lead02'),
        startDate: `2028-${month}-01 09:00:00`,
        endDate: `2028-${month}-03 18:00:00`,
        type: 1,
      });
    await open(phone, '/v-personal/agent', token);
    const agents = await box('atrium-agent-settings');
    expect(agents.content).toBeGreaterThan(agents.height);
    expect(agents.bottom).toBeGreaterThan(740 - 40);
    expect(agents.bottom).toBeLessThanOrEqual(740);

    // One deputy: one card, and nothing empty under it.
    await call(token, 'POST', '/bpm-model/bpmModel/bpmDeputy/v1/save', {
      agentId: staffId('lead02'),
    });
    await open(phone, '/v-personal/bpmDeputy', token);
    const short = await box('atrium-agent-settings');
    expect(short.height).toBe(short.content);
  });

  it('on a phone, scrolls a long list of cards of many heights to its end and back without a jump', async () => {
    // Sixty phrases of one to three lines: the cards are measured, not cut to one height.
    const token = await apiToken('cashier01', passwordOf('cashier01'));
    const line = '请财务部门核对本月收款凭证与银行流水，确认无误后再行付款。';
    for (let index = 0; index < 60; index++)
      await call(token, 'POST', '/bpm-model/flow/approvalItem/v1/save', {
        expression: `${index + 1}. ${line.repeat(index % 3 === 0 ? 1 : index % 3 === 1 ? 2 : 4)}`,
      });
    const phone = await browser.newPage({ phone: { width: 360, height: 740 } });
    await open(phone, '/v-personal/approvalItem', token);
    const host = phone.locator('atrium-approval-phrases');
    const list = host.locator('[data-layout=cards] .scroller');
    await list.locator('li[data-row]').first().waitFor();
    const count = Number(await host.locator('[data-layout=cards]').getAttribute('data-rows'));
    expect(count).toBeGreaterThanOrEqual(60);
    const drawn = () =>
      list.evaluate((scroller) => {
        const box = scroller.getBoundingClientRect();
        const cards = [...scroller.querySelectorAll<HTMLElement>('li[data-row]')].map((card) => {
          const { top, bottom } = card.getBoundingClientRect();
          return {
            index: Number(card.dataset.row),
            top,
            bottom,
            cut: card.scrollHeight > card.clientHeight,
          };
        });
        return { top: box.top, bottom: box.bottom, scrollTop: scroller.scrollTop, cards };
      });
    const frame = () => phone.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    // Cards follow one another 8 px apart, none cut, and fill the list's box.
    const checkLaidOut = (view: Awaited<ReturnType<typeof drawn>>) => {
      for (const [at, card] of view.cards.entries()) {
        expect(card.cut, `card ${card.index}`).toBe(false);
        const next = view.cards[at + 1];
        if (next) {
          expect(next.index).toBe(card.index + 1);
          expect(Math.abs(next.top - card.bottom - 8)).toBeLessThanOrEqual(1);
        }
      }
      expect(view.cards[0]!.top).toBeLessThanOrEqual(view.top + 1);
      expect(view.cards.at(-1)!.bottom).toBeGreaterThanOrEqual(view.bottom - 9);
    };
    // Straight to the end, past cards never drawn (measured as they come, so the end moves
    // as they do, and the reader drags again): the last card is there, whole.
    await expect
      .poll(async () => {
        await list.evaluate((scroller) => (scroller.scrollTop = scroller.scrollHeight));
        await frame();
        const view = await drawn();
        const last = view.cards.find((card) => card.index === count - 1);
        return last !== undefined && last.bottom <= view.bottom + 1;
      })
      .toBe(true);
    // Back up a thumb's swipe at a time: the card in view moves by the swipe, never more,
    // while the cards above it are drawn and measured.
    let view = await drawn();
    checkLaidOut(view);
    while (view.scrollTop > 0) {
      const anchor = view.cards.find((card) => card.top >= view.top)!;
      const swipe = Math.min(150, view.scrollTop);
      await list.evaluate((scroller, by) => (scroller.scrollTop -= by), swipe);
      await frame();
      await frame();
      view = await drawn();
      const moved = view.cards.find((card) => card.index === anchor.index)!;
      expect(Math.abs(moved.top - anchor.top - swipe), `card ${anchor.index}`).toBeLessThanOrEqual(
        1,
      );
      checkLaidOut(view);
    }
    expect(view.cards[0]!.index).toBe(0);
    await phone.close();
  });
});
