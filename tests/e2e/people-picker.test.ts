import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, openSameOrigin, useSession } from './bare-page';
import { api, apiToken, baseUrl, pressTask, useBrowser } from './support';

/**
 * The people picker (issue 12, part 5): searching the directory by name and by pinyin
 * initials, picking two people in the carbon-copy dialog of a task and the server recording
 * them; and `atrium-people-picker` as a form control of a plain <form>, in English.
 */
const staff = 'Staff#2026';

interface Person {
  id: string;
  account: string;
}

async function personId(token: string, account: string): Promise<string> {
  const answer = await api<Person>(token, 'POST', '/uc/api/user/v1/user/getByAccount', {
    account,
  });
  return answer.body.id;
}

async function startLeave(token: string, reason: string): Promise<string> {
  const data = Buffer.from(
    JSON.stringify({
      leaveType: 'annual',
      startDate: '2027-02-01',
      endDate: '2027-02-02',
      days: 1.5,
      reason,
    }),
  ).toString('base64');
  const answer = await api<{ state: boolean; instId: string }>(
    token,
    'POST',
    '/bpm-runtime/runtime/instance/v1/start',
    { flowKey: 'leave', data },
  );
  expect(answer.body.state).toBe(true);
  return answer.body.instId;
}

const optionAccounts = (page: Page, scope: string) =>
  page
    .locator(`${scope} [role=option]`)
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-account')));

