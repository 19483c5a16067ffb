import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  openSameOrigin,
  useSession,
  useThirdPartySite,
  type ApiSession,
} from './bare-page';
import { api, baseUrl, useBrowser } from './support';
import { seededFileIds } from '../../server/db/seed/ids';

/**
 * atrium-attachments on a page of another site, signed in as store01 (张晓明): upload with
 * progress, the list, previews (image, PDF drawn by pdf.js), download, delete, refusals.
 */
const assets = 'server/db/seed/assets';
const handbook = { id: seededFileIds.handbook, name: '商户入驻须知（2026版）.pdf', size: 161753 };

const control = 'atrium-attachments';
const message = `${control} [data-message]`;
const row = (name: string) => `${control} tr[data-name="${name}"]`;

/** Values of aria-valuenow the progress bars took, recorded from inside the shadow root. */
async function recordProgress(page: Page): Promise<void> {
  await page.evaluate((tag) => {
    const seen: number[] = [];
    (window as unknown as { progress: number[] }).progress = seen;
    new MutationObserver(() => {
      for (const bar of document
        .querySelector(tag)!
        .shadowRoot!.querySelectorAll('[role=progressbar]'))
        seen.push(Number(bar.getAttribute('aria-valuenow')));
    }).observe(document.querySelector(tag)!.shadowRoot!, {
      subtree: true,
      childList: true,
      attributes: true,
    });
  }, control);
}

/** Non-white pixels of the first drawn PDF page. */
function inkedPixels(page: Page): Promise<number> {
  return page.locator(`${control} [role=dialog] canvas[data-page="1"]`).evaluate((node) => {
    const canvas = node as HTMLCanvasElement;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let inked = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) inked++;
    }
    return inked;
  });
}

