import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../src/core/i18n/en-US/portal.json';
import zh from '../../src/core/i18n/zh-CN/portal.json';
import { baseUrl, useBrowser, waitForHydration } from './support';

describe('the public entry page', () => {
  const browser = useBrowser();

  it('names each public page and describes it, in each language, for readers and search engines', async () => {
    const description = async (page: Page) =>
      page.locator('meta[name=description]').getAttribute('content');
    // What a crawler that runs no script reads: the served HTML.
    const served = await (await fetch(`${baseUrl()}/fvue/login`)).text();
    expect(served).toContain('<title>登录 - 海雅企业门户</title>');
    expect(served).toContain(`<meta name="description" content="${zh.head.login.description}"`);
    expect(await (await fetch(`${baseUrl()}/fvue/mapContainer`)).text()).toContain(
      `<meta name="description" content="${zh.head.portal.description}"`,
    );
    for (const [language, titles, portal, { head }] of [
      ['zh-CN', ['登录', '供应商报名', '信息公告', '楼层导览'], '海雅企业门户', zh],
      [
        'en-US',
        ['Sign in', 'Supplier sign-up', 'Announcements', 'Floor guide'],
        'Haiya Enterprise Portal',
        en,
      ],
    ] as const) {
      const page = await browser.newPage({ locale: language });
      await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
      await page.goto(`${baseUrl()}/fvue/login`);
      expect(await page.title()).toBe(`${titles[0]} - ${portal}`);
      expect(await description(page)).toBe(head.login.description);
      await waitForHydration(page);
      for (const [tab, key] of [
        [1, 'signup'],
        [2, 'news'],
      ] as const) {
        await page.click(`.card > div > [role=tablist] [role=tab] >> nth=${tab}`);
        await expect.poll(() => page.title()).toBe(`${titles[tab]} - ${portal}`);
        expect(await description(page)).toBe(head[key].description);
      }
      await page.click('a.map-link');
      await expect.poll(() => page.title()).toBe(`${titles[3]} - ${portal}`);
      expect(await description(page)).toBe(head.floorMap.description);
      await page.close();
    }
  });

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