describe('the people picker', () => {
  const browser = useBrowser();

  it('finds people by name and pinyin initials, and the carbon copy reaches both', async () => {
    const empToken = await apiToken('emp02', staff);
    const instId = await startLeave(empToken, '家中有事');
    const leadToken = await apiToken('lead01', staff);
    const todo = await api<{ rows: { id: string }[] }>(
      leadToken,
      'POST',
      '/bpm-runtime/runtime/task/v1/getTodoList',
      { querys: [{ property: 'procInstId', value: instId, operation: 'EQUAL' }] },
    );
    const taskId = todo.body.rows[0]!.id;

    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/task/${taskId}/0?token=${leadToken}`);
    await pressTask(page, 'copyTo');
    const picker = 'atrium-task [data-dialog=copyTo] [data-people=users]';
    const box = `${picker} input[role=combobox]`;

    // By name.
    await page.fill(box, '马明');
    await expect.poll(() => optionAccounts(page, picker)).toEqual(['mgr01']);
    expect(await page.textContent(`${picker} [role=option]`)).toContain('信息部 · 信息部经理');
    await page.click(`${picker} [role=option][data-account=mgr01]`);
    await page.waitForSelector(`${picker} [data-person=mgr01]`);

    // By pinyin initials (林芳 is lf), picked with the keyboard.
    await page.fill(box, 'lf');
    await expect.poll(() => optionAccounts(page, picker)).toEqual(['mgr02']);
    await page.press(box, 'ArrowDown');
    await page.press(box, 'Enter');
    await page.waitForSelector(`${picker} [data-person=mgr02]`);
    expect(
      await page
        .locator(`${picker} [part=chip]`)
        .evaluateAll((nodes) => nodes.map((node) => node.textContent?.replace('×', ''))),
    ).toEqual(['马明', '林芳']);
    // Esc closes the list, not the dialog.
    await page.press(box, 'Escape');
    await page.waitForSelector(`${picker} [role=listbox]`, { state: 'detached' });
    await page.waitForSelector('atrium-task [data-dialog=copyTo]');

    await page.fill('atrium-task [data-dialog=copyTo] textarea[name=opinion]', '请两位知悉。');
    const sent = page.waitForRequest((request) =>
      request.url().endsWith('/runtime/instance/v1/transToMore'),
    );
    await page.click('atrium-task [data-action=submit-people]');
    const body = (await sent).postDataJSON() as { userIds: string; taskId: string };
    const [mgr01, mgr02] = [await personId(leadToken, 'mgr01'), await personId(leadToken, 'mgr02')];
    expect(body).toMatchObject({ taskId, userIds: `${mgr01},${mgr02}` });

    // The server recorded both: each has the copy in their to-read list.
    for (const account of ['mgr01', 'mgr02']) {
      const token = await apiToken(account, staff);
      await expect
        .poll(async () => {
          const list = await api<{ rows: { procInstId: string }[] }>(
            token,
            'POST',
            '/bpm-runtime/runtime/task/v1/getNoticeTodoReadList',
            { pageBean: { page: 1, pageSize: 50 } },
          );
          return list.body.rows.some((row) => row.procInstId === instId);
        })
        .toBe(true);
    }
  });

  it('is a form control of a plain form, in English', async () => {
    const session = await apiLogin('emp01', staff);
    const page = await browser.newPage({ locale: 'en-US' });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await useSession(page, session);
    await openSameOrigin(
      page,
      '/people-form',
      `<form id="f"><atrium-people-picker name="reviewers" multiple required label="Reviewers"></atrium-people-picker>
        <input name="note" value="n"></form>`,
      ['people-picker'],
    );
    const picker = 'atrium-people-picker';
    const box = `${picker} input[role=combobox]`;
    await page.waitForSelector(box);
    expect(await page.getAttribute(box, 'placeholder')).toBe(
      'Search by name, account, pinyin initials or department',
    );
    expect(await page.textContent(`${picker} [data-action=browse-orgs]`)).toBe(
      'Browse organisations',
    );
    expect(await page.textContent(`${picker} label`)).toContain('Reviewers');
    const formState = () =>
      page.evaluate(() => {
        const form = document.getElementById('f') as HTMLFormElement;
        const element = document.querySelector('atrium-people-picker') as HTMLElement & {
          validity: ValidityState;
          validationMessage: string;
          form: HTMLFormElement | null;
        };
        return {
          data: new FormData(form).get('reviewers'),
          valid: form.checkValidity(),
          valueMissing: element.validity.valueMissing,
          message: element.validationMessage,
          joined: element.form === form,
        };
      });
    expect(await formState()).toEqual({
      data: '',
      valid: false,
      valueMissing: true,
      message: 'Please choose someone',
      joined: true,
    });

    // Browse the org tree: 财务部, then its people.
    await page.click(`${picker} [data-action=browse-orgs]`);
    await page.click(`${picker} [role=treeitem][data-org=finance]`);
    await expect
      .poll(async () => (await optionAccounts(page, picker)).sort())
      .toEqual(['acct01', 'cashier01', 'fin01']);
    await page.click(`${picker} [role=option][data-account=fin01]`);
    await page.waitForSelector(`${picker} [data-person=fin01]`);

    // By full pinyin, picked with Enter.
    await page.click(`${picker} .org-filter button`);
    await page.fill(box, 'qianduo');
    await expect.poll(() => optionAccounts(page, picker)).toEqual(['cashier01']);
    await page.press(box, 'Enter');
    await page.waitForSelector(`${picker} [data-person=cashier01]`);

    const [fin01, cashier01] = [
      await personId(session.token, 'fin01'),
      await personId(session.token, 'cashier01'),
    ];
    expect(await formState()).toMatchObject({
      data: `${fin01},${cashier01}`,
      valid: true,
      valueMissing: false,
    });
    expect(await page.getAttribute(picker, 'value')).toBe(`${fin01},${cashier01}`);

    // Backspace in the empty box takes the last person off.
    await page.fill(box, '');
    await page.press(box, 'Backspace');
    await expect.poll(async () => (await formState()).data).toBe(fin01);

    // A value set by the page shows who it names; a reset restores the first value.
    const gm01 = await personId(session.token, 'gm01');
    await page.evaluate((id) => {
      (document.querySelector('atrium-people-picker') as HTMLElement & { value: string }).value =
        id;
    }, gm01);
    await page.waitForSelector(`${picker} [data-person=gm01]`);
    expect(await page.textContent(`${picker} [data-person=gm01]`)).toContain('赵国强');
    await page.evaluate(() => (document.getElementById('f') as HTMLFormElement).reset());
    await expect.poll(async () => (await formState()).data).toBe('');
    expect((await formState()).valid).toBe(false);
  });

  it('is a control as native ones are: labels, fieldset, custom validity, states, restore', async () => {
    const session = await apiLogin('emp01', staff);
    const gm01 = await personId(session.token, 'gm01');
    const page = await browser.newPage();
    await useSession(page, session);
    await openSameOrigin(
      page,
      '/people-native',
      `<form id="g" onsubmit="event.preventDefault()"><label for="p">负责人</label>
        <fieldset id="fs"><atrium-people-picker id="p" name="owner" required></atrium-people-picker></fieldset>
        </form><a id="away" href="/fvue/login">away</a>`,
      ['people-picker'],
    );
    const box = 'atrium-people-picker input[role=combobox]';
    await page.waitForSelector(box);
    type Picker = HTMLElement & {
      value: string;
      labels: NodeList;
      validationMessage: string;
      setCustomValidity(message: string): void;
    };
    const look = () =>
      page.evaluate(() => {
        const picker = document.getElementById('p') as Picker;
        const form = document.getElementById('g') as HTMLFormElement;
        const states = ['invalid', 'user-invalid', 'disabled'];
        return {
          labels: [...picker.labels].map((label) => label.textContent),
          states: states.filter((state) => picker.matches(`:state(${state})`)),
          sent: new FormData(form).get('owner'),
          valid: form.checkValidity(),
          message: picker.validationMessage,
        };
      });
    expect(await look()).toMatchObject({ labels: ['负责人'], states: ['invalid'], sent: '' });

    // A refused send marks it user-invalid, as :user-invalid does a native field.
    await page.evaluate(() => (document.getElementById('g') as HTMLFormElement).requestSubmit());
    expect((await look()).states).toEqual(['invalid', 'user-invalid']);

    // The page's own reason joins the element's, and clearing it leaves the element's.
    await page.evaluate((id) => ((document.getElementById('p') as Picker).value = id), gm01);
    await page.waitForSelector('atrium-people-picker [data-person=gm01]');
    expect(await look()).toMatchObject({ states: [], sent: gm01, valid: true });
    await page.evaluate(() => (document.getElementById('p') as Picker).setCustomValidity('已离职'));
    // Interacted with (the refused send), it is user-invalid whenever invalid, as natives are.
    expect(await look()).toMatchObject({
      valid: false,
      message: '已离职',
      states: ['invalid', 'user-invalid'],
    });
    await page.evaluate(() => (document.getElementById('p') as Picker).setCustomValidity(''));
    expect(await look()).toMatchObject({ valid: true, message: '' });

    // A disabled fieldset disables it: not sent, nothing to press, :state(disabled).
    const actions = page.locator('atrium-people-picker button');
    const setFieldset = (disabled: boolean) =>
      page.evaluate(
        (value) => ((document.getElementById('fs') as HTMLFieldSetElement).disabled = value),
        disabled,
      );
    expect(await actions.count()).toBe(3);
    await setFieldset(true);
    await expect.poll(() => actions.count()).toBe(0);
    expect(await look()).toMatchObject({ states: ['disabled'], sent: null });
    await setFieldset(false);
    await expect.poll(() => actions.count()).toBe(3);
    expect(await look()).toMatchObject({ states: [], sent: gm01 });

    // Leaving the page and coming back gives the value back, as the browser does a field's.
    await page.click('#away');
    await page.waitForURL(/\/fvue\/login/);
    await page.goBack();
    await page.waitForSelector('atrium-people-picker [data-person=gm01]');
    expect((await look()).sent).toBe(gm01);
  });

  it('shows roles, posts, orgs and address in the personal info dialog (issue 12, part 6)', async () => {
    const token = await apiToken('mgr01', staff);
    const page = await browser.newPage();
    // A page without the home pop-ups in front of the top bar.
    await page.goto(`${baseUrl()}/fvue/v-personal/secretary?token=${token}`);
    await page.click('atrium-top-bar [data-action=user-menu]');
    await page.click('atrium-top-bar [data-action=personal-info]');
    const info = 'atrium-top-bar [data-dialog=personal-info]';
    await page.waitForSelector(`${info} [data-field=posts]`);
    expect(await page.textContent(`${info} [data-field=roles]`)).toBe('员工、部门经理');
    expect(await page.textContent(`${info} [data-field=orgs]`)).toBe('海雅商业集团/信息部');
    expect(await page.textContent(`${info} [data-field=posts]`)).toContain(
      '海雅商业集团/信息部/信息部经理',
    );
    expect(await page.textContent(`${info} [data-field=address]`)).toBe(
      '深圳市宝安区建安一路99号 海雅商业集团总部',
    );
  });
});