describe('atrium-attachments', () => {
  const browser = useBrowser();
  const site = useThirdPartySite();
  let store01: ApiSession;
  let pdf: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    store01 = await apiLogin('store01', 'Staff#2026');
    pdf = await readFile(`${assets}/merchant-handbook.pdf`);
    png = await readFile(`${assets}/promotion-poster.png`);
  });

  /**
   * The control on a bare page: of another site by default; at the Atrium origin with
   * `sameOrigin` (the host portal's case). Deleting is tested there: the server's CORS
   * settings allow GET, HEAD and POST only, so a DELETE from another site is refused by the
   * browser before it is sent (reported as a server issue).
   */
  async function open(
    attributes: string,
    value: unknown[] = [],
    { locale = 'zh-CN', sameOrigin = false } = {},
  ) {
    const page = await browser.newPage({ locale });
    await useSession(page, store01);
    if (locale !== 'zh-CN') await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    const path = `/attachments-${Math.random().toString(36).slice(2)}`;
    const body = `<h1>Contract files</h1><atrium-attachments ${attributes}></atrium-attachments>
       <script>
         const el = document.querySelector('atrium-attachments');
         el.value = ${JSON.stringify(value)};
         window.changes = [];
         el.addEventListener('atrium-change', (e) => window.changes.push(e.detail.value));
       </script>`;
    if (sameOrigin) await openSameOrigin(page, path, body, ['attachments']);
    else await page.goto(site.page(path, body, ['attachments']));
    await page.waitForSelector(`${control} table`);
    return page;
  }

  it('uploads with a progress bar and lists name, size, type and uploader', async () => {
    const page = await open('multiple accept=".pdf,.png"');
    expect(await page.textContent(`${control} [data-state=empty]`)).toBe('暂无附件');
    // A slow uplink, so the bar is seen between 0 and 100.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 48 * 1024,
    });
    await recordProgress(page);
    await page.setInputFiles(`${control} input[type=file]`, {
      name: '租赁合同.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.waitForSelector(`${control} [role=progressbar]`);
    await page.waitForSelector(row('租赁合同.pdf'), { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await page.evaluate(
      () => (window as unknown as { progress: number[] }).progress,
    );
    expect(progress.some((value) => value > 0 && value < 100)).toBe(true);
    expect(progress).toContain(0);

    const cells = await page
      .locator(`${row('租赁合同.pdf')} td[data-column]`)
      .evaluateAll((nodes) =>
        Object.fromEntries(
          nodes.map((node) => [node.getAttribute('data-column'), node.textContent]),
        ),
      );
    expect(cells).toEqual({
      name: '租赁合同.pdf',
      size: '157.96 KB',
      type: 'pdf',
      uploader: '张晓明',
    });
    const changes = await page.evaluate(
      () =>
        (window as unknown as { changes: { id: string; name: string; size: number }[][] }).changes,
    );
    expect(changes).toHaveLength(1);
    expect(changes[0]).toEqual([{ id: expect.any(String), name: '租赁合同.pdf', size: 161753 }]);
    // The element's value is current, and the file is on the server with its uploader.
    const value = await page.evaluate(
      () => (document.querySelector('atrium-attachments') as unknown as { value: unknown }).value,
    );
    expect(value).toEqual(changes[0]);
    const infos = await api<{ value: { username: string; bytes: number }[] }>(
      store01.token,
      'POST',
      '/portal/system/file/v1/getFileInfos',
      { ids: [changes[0]![0]!.id] },
    );
    expect(infos.body.value).toEqual([
      expect.objectContaining({ username: '张晓明', bytes: 161753, type: 'pdf' }),
    ]);
  });

  it('lists a given value with the server’s uploader and sizes', async () => {
    const page = await open('readonly', [handbook, { id: 'nope', name: '不存在.pdf', size: 2048 }]);
    await page.waitForSelector(row(handbook.name));
    expect(await page.textContent(`${row(handbook.name)} td[data-column=size]`)).toBe('157.96 KB');
    expect(await page.textContent(`${row(handbook.name)} td[data-column=type]`)).toBe('pdf');
    // An id the server does not know keeps what the value says.
    expect(await page.textContent(`${row('不存在.pdf')} td[data-column=size]`)).toBe('2.00 KB');
    // Read-only: no upload, no delete, no selection.
    expect(await page.locator(`${control} [data-action=upload]`).count()).toBe(0);
    expect(await page.locator(`${control} [data-action=delete]`).count()).toBe(0);
    expect(await page.locator(`${control} input[type=checkbox]`).count()).toBe(0);
    expect(await page.locator(`${control} [data-action=preview]`).count()).toBe(2);
  });

  it('previews an image in a dialog', async () => {
    const page = await open('multiple');
    await page.setInputFiles(`${control} input[type=file]`, {
      name: '橱窗.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.waitForSelector(row('橱窗.png'));
    await page.click(`${row('橱窗.png')} [data-action=preview]`);
    const image = page.locator(`${control} [role=dialog] img[data-preview=image]`);
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(960);
    // Its box had the picture's shape before the picture came (no jump when it does).
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual([
      '960',
      String(await image.evaluate((img) => (img as HTMLImageElement).naturalHeight)),
    ]);
    // An image dialog closes with a click beside it.
    await page.mouse.click(5, 5);
    expect(await page.locator(`${control} [role=dialog]`).count()).toBe(0);
  });

  it('previews a PDF drawn by pdf.js in the 80 %-wide dialog, downloads it, closes by its icon', async () => {
    const page = await open('multiple', [handbook]);
    await page.click(`${row(handbook.name)} [data-action=preview]`);
    const dialog = page.locator(`${control} [role=dialog]`);
    await page.waitForSelector(`${control} [data-preview=pdf][data-drawn="1"]`, {
      timeout: 30_000,
    });
    expect(await inkedPixels(page)).toBeGreaterThan(2000);
    const width = await dialog.evaluate((node) => node.getBoundingClientRect().width);
    const viewport = page.viewportSize()!.width;
    expect(Math.abs(width - viewport * 0.8)).toBeLessThan(2);
    // Not closed by a click outside.
    await page.mouse.click(5, 5);
    expect(await dialog.count()).toBe(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`${control} [data-action=preview-download]`),
    ]);
    expect(download.suggestedFilename()).toBe(handbook.name);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.click(`${control} [role=dialog] button[aria-label=关闭]`);
    expect(await dialog.count()).toBe(0);
  });

  it('downloads from the list, and downloads other types with the unsupported message', async () => {
    const feeTable = { id: seededFileIds.feeTable, name: '2026年费用标准.xlsx', size: 6685 };
    const page = await open('multiple', [handbook, feeTable]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`${row(handbook.name)} [data-action=download]`),
    ]);
    expect(download.suggestedFilename()).toBe(handbook.name);
    const [sheet] = await Promise.all([
      page.waitForEvent('download'),
      page.click(`${row(feeTable.name)} [data-action=preview]`),
    ]);
    expect(sheet.suggestedFilename()).toBe(feeTable.name);
    await expect
      .poll(() => page.textContent('atrium-toasts [role=status] .text'))
      .toBe('此附件类型暂不支持在线查看，开始为您下载到本地中查看！');
  });

  it('deletes only with a selection, after confirming', async () => {
    const page = await open('multiple', [], { sameOrigin: true });
    await page.setInputFiles(`${control} input[type=file]`, [
      { name: '待删除.pdf', mimeType: 'application/pdf', buffer: pdf },
      { name: '保留.png', mimeType: 'image/png', buffer: png },
    ]);
    await page.waitForSelector(row('保留.png'));
    await page.waitForSelector(row('待删除.pdf'));
    const id = await page.getAttribute(row('待删除.pdf'), 'data-file-id');

    await page.click(`${control} [data-action=delete]`);
    expect(await page.textContent(message)).toBe('请至少选择一条记录');
    expect(await page.locator(`${control} [role=dialog]`).count()).toBe(0);

    await page.check(`${row('待删除.pdf')} input[type=checkbox]`);
    await page.click(`${control} [data-action=delete]`);
    expect(await page.textContent(`${control} [role=dialog]`)).toContain(
      '确定删除选中的 1 个附件吗',
    );
    await page.click(`${control} [role=dialog] [data-action=confirm]`);
    await expect.poll(() => page.textContent(message)).toBe('已删除 1 个附件');
    expect(await page.locator(row('待删除.pdf')).count()).toBe(0);
    expect(await page.locator(row('保留.png')).count()).toBe(1);
    const changes = await page.evaluate(
      () => (window as unknown as { changes: { name: string }[][] }).changes,
    );
    expect(changes.at(-1)!.map((file) => file.name)).toEqual(['保留.png']);
    const infos = await api<{ value: unknown[] }>(
      store01.token,
      'POST',
      '/portal/system/file/v1/getFileInfos',
      { ids: [id] },
    );
    expect(infos.body.value).toEqual([]);
    // The server asks for a selection too.
    const none = await api<{ message: string }>(
      store01.token,
      'DELETE',
      '/portal/system/file/v1/delete?ids=,',
    );
    expect(none).toEqual({
      status: 400,
      body: expect.objectContaining({ message: '请至少选择一条记录' }),
    });
  });

  it('shows the server’s refusal to delete a system file', async () => {
    const page = await open('multiple', [handbook], { sameOrigin: true });
    await page.check(`${row(handbook.name)} input[type=checkbox]`);
    await page.click(`${control} [data-action=delete]`);
    await page.click(`${control} [role=dialog] [data-action=confirm]`);
    await expect.poll(() => page.textContent(message)).toBe('系统文件不能删除');
    expect(await page.locator(row(handbook.name)).count()).toBe(1);
  });

  it('refuses a wrong extension in the browser, and the server refuses it too', async () => {
    const page = await open('multiple accept=".pdf,.png"');
    await page.setInputFiles(`${control} input[type=file]`, {
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('营业时间 10:00-22:00'),
    });
    expect(await page.textContent(message)).toBe('上传附件只能是 pdf、png 格式');
    expect(await page.locator(`${control} tbody tr[data-file-id]`).count()).toBe(0);
    expect(await page.getAttribute(`${control} input[type=file]`, 'accept')).toBe('.pdf,.png');

    const form = new FormData();
    form.append('files', new Blob(['营业时间']), '说明.txt');
    const refused = await fetch(`${baseUrl()}/portal/system/file/v1/upload?accept=.pdf,.png`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${store01.token}` },
      body: form,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      '上传附件只能是 pdf、png 格式',
    );
  });

  it('shows the server’s refusal of a file that is not what its name says', async () => {
    const page = await open('multiple');
    await page.setInputFiles(`${control} input[type=file]`, {
      name: '伪装.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text, not a PDF'),
    });
    await expect.poll(() => page.textContent(message)).toBe('伪装.pdf：文件内容与扩展名 .pdf 不符');
    expect(await page.locator(`${control} tbody tr[data-file-id]`).count()).toBe(0);
  });

  it('keeps a single control to one file', async () => {
    const page = await open('', [handbook]);
    expect(await page.getAttribute(`${control} input[type=file]`, 'multiple')).toBeNull();
    expect(await page.isDisabled(`${control} [data-action=upload]`)).toBe(true);
    await page.setInputFiles(`${control} input[type=file]`, {
      name: '第二份.png',
      mimeType: 'image/png',
      buffer: png,
    });
    expect(await page.textContent(message)).toBe('最多只能上传 1 个附件');
    expect(await page.locator(`${control} tbody tr[data-file-id]`).count()).toBe(1);
  });

  it('speaks English', async () => {
    const page = await open('multiple accept="pdf|png"', [], { locale: 'en-US' });
    await page.setInputFiles(`${control} input[type=file]`, {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    expect(await page.textContent(message)).toBe('Uploaded attachment can only be pdf, png format');
    await page.click(`${control} [data-action=delete]`);
    expect(await page.textContent(message)).toBe('Select at least one record');
    expect(await page.textContent(`${control} th:nth-child(5)`)).toBe('Uploaded by');
  });
});
