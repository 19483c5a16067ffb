import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, baseUrl, tableRows, toasts, useBrowser } from './support';

/**
 * The mail contacts and accounts pages' dialogs (src/ui/EditDialog.tsx): a check that fails
 * before any request and a refusal by the server both stay in the open dialog; a save closes
 * it and the list shows the change; view is read-only; delete asks first.
 */
const host = 'atrium-mail-contacts';
const dialog = `${host} [role=dialog]:has([data-dialog=contact])`;
const alertText = (page: Page) => page.textContent(`${host} [data-dialog=contact] [role=alert]`);
const addresses = async (page: Page) =>
  (await tableRows(page, host)).map((row) => Object.values(row).join(' '));

describe('mail contacts and accounts in the browser', () => {
  const browser = useBrowser();

  it('adds, refuses, edits, shows and deletes a contact', async () => {
    const page = await browser.newPage();
    const token = await apiToken('hr01', 'Staff#2026');
    await page.goto(`${baseUrl()}/fvue/v-mail/linkmanList?token=${token}`);
    await page.waitForSelector(`${host} [data-action=add]`);

    await page.click(`${host} [data-action=add]`);
    await page.click(`${dialog} [data-action=save]`);
    await expect.poll(() => alertText(page)).toBe('请填写邮箱地址');

    // The server's refusal is shown where the user is typing, and nothing is saved.
    await page.fill(`${host} input[name=linkAddress]`, 'not an address');
    await page.click(`${dialog} [data-action=save]`);
    await expect.poll(() => alertText(page)).toBe('邮箱地址格式不正确：not an address');
    expect(await page.isVisible(dialog)).toBe(true);

    await page.fill(`${host} input[name=linkName]`, '韩梅梅');
    await page.fill(`${host} input[name=linkAddress]`, 'meimei.han@example.test');
    await page.click(`${dialog} [data-action=save]`);
    await expect.poll(() => toasts(page)).toContain('保存成功');
    await expect.poll(() => page.isVisible(dialog)).toBe(false);
    await expect.poll(() => addresses(page)).toContainEqual(expect.stringContaining('韩梅梅'));

    const row = `${host} tr:has-text("meimei.han@example.test")`;
    await page.click(`${row} [data-action=edit]`);
    await page.fill(`${host} input[name=linkName]`, '韩梅梅（财务）');
    await page.click(`${dialog} [data-action=save]`);
    await expect
      .poll(() => addresses(page))
      .toContainEqual(expect.stringContaining('韩梅梅（财务）'));

    // Viewing offers no save, and its fields cannot be changed.
    await page.click(`${row} [data-action=view]`);
    await page.waitForSelector(dialog);
    expect(await page.locator(`${dialog} [data-action=save]`).count()).toBe(0);
    expect(await page.isEditable(`${host} input[name=linkAddress]`)).toBe(false);
    await page.click(`${dialog} button:has-text("关闭")`);

    await page.click(`${row} [data-action=delete]`);
    await page.click(`${host} [role=dialog]:has([data-dialog=delete]) [data-action=confirm]`);
    await expect.poll(() => toasts(page)).toContain('删除成功');
    await expect.poll(() => addresses(page)).not.toContainEqual(expect.stringContaining('韩梅梅'));
  });

  it('checks a new mail account before it asks the server, and keeps the dialog open', async () => {
    const page = await browser.newPage();
    const token = await apiToken('hr01', 'Staff#2026');
    await page.goto(`${baseUrl()}/fvue/v-mail/settingList?token=${token}`);
    const settings = 'atrium-mail-settings';
    const form = `${settings} [role=dialog]:has([data-dialog=mail-setting])`;
    await page.click(`${settings} [data-action=add]`);
    await page.click(`${form} [data-action=save]`);
    await expect
      .poll(() => page.textContent(`${settings} [data-dialog=mail-setting] [role=alert]`))
      .toBe('请填写邮箱地址');
    await page.click(`${form} [data-action=test]`);
    await expect
      .poll(() => page.textContent(`${settings} [data-dialog=mail-setting] [role=alert]`))
      .toBe('请填写邮箱地址');
    expect(await page.isVisible(form)).toBe(true);
  });
});
