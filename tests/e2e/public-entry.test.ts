import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { baseUrl, useBrowser, waitForHydration } from './support';

describe('the public entry page', () => {
  const browser = useBrowser();

  it('shows the four tabs', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await expect
      .poll(() => page.locator('.card > div > [role=tablist] [role=tab]').allTextContents())
      .toEqual(['首页登录', '供应商报名', '信息公告', '关于我们']);
  });

  it('sign-up shows the four required messages, then succeeds', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await page.click('[role=tab]:has-text("供应商报名")');
    await page.click('atrium-signup button[type=submit]');
    const messages = await page.locator('atrium-signup [data-error]').allTextContents();
    expect(messages).toEqual([
      '请选择报名门店',
      '请输入您的预留姓名',
      '请输入您的联系方式',
      '请输入您的需求面积',
    ]);
    await page.selectOption('atrium-signup select[name=fdmc]', 'S03');
    await page.fill('atrium-signup input[name=xm]', '周女士');
    await page.fill('atrium-signup input[name=lxfs]', '13512345678');
    await page.fill('atrium-signup input[name=xqmj]', '120');
    await page.selectOption('atrium-signup select[name=pppl]', 'catering');
    await page.click('atrium-signup button[type=submit]');
    await expect
      .poll(() => page.textContent('atrium-signup [role=status]'))
      .toBe('报名成功，我方工作人员将于近日与您联系。');
  });

  it('opens an announcement and downloads its attachment', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await waitForHydration(page);
    await page.click('[role=tab]:has-text("信息公告")');
    await page.click('atrium-news button:has-text("关于 2026 年 12 月结算单确认及开票安排的通知")');
    expect(await page.textContent('atrium-news [data-field=drafter]')).toBe('财务中心');
    expect(await page.textContent('atrium-news [data-field=createTime]')).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(
        'atrium-news [data-list=attachments] li:has-text("商户入驻须知") [data-action=download]',
      ),
    ]);
    expect(download.suggestedFilename()).toBe('商户入驻须知（2026版）.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('previews an image, and downloads a spreadsheet with the unsupported-type message', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await waitForHydration(page);
    await page.click('[role=tab]:has-text("信息公告")');
    await page.click('atrium-news button:has-text("双十二")');
    await page.click(
      'atrium-news [data-list=attachments] li:has-text("海报") [data-action=preview]',
    );
    const image = page.locator('atrium-news [role=dialog] img');
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(960);
    await page.keyboard.press('Escape');
    await page.click('atrium-news [data-action=back]');
    await page.click('atrium-news button:has-text("关于 2026 年 12 月结算单")');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(
        'atrium-news [data-list=attachments] li:has-text("费用标准") [data-action=preview]',
      ),
    ]);
    expect(download.suggestedFilename()).toBe('2026年费用标准.xlsx');
    await expect
      .poll(() => page.textContent('atrium-toasts [role=status] .text'))
      .toBe('此附件类型暂不支持在线查看，开始为您下载到本地中查看！');
  });

  it('shows the embedded-url announcement at its height', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await waitForHydration(page);
    await page.click('[role=tab]:has-text("信息公告")');
    await page.click('atrium-news button:has-text("各门店营业时间")');
    const frame = page.locator('atrium-news iframe[data-field=url]');
    expect(await frame.getAttribute('src')).toBe(`${baseUrl()}/guides/opening-hours.html`);
    expect(
      await frame.evaluate((node) => (node as HTMLElement).getBoundingClientRect().height),
    ).toBe(520);
  });

  it('switches to en-US and back, remembering the choice', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login`);
    await page.selectOption('[data-control=language]', 'en-US');
    await expect
      .poll(() => page.locator('.card > div > [role=tablist] [role=tab]').allTextContents())
      .toEqual(['Sign in', 'Supplier sign-up', 'Announcements', 'About us']);
    expect(await page.textContent('atrium-login button[type=submit]')).toBe('Sign in');
    await page.click('atrium-login button[type=submit]');
    expect(await page.textContent('atrium-login [data-error]')).toBe('Please enter your account');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en-US');
    await page.reload();
    await expect.poll(() => page.textContent('atrium-login button[type=submit]')).toBe('Sign in');
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
  });

  it('shows the tenant name and logo on /login/{tenant}', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/login/hy`);
    await expect.poll(() => page.textContent('[data-field=title]')).toBe('海雅商业集团');
    const logo = page.locator('main section img');
    await expect
      .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  });
});
