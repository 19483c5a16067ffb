import { describe, expect, it } from 'vitest';
import { openAs, toasts, useBrowser } from './support';

/**
 * A flow over an online form in the browser (issue 17): store01 starts the fitting-out
 * approval on the fitOut form (rules and formulas of the form, a sub-table), operations
 * changes what its node may change at /formManage, reads it at /previewInstForm, and
 * approves it from the task page, which shows the same form.
 */
describe('flows over online forms in the browser', () => {
  const browser = useBrowser();

  it('starts on the form, edits at /formManage, previews, and approves from the task', async () => {
    const page = await browser.newPage();
    const starter = 'atrium-flow-starter';
    const field = (name: string) => `${starter} [name="${name}"]`;
    await openAs(page, '/agentStartByKey/fitOut', 'store01');
    await page.waitForSelector(`${starter} [data-form=fitOut]`);
    await page.selectOption(field('store'), 'S03');
    await page.fill(field('shopNo'), 'L2-21');
    await page.fill(field('brand'), '流程品牌E2E');
    await page.fill(field('contact'), '钱进');
    await page.fill(field('phone'), '12345'); // not a phone number
    await page.fill(field('startDate'), '2026-12-01');
    await page.fill(field('endDate'), '2026-12-05');
    await page.fill(field('budget'), '620000');
    await page.click(`${starter} [data-action=add-row]`);
    await page.selectOption(`${starter} [data-sub-row="0"] [name=kind]`, 'decoration');
    await page.fill(`${starter} [data-sub-row="0"] [name=content]`, '吊顶');
    await page.fill(`${starter} [data-sub-row="0"] [name=cost]`, '5000');
    await expect.poll(() => page.inputValue(field('budgetCapitals'))).toBe('陆拾贰万元整');
    await expect.poll(() => page.inputValue(field('days'))).toBe('5');
    await page.click(`${starter} [data-action=submit]`);
    await expect
      .poll(() => page.locator(`${starter} [data-error]`).allTextContents())
      .toEqual([expect.stringMatching(/手机号码/)]);
    await page.fill(field('phone'), '13600136000');
    const started = page.waitForResponse((response) =>
      response.url().includes('/runtime/instance/v1/start'),
    );
    await page.click(`${starter} [data-action=submit]`);
    const { instId } = (await (await started).json()) as { instId: string };
    expect(instId).toBeTruthy();

    // Operations may change the works and the description at /formManage, not the budget.
    const manage = 'atrium-task [data-instance-form]';
    await openAs(page, `/formManage/${instId}/edit`, 'ops01');
    await page.waitForSelector(`${manage}[data-editable=true]`);
    expect(await page.locator(`${manage} [name=budget]`).getAttribute('readonly')).not.toBeNull();
    await page.fill(`${manage} [name=description]`, '运营意见：夜间施工');
    await page.fill(`${manage} [data-sub-row="0"] [name=cost]`, '7000');
    await expect.poll(() => page.inputValue(`${manage} [name=worksTotal]`)).toBe('7000');
    await page.click(`${manage} [data-action=save]`);
    await expect.poll(() => toasts(page)).toContain('保存成功');

    // The preview shows the saved form to a reader, read only.
    await openAs(page, `/previewInstForm/0/${instId}`, 'ops01');
    const preview = 'atrium-task [data-instance-form][data-editable=false]';
    await page.waitForSelector(`${preview} [data-form=fitOut]`);
    await expect
      .poll(() => page.inputValue(`${preview} [name=description]`))
      .toBe('运营意见：夜间施工');
    expect(await page.locator(`${preview} [data-action=save]`).count()).toBe(0);

    // From /formManage to the task: the same form, with the ways back to the form's pages
    // (编辑表单 for the holder whose node may change fields), and agreeing moves the flow on.
    await openAs(page, `/formManage/${instId}/edit`, 'ops01');
    await page.click(`${manage} [data-action=open-task]`);
    await page.waitForSelector('atrium-task [data-task] [data-form=fitOut]');
    expect(await page.inputValue('atrium-task [data-task] [name=worksTotal]')).toBe('7000');
    const taskPath = new URL(page.url()).pathname.replace(/^\/fvue/, '');
    expect(await page.textContent('atrium-task [data-task] [data-action=edit-form]')).toBe(
      '编辑表单',
    );
    await page.click('atrium-task [data-task] [data-action=edit-form]');
    await page.waitForURL(new RegExp(`/fvue/formManage/${instId}/edit`));
    await page.waitForSelector(`${manage}[data-editable=true]`);
    await openAs(page, taskPath, 'ops01');
    await page.waitForSelector('atrium-task [data-task] [data-form=fitOut]');
    const done = page.waitForResponse((response) =>
      response.url().includes('/runtime/task/v1/complete'),
    );
    await page.fill('atrium-task textarea[name=opinion]', '同意装修');
    await page.click('atrium-task [data-alias=agree]');
    expect((await (await done).json()) as { state: boolean }).toMatchObject({ state: true });

    // The applicant's instance page offers 查看表单, the form alone and read only; the
    // handled task no longer offers 编辑表单.
    await openAs(page, `/inst/${instId}`, 'store01');
    await page.click('atrium-task [data-action=view-form]');
    await page.waitForURL(new RegExp(`/fvue/previewInstForm/[^/]+/${instId}$`));
    await page.waitForSelector(`${preview} [data-form=fitOut]`);
    expect(await page.inputValue(`${preview} [name=description]`)).toBe('运营意见：夜间施工');
    await openAs(page, taskPath, 'ops01');
    await page.waitForSelector('atrium-task [data-task][data-state]');
    await expect
      .poll(() => page.locator('atrium-task [data-task] [data-action=view-form]').count())
      .toBe(1);
    expect(await page.locator('atrium-task [data-action=edit-form]').count()).toBe(0);

    // Someone who may not read the instance gets no form.
    await openAs(page, `/previewInstForm/0/${instId}`, 'emp01');
    await page.waitForSelector('atrium-task [role=alert]');
    expect(await page.locator('atrium-task [data-form=fitOut]').count()).toBe(0);
  });
});
