import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, useSession, useThirdPartySite, type ApiSession } from './bare-page';
import { api, baseUrl, inkedPixels, useBrowser } from './support';
import { seededFileIds } from '../../server/db/seed/ids';

/**
 * atrium-news-viewer on a page of another site: a news item with content, one with an
 * embedded url, one with attachments; and the generic link page (src, file-id).
 */
const news = {
  settlement: '1700000006000000001',
  openingHours: '1700000006000000003',
  staffOnly: '1700000006000000007',
};
const files = {
  handbook: seededFileIds.handbook,
  poster: seededFileIds.poster,
  fees: seededFileIds.feeTable,
};
const viewer = 'atrium-news-viewer';

describe('atrium-news-viewer', () => {
  const browser = useBrowser();
  const site = useThirdPartySite();
  let acct01: ApiSession;
  /** A reader no other test marks news for (shell.test.ts marks all of acct01's as read). */
  let reader: ApiSession;

  beforeAll(async () => {
    acct01 = await apiLogin('acct01', 'Staff#2026');
    reader = await apiLogin('cashier01', 'Staff#2026');
  });

  async function open(attributes: string, session: ApiSession | null = acct01) {
    const page = await browser.newPage();
    if (session) await useSession(page, session);
    await page.goto(
      site.page(
        `/news-${Math.random().toString(36).slice(2)}`,
        `<atrium-news-viewer ${attributes}></atrium-news-viewer>
         <script>
           window.opened = [];
           document.addEventListener('atrium-news-open', (e) => window.opened.push(e.detail));
         </script>`,
        ['news-viewer'],
      ),
    );
    return page;
  }

  it('shows title, drafter, time and content, and records the read mark', async () => {
    const reads = () =>
      api<{ rows: { title: string }[] }>(
        reader.token,
        'POST',
        '/form/form/customQuery/v1/doQuery?alias=myNewsReads&page=1',
        {},
      );
    const title = '关于 2026 年 12 月结算单确认及开票安排的通知';
    expect((await reads()).body.rows.map((row) => row.title)).not.toContain(title);

    const page = await open(`news-id="${news.settlement}"`, reader);
    await page.waitForSelector(`${viewer} [data-field=content]`);
    expect(await page.textContent(`${viewer} [data-field=title]`)).toBe(title);
    expect(await page.textContent(`${viewer} [data-field=drafter]`)).toBe('财务中心');
    expect(await page.textContent(`${viewer} [data-field=createTime]`)).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(await page.textContent(`${viewer} [data-field=content]`)).toContain(
      '12 月结算单已在企业门户发布',
    );
    expect(await page.evaluate(() => (window as unknown as { opened: unknown[] }).opened)).toEqual([
      { id: news.settlement, title },
    ]);
    await expect
      .poll(async () => (await reads()).body.rows.map((row) => row.title))
      .toContain(title);
  });

  it('embeds the url page at its pageHeight', async () => {
    const page = await open(`news-id="${news.openingHours}"`);
    const frame = page.locator(`${viewer} iframe[data-field=url]`);
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${baseUrl()}/guides/opening-hours.html`);
    expect(await frame.evaluate((node) => node.getBoundingClientRect().height)).toBe(520);
    expect(await page.textContent(`${viewer} [data-field=title]`)).toBe(
      '各门店营业时间及节假日安排',
    );
  });

  it('lists the attachments: a PDF previewed with pdf.js, a spreadsheet downloaded', async () => {
    const page = await open(`news-id="${news.settlement}"`);
    const pdfRow = `${viewer} li[data-file-id="${files.handbook}"]`;
    await page.waitForSelector(pdfRow);
    expect(await page.textContent(pdfRow)).toContain('商户入驻须知（2026版）.pdf 157.96 KB');
    await page.click(`${pdfRow} [data-action=preview]`);
    await page.waitForSelector(`${viewer} [data-preview=pdf][data-drawn="1"]`, { timeout: 30_000 });
    expect(await inkedPixels(page, `${viewer} canvas[data-page="1"]`)).toBeGreaterThan(2000);
    await page.keyboard.press('Escape');
    expect(await page.locator(`${viewer} [role=dialog]`).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`${viewer} li[data-file-id="${files.fees}"] [data-action=preview]`),
    ]);
    expect(download.suggestedFilename()).toBe('2026年费用标准.xlsx');
    await expect
      .poll(() => page.textContent('atrium-toasts [role=status] .text'))
      .toBe('此附件类型暂不支持在线查看，开始为您下载到本地中查看！');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`${pdfRow} [data-action=download]`),
    ]);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows public news to a visitor, and keeps staff-only news from them', async () => {
    const visitor = await open(`news-id="${news.settlement}"`, null);
    await visitor.waitForSelector(`${viewer} [data-field=content]`);
    const hidden = await open(`news-id="${news.staffOnly}"`, null);
    await hidden.waitForSelector(`${viewer} [role=alert]`);
    expect(await hidden.locator(`${viewer} [data-field=content]`).count()).toBe(0);
    const staff = await open(`news-id="${news.staffOnly}"`);
    await staff.waitForSelector(`${viewer} [data-field=content]`);
    expect(await staff.textContent(`${viewer} [data-field=title]`)).toBe(
      '内部通知：员工年度体检安排',
    );
  });

  it('embeds a page given by src, and refuses a script address', async () => {
    const page = await open('src="/guides/opening-hours.html" height="300"');
    const frame = page.locator(`${viewer} iframe[data-field=frame]`);
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toBe(`${baseUrl()}/guides/opening-hours.html`);
    expect(await frame.evaluate((node) => node.getBoundingClientRect().height)).toBe(300);
    await expect
      .poll(() => page.frameLocator(`${viewer} iframe`).locator('body').textContent())
      .toContain('海雅百货宝安店');

    const refused = await open('src="javascript:alert(1)"');
    await refused.waitForSelector(`${viewer} [role=alert]`);
    expect(await refused.textContent(`${viewer} [role=alert]`)).toBe(
      '页面地址无效：只能嵌入 http 或 https 地址',
    );
    expect(await refused.locator(`${viewer} iframe`).count()).toBe(0);
  });

  it('shows a file by id: a PDF with pdf.js, an image; other types download', async () => {
    const pdf = await open(`file-id="${files.handbook}"`);
    await pdf.waitForSelector(`${viewer} [data-preview=pdf][data-drawn="1"]`, { timeout: 30_000 });
    expect(await inkedPixels(pdf, `${viewer} canvas[data-page="1"]`)).toBeGreaterThan(2000);

    const image = await open(`file-id="${files.poster}"`);
    const img = image.locator(`${viewer} img[data-preview=image]`);
    await expect
      .poll(() => img.evaluate((node) => (node as HTMLImageElement).naturalWidth))
      .toBe(960);

    const page = await browser.newPage();
    await useSession(page, acct01);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.goto(
        site.page(
          '/file-download',
          `<atrium-news-viewer file-id="${files.fees}"></atrium-news-viewer>`,
          ['news-viewer'],
        ),
      ),
    ]);
    expect(download.suggestedFilename()).toBe('2026年费用标准.xlsx');
    await expect
      .poll(() => page.textContent(`${viewer} [data-preview=download] [role=status]`))
      .toBe('此附件类型暂不支持在线查看，已开始下载。');
    expect(await page.textContent(`${viewer} [data-action=download]`)).toBe(
      '下载文件 2026年费用标准.xlsx',
    );
  });

  it('says when nothing is given', async () => {
    const page = await open('');
    await page.waitForSelector(`${viewer} [role=status]`);
    expect(await page.textContent(`${viewer} [role=status]`)).toBe('未指定要查看的内容');
  });
});
