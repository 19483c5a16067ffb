import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, openSameOrigin, useSession } from './bare-page';
import { api, baseUrl, useBrowser } from './support';

/**
 * atrium-custom-dialog (issue 17; docs/forms.md "Custom dialogs"): two contracts picked
 * from two pages of a paged, searchable dialog reach a plain form's submission, in English;
 * and a tree dialog on a phone, driven by the keyboard, in Chinese.
 */
interface Row {
  contractNo: string;
  merchantName: string;
}

const formPage = `<form id="f" method="post" action="/e2e-bare/submitted">
  <atrium-custom-dialog alias="merchantContracts" name="contracts" required label="Contracts"></atrium-custom-dialog>
  <input type="hidden" name="note" value="n"><button type="submit" id="send">Send</button></form>`;

const formState = (page: Page) =>
  page.evaluate(() => {
    const form = document.getElementById('f') as HTMLFormElement;
    const element = document.querySelector('atrium-custom-dialog') as HTMLElement & {
      validity: ValidityState;
      validationMessage: string;
    };
    return {
      data: new FormData(form).get('contracts'),
      valid: form.checkValidity(),
      message: element.validationMessage,
    };
  });

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** Serious and critical axe violations on the page, open shadow roots included. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page, axeSource })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}

describe('the custom dialog element', () => {
  const browser = useBrowser();

  it('picks two contracts from two pages and the form submission carries them, in English', async () => {
    const session = await apiLogin('admin', 'Atrium#2026');
    const pageOf = async (page: number) =>
      (
        await api<{ rows: Row[]; total: number }>(
          session.token,
          'POST',
          '/form/form/customDialog/v1/getListData?alias=merchantContracts',
          { pageBean: { page, pageSize: 20 } },
        )
      ).body;
    const [first, second] = [await pageOf(1), await pageOf(2)];
    // The dialog shows 20 rows a page (spec/workflow-office.md section 9).
    expect(first.total).toBeGreaterThan(20);
    const picks = [first.rows[1]!, second.rows[0]!];

    const page = await browser.newPage({ locale: 'en-US', bypassCSP: true });
    await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await useSession(page, session);
    let submitted = '';
    await page.route(`${baseUrl()}/e2e-bare/submitted`, async (route) => {
      submitted = route.request().postData() ?? '';
      await route.fulfill({ contentType: 'text/plain', body: 'ok' });
    });
    await openSameOrigin(page, '/custom-dialog-form', formPage, ['custom-dialog'], 'en-US');
    const element = 'atrium-custom-dialog';
    const open = `${element} [data-action=open-dialog]`;
    await page.waitForSelector(`${open}:not([disabled])`);
    expect(await page.textContent(open)).toBe('Choose');
    expect(await page.textContent(`${element} .placeholder`)).toBe('Please choose');
    expect(await formState(page)).toEqual({ data: '', valid: false, message: 'Please choose' });
    await page.evaluate(() => {
      document.addEventListener('atrium-select', (event) => {
        (window as unknown as { picked: unknown }).picked = (event as CustomEvent).detail;
      });
    });

    await page.click(open);
    const dialog = `${element} [role=dialog]`;
    await page.waitForSelector(`${dialog} tbody tr`);
    const column = (name: string) =>
      page
        .locator(`${dialog} tbody td[data-column=${name}]`)
        .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
    const indexes = () =>
      page
        .locator(`${dialog} tbody td[data-index]`)
        .evaluateAll((cells) => cells.map((cell) => Number(cell.textContent)));
    // 20 rows a page under an index column that numbers them across pages.
    expect(await page.textContent(`${dialog} thead th.index`)).toBe('No.');
    expect(await indexes()).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await page.textContent(`${dialog} [id]`)).toBe('Merchant contracts');
    expect(
      await page
        .locator(`${dialog} thead button`)
        .evaluateAll((nodes) => nodes.map((n) => n.textContent)),
    ).toEqual(['Contract', 'Merchant', 'Store', 'Shop', 'Ends on']);
    expect(await page.textContent(`${dialog} [data-action=search]`)).toBe('Search');
    expect(await page.textContent(`${dialog} [data-action=confirm]`)).toBe('OK');
    expect(await page.textContent(`${dialog} [data-action=cancel]`)).toBe('Cancel');
    expect(await page.textContent(`${dialog} .chosen-bar`)).toContain('Nothing chosen yet');
    expect(await violations(page)).toEqual([]);

    // The first pick on page 1, by clicking its row.
    await page.click(`${dialog} tr[data-value="${picks[0]!.contractNo}"]`);
    expect(await page.textContent(`${dialog} .chosen-bar`)).toContain('1 chosen');
    // The second on page 2, with the keyboard (Space on its checkbox).
    await page.click(`${dialog} [data-action=next-page]`);
    const box = `${dialog} tr[data-value="${picks[1]!.contractNo}"] input`;
    await page.waitForSelector(box);
    expect((await indexes())[0]).toBe(21);
    await page.focus(box);
    await page.keyboard.press('Space');
    expect(await page.textContent(`${dialog} .chosen-bar`)).toContain('2 chosen');

    // A search narrows the rows and keeps the draft.
    const merchant = picks[0]!.merchantName;
    await page.fill(`${dialog} input[name=merchantName]`, merchant.slice(0, 4));
    await page.click(`${dialog} [data-action=search]`);
    await expect
      .poll(() =>
        page
          .locator(`${dialog} tbody tr td[data-column=merchantName]`)
          .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? '')),
      )
      .toSatisfy(
        (names: string[]) =>
          names.length > 0 && names.every((name) => name.includes(merchant.slice(0, 4))),
      );
    expect(await page.textContent(`${dialog} .chosen-bar`)).toContain('2 chosen');

    await page.click(`${dialog} [data-action=confirm]`);
    await page.waitForSelector(dialog, { state: 'detached' });
    const value = picks.map((pick) => pick.contractNo).join(',');
    expect(await page.getAttribute(element, 'value')).toBe(value);
    expect(
      await page
        .locator(`${element} [part=chip]`)
        .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-value'))),
    ).toEqual(picks.map((pick) => pick.contractNo));
    expect(await formState(page)).toEqual({ data: value, valid: true, message: '' });
    const picked = (await page.evaluate(
      () => (window as unknown as { picked: unknown }).picked,
    )) as {
      value: string;
      rows: Row[];
    };
    expect(picked.value).toBe(value);
    expect(picked.rows.map((row) => row.merchantName)).toEqual(
      picks.map((pick) => pick.merchantName),
    );

    // The column sorts every page on the server, each way in turn: the dialog shows the
    // server's first page in that order (not the current page re-sorted in the browser).
    const serverFirstPage = async (direction: 'ASC' | 'DESC') =>
      (
        await api<{ rows: Row[] }>(
          session.token,
          'POST',
          '/form/form/customDialog/v1/getListData?alias=merchantContracts',
          { pageBean: { page: 1, pageSize: 20 }, sorter: [{ property: 'contractNo', direction }] },
        )
      ).body.rows.map((row) => row.contractNo);
    const [ascending, descending] = [await serverFirstPage('ASC'), await serverFirstPage('DESC')];
    expect(ascending).toEqual([...ascending].sort());
    expect(descending).toEqual([...descending].sort().reverse());
    expect(descending).not.toContain(ascending[0]);
    await page.click(open);
    await page.waitForSelector(`${dialog} tbody tr`);
    const header = `${dialog} th:has(button[data-sort=contractNo])`;
    await page.click(`${header} button`);
    await expect.poll(() => page.getAttribute(header, 'aria-sort')).toBe('ascending');
    await expect.poll(() => column('contractNo')).toEqual(ascending);
    await page.click(`${header} button`);
    await expect.poll(() => page.getAttribute(header, 'aria-sort')).toBe('descending');
    await expect.poll(() => column('contractNo')).toEqual(descending);
    expect((await indexes())[0]).toBe(1);
    await page.click(`${dialog} [data-action=cancel]`);
    await page.waitForSelector(dialog, { state: 'detached' });
    expect(await page.getAttribute(element, 'value')).toBe(value);

    await page.click('#send');
    await expect.poll(() => submitted).not.toBe('');
    expect(new URLSearchParams(submitted).get('contracts')).toBe(value);
    expect(new URLSearchParams(submitted).get('note')).toBe('n');
  });

  it('picks a floor from the store tree on a phone with the keyboard, and 取消 keeps the old choice', async () => {
    const session = await apiLogin('emp01', 'Staff#2026');
    const page = await browser.newPage({ phone: { width: 360, height: 740 }, bypassCSP: true });
    await useSession(page, session);
    await openSameOrigin(
      page,
      '/custom-dialog-tree',
      // A phone page declares its viewport, as the host portal does.
      `<meta name="viewport" content="width=device-width, initial-scale=1"><form id="t"><atrium-custom-dialog alias="storeFloors" name="floor" label="楼层"></atrium-custom-dialog></form>`,
      ['custom-dialog'],
    );
    const element = 'atrium-custom-dialog';
    const open = `${element} [data-action=open-dialog]`;
    await page.waitForSelector(`${open}:not([disabled])`);
    expect(await page.textContent(open)).toBe('选择');
    await page.focus(open);
    await page.keyboard.press('Enter');
    const dialog = `${element} [role=dialog]`;
    await page.waitForSelector(`${dialog} [data-node=S01]`);
    // Full screen on a phone, nothing wider than the screen.
    const box = await page.locator(dialog).boundingBox();
    expect(box?.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    const twist = `${dialog} [data-node=S01] > .node .twist`;
    await page.focus(twist);
    await page.keyboard.press('Enter');
    expect(await page.getAttribute(twist, 'aria-expanded')).toBe('true');
    const floor = `${dialog} [data-node="S01/L1"] input`;
    await page.focus(floor);
    await page.keyboard.press('Space');
    expect(await page.textContent(`${dialog} .chosen-bar`)).toContain('已选 1 项');
    expect(await violations(page)).toEqual([]);
    await page.focus(`${dialog} [data-action=confirm]`);
    await page.keyboard.press('Enter');
    await page.waitForSelector(dialog, { state: 'detached' });
    expect(await page.getAttribute(element, 'value')).toBe('S01/L1');
    expect(await page.textContent(`${element} [part=chip]`)).toContain('L1');

    // A search opens the path to each match; Esc drops the new choice.
    await page.click(open);
    await page.fill(`${dialog} input[name=name]`, 'L5');
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${dialog} [data-node="S02/L5"]`);
    await page.check(`${dialog} [data-node="S02/L5"] input`);
    await page.keyboard.press('Escape');
    await page.waitForSelector(dialog, { state: 'detached' });
    expect(await page.getAttribute(element, 'value')).toBe('S01/L1');
  });
});
