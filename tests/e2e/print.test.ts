import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { demoBankAccounts } from '../../server/db/seed/print';
import { formatCurrency, toChineseCapitals } from '../../src/core/money';
import { apiToken, baseUrl, namedQuery, signIn, tableRows, useBrowser } from './support';

/**
 * The print views in Chromium against the real server and the demo data: each opens from
 * its list (the row's print action, in a window of its own), shows the document's fields
 * and amounts, pages and alerts like the spec says, prints (page.pdf) exactly the expected
 * pages with the title, the amounts in capitals and the right bank account, and closes.
 */
const passwords: Record<string, string> = {
  admin: 'Atrium#2026',
  SZHY10001: 'Merchant#2026',
  SZHY10002: 'Merchant#2026',
};
const api = (path: string) => `${baseUrl()}/bpm-runtime/bpm/atriumScript/${path}`;
const squeeze = (text: string) => text.replace(/\s+/g, '');
const capitals = (value: unknown) => toChineseCapitals(Number(value)).text;

type Row = Record<string, string | number>;

const pdfFolder = mkdtempSync(join(tmpdir(), 'atrium-print-e2e-'));
let pdfCount = 0;

/** The page printed to PDF: its page count (pdfinfo) and its text (pdftotext). */
async function printed(page: Page): Promise<{ pages: number; text: string }> {
  const file = join(pdfFolder, `print-${++pdfCount}.pdf`);
  writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const info = execFileSync('pdfinfo', [file]).toString();
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), text };
}

async function get<T>(account: string, path: string): Promise<T> {
  const token = await apiToken(account, passwords[account]!);
  const response = await fetch(api(path), { headers: { Authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: Row[][] };
  // The statement searches answer the platform's result sets; named here as the views name them.
  if (path.startsWith('searchDJH'))
    return { header: data[0]![0], lines: data[1], term: data[2]![0], totals: data[4]![0] } as T;
  if (path.startsWith('searchFPQRD'))
    return { header: data[0]![0], adjustments: data[1]![0], lines: data[3] } as T;
  return data as T;
}

async function listRows(account: string, query: string, filters: object = {}): Promise<Row[]> {
  const token = await apiToken(account, passwords[account]!);
  return (await namedQuery<Row>(token, { query, filters })).result;
}

/** The texts the toasts show (page-wide messages such as the paging alerts). */
const toasts = (page: Page) =>
  page
    .locator('atrium-toasts')
    .evaluate((host) => [...host.shadowRoot!.querySelectorAll('.text')].map((n) => n.textContent));

const field = (popup: Page, name: string) =>
  popup.locator(`atrium-print [data-field="${name}"]`).first().textContent();

describe('print views', () => {
  const browser = useBrowser();
  afterAll(() => rmSync(pdfFolder, { recursive: true, force: true }));

  async function openList(account: string, path: string, host: string) {
    const page = await browser.newPage();
    await signIn(
      page,
      account,
      passwords[account]!,
      `/fvue/login?redirect=${encodeURIComponent(path)}`,
    );
    await page.waitForURL(`${baseUrl()}/fvue${path}`);
    await expect.poll(() => page.locator(`${host} [data-count]`).count()).toBe(1);
    return page;
  }

  async function query(page: Page, host: string, filters: Record<string, string>) {
    for (const [name, value] of Object.entries(filters)) {
      await page.fill(`${host} [name=${name}]`, value);
    }
    await page.click(`${host} [data-action=query]`);
  }

  /** Clicks a button of a row (or of the list) and answers the print window, ready. */
  async function openPrint(page: Page, selector: string, confirmFirst = false): Promise<Page> {
    const opening = page.waitForEvent('popup');
    await page.click(selector);
    if (confirmFirst) {
      // The first unconfirmed notice a merchant opens says first that opening confirms it.
      const ask = page.locator('[data-field=confirm-before]');
      await ask.waitFor();
      expect(await ask.textContent()).toContain('打开打印页面即表示您已收到并核对');
      await page.click('[data-action=open-confirm]');
    }
    const popup = await opening;
    await popup.waitForURL(/\/fvue\/print_\w+\?/);
    expect(popup.url()).toContain('printToken=');
    await popup.waitForSelector('atrium-print[data-ready]', { state: 'attached' });
    return popup;
  }

  /**
   * 批量打印 first says what opening will confirm; the window opens from the dialog's button.
   * Returns the counts the dialog showed, and the print window.
   */
  async function openBatch(
    page: Page,
    host: string,
  ): Promise<{ documents: number; toConfirm: number; popup: Page }> {
    await page.click(`${host} [data-action=batch-print]`);
    const said = page.locator(`${host} [data-field=batch-preview]`);
    await said.waitFor();
    const documents = Number(await said.getAttribute('data-documents'));
    const toConfirm = Number(await said.getAttribute('data-to-confirm'));
    const popup = await openPrint(page, `${host} [data-action=open-batch-print]`);
    return { documents, toConfirm, popup };
  }

  it('settlement statement with 20 fee lines: 3 screen pages, the alerts at both ends, 3 printed pages', async () => {
    // A statement of SZHY10001 with exactly 20 fee lines (the demo has several).
    const statements = await listRows('SZHY10001', 'statement.fkqkd');
    let found: { row: Row; view: { header: Row; lines: Row[]; totals: Row } } | undefined;
    for (const row of statements) {
      const view = await get<{ header: Row; lines: Row[]; totals: Row }>(
        'SZHY10001',
        `searchDJH?DJBH=${row.JLBH}`,
      );
      if (view.lines.length === 20) {
        found = { row, view };
        break;
      }
    }
    expect(found, 'a statement with 20 fee lines').toBeDefined();
    const { row, view } = found!;
    const host = 'atrium-statement-list';
    const page = await openList('SZHY10001', '/fkqkd', host);
    await query(page, host, {
      startMonth: String(row.YEARMONTH),
      endMonth: String(row.YEARMONTH),
      contract: String(row.HTH),
    });
    await expect.poll(async () => (await tableRows(page, host)).length).toBe(1);
    const popup = await openPrint(page, `${host} tr[data-row="0"] [data-action=print]`);
    expect(popup.url()).toContain('/fvue/print_fkqkd?JLBH=');

    expect(await field(popup, 'JLBH')).toBe(row.JLBH);
    expect(await field(popup, 'HTH')).toBe(row.HTH);
    expect(await field(popup, 'NAME')).toContain(String(view.header.NAME));
    expect(await field(popup, 'YSJE')).toBe(formatCurrency(view.totals.YSJE));
    expect(await field(popup, 'capitals')).toBe(capitals(view.totals.YSJE));
    const number = popup.locator('atrium-print .page-number');
    expect(await number.getAttribute('data-pages')).toBe('3');
    expect(await popup.locator('atrium-print section.sheet').count()).toBe(3);
    // Nine lines on the first screen page, the other pages hidden.
    expect(await popup.locator('atrium-print section.sheet:visible').count()).toBe(1);
    expect(await popup.locator('atrium-print section.sheet:visible tr[data-line]').count()).toBe(9);

    await popup.click('atrium-print [data-action=previous]');
    await expect.poll(() => toasts(popup)).toContain('当前页已经是最前一页');
    await popup.click('atrium-print [data-action=next]');
    await popup.click('atrium-print [data-action=next]');
    expect(await number.getAttribute('data-page')).toBe('3');
    expect(await popup.locator('atrium-print section.sheet:visible tr[data-line]').count()).toBe(2);
    await popup.click('atrium-print [data-action=next]');
    await expect.poll(() => toasts(popup)).toContain('当前页已经是最后一页');
    expect(await number.getAttribute('data-page')).toBe('3');

    const pdf = await printed(popup);
    expect(pdf.pages).toBe(3);
    expect(pdf.text).toContain('付款结算单');
    expect(squeeze(pdf.text)).toContain(capitals(view.totals.YSJE));
    expect(pdf.text).toContain(String(row.JLBH));
    // The toolbar never prints.
    expect(pdf.text).not.toContain('下一页');

    // The invoicing confirmation of the same statement: 7 lines a page.
    const confirmation = await get<{ lines: Row[]; adjustments: Row; header: Row }>(
      'SZHY10001',
      `searchFPQRD?DJBH=${row.JLBH}`,
    );
    const invoicing = await openPrint(
      page,
      `${host} tr[data-row="0"] [data-action=print-invoicing]`,
    );
    expect(invoicing.url()).toContain('/fvue/print_kpqrd?JLBH=');
    const pages = Math.ceil(confirmation.lines.length / 7);
    expect(await invoicing.locator('atrium-print section.sheet').count()).toBe(pages);
    expect(await field(invoicing, 'GHDW')).toBe(confirmation.header.GHDW);
    expect(await field(invoicing, 'KPJE')).toBe(formatCurrency(confirmation.adjustments.KPJE));
    const invoicingPdf = await printed(invoicing);
    expect(invoicingPdf.pages).toBe(pages);
    expect(invoicingPdf.text).toContain('开票确认单');
    expect(squeeze(invoicingPdf.text)).toContain(capitals(confirmation.adjustments.KPJE));
  });

  it('a one-page statement answers both buttons with the only-one-page alerts', async () => {
    const statements = await listRows('SZHY10001', 'statement.fkqkd');
    let short: Row | undefined;
    for (const row of statements) {
      const view = await get<{ lines: Row[] }>('SZHY10001', `searchDJH?DJBH=${row.JLBH}`);
      if (view.lines.length <= 9) {
        short = row;
        break;
      }
    }
    expect(short).toBeDefined();
    const host = 'atrium-statement-list';
    const page = await openList('SZHY10001', '/fkqkd', host);
    await query(page, host, {
      startMonth: String(short!.YEARMONTH),
      endMonth: String(short!.YEARMONTH),
      contract: String(short!.HTH),
    });
    await expect.poll(async () => (await tableRows(page, host)).length).toBe(1);
    const popup = await openPrint(page, `${host} tr[data-row="0"] [data-action=print]`);
    await popup.click('atrium-print [data-action=previous]');
    await expect.poll(() => toasts(popup)).toContain('一共只有一页，不存在上一页');
    await popup.click('atrium-print [data-action=next]');
    await expect.poll(() => toasts(popup)).toContain('一共只有一页，不存在下一页');
    expect((await printed(popup)).pages).toBe(1);
  });

  const notices = [
    { list: 'yjfytzd', query: 'statement.yjfytzd', route: 'print_yjftzd', total: 'KKHJ' },
    { list: 'lyfyjsd', query: 'statement.lyfyjsd', route: 'print_lyfyjsd', total: 'FYHJ' },
    { list: 'zlfymxd', query: 'statement.zlfymxd', route: 'print_zlfymxd', total: 'ZJHJ' },
  ];

  it.each(notices)(
    '$list: a row prints its notice, confirms it, and shows the confirmation as the upload time',
    async ({ list, query: name, route, total }) => {
      const host = 'atrium-statement-list';
      const page = await openList('SZHY10001', `/${list}`, host);
      await expect.poll(async () => (await tableRows(page, host)).length).toBeGreaterThan(0);
      const [shown] = await tableRows(page, host);
      const filters = { contract: shown!.HTH!, startMonth: shown!.NY!, endMonth: shown!.NY! };
      const [before] = await listRows('SZHY10001', name, filters);
      const popup = await openPrint(
        page,
        `${host} tr[data-row="0"] [data-action=print]`,
        before!.CONFIRM !== '1',
      );
      expect(popup.url()).toContain(`/fvue/${route}?`);
      const [after] = await listRows('SZHY10001', name, filters);
      // And says after what was confirmed, and the list shows it without 查询.
      if (before!.CONFIRM !== '1') {
        await expect.poll(async () => (await toasts(page)).join(' ')).toContain('已确认');
        await expect
          .poll(async () => (await tableRows(page, host))[0]?.CONFIRM_DATE)
          .toBe(after!.CONFIRM_DATE);
      }
      // Confirmed now (or earlier, then unchanged), and shown as the upload time.
      expect(after!.CONFIRM).toBe('1');
      if (before!.CONFIRM === '1') expect(after!.CONFIRM_DATE).toBe(before!.CONFIRM_DATE);
      else expect(after!.CONFIRM_BY).toBe('SZHY10001');
      expect(await field(popup, 'SCSJ')).toBe(after!.CONFIRM_DATE);
      expect(await field(popup, 'HTH')).toBe(after!.HTH);
      expect(await field(popup, 'SHMC')).toBe(after!.SHMC);
      expect(await field(popup, total)).toBe(formatCurrency(after![total]));
      expect(await field(popup, 'capitals')).toBe(capitals(after![total]));
      // The list shows who confirmed it and when, once it queries again.
      await page.click(`${host} [data-action=query]`);
      await expect
        .poll(async () => (await tableRows(page, host))[0]?.CONFIRM_DATE)
        .toBe(after!.CONFIRM_DATE);
      const pdf = await printed(popup);
      expect(pdf.pages).toBe(1);
      expect(squeeze(pdf.text)).toContain(capitals(after![total]));
    },
  );

  it.each(notices)(
    '$list: the batch button prints every row of the list, each confirmed',
    async ({ list, query: name, route }) => {
      const host = 'atrium-statement-list';
      const page = await openList('SZHY10001', `/${list}`, host);
      await expect.poll(async () => (await tableRows(page, host)).length).toBeGreaterThan(0);
      const count = Number(await page.locator(`${host} [data-count]`).getAttribute('data-count'));
      const before = await tableRows(page, host);
      const unconfirmed = before.filter((row) => !row.CONFIRM_DATE).length;
      // Asked and cancelled: nothing opens, nothing is confirmed.
      await page.click(`${host} [data-action=batch-print]`);
      await page.click(`${host} [data-action=cancel-batch-print]`);
      const untouched = await listRows('SZHY10001', name);
      expect(untouched.filter((row) => row.CONFIRM !== '1').length).toBeGreaterThanOrEqual(
        unconfirmed,
      );
      const { documents, toConfirm, popup } = await openBatch(page, host);
      expect(documents).toBe(count);
      expect(toConfirm).toBe(unconfirmed);
      expect(popup.url()).toContain(`/fvue/${route}_all?printToken=`);
      expect(await popup.locator('atrium-print section.sheet').count()).toBe(count);
      const uploadTimes = await popup
        .locator('atrium-print [data-field=SCSJ]')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent));
      expect(uploadTimes).toHaveLength(count);
      for (const time of uploadTimes) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // The list's query, now every row confirmed.
      const shown = await tableRows(page, host);
      const months = shown.map((row) => row.NY!).sort();
      const rows = await listRows('SZHY10001', name, {
        startMonth: months[0],
        endMonth: months[months.length - 1],
      });
      expect(rows.length).toBe(count);
      for (const row of rows) expect(row.CONFIRM).toBe('1');
      expect((await printed(popup)).pages).toBe(count);
    },
  );

  it('a batch route without a link reads the query the list left in sessionStorage', async () => {
    const host = 'atrium-statement-list';
    const page = await openList('SZHY10001', '/lyfyjsd', host);
    const filters = { store: 'S01' };
    const expected = await listRows('SZHY10001', 'statement.lyfyjsd', filters);
    expect(expected.length).toBeGreaterThan(0);
    await page.evaluate(
      (descriptor) => {
        sessionStorage.setItem('atrium.print.jointOperationQuery', JSON.stringify(descriptor));
      },
      { query: 'statement.lyfyjsd', filters },
    );
    await page.goto(`${baseUrl()}/fvue/print_lyfyjsd_all`);
    await page.waitForSelector('atrium-print[data-ready]', { state: 'attached' });
    const ids = await page
      .locator('atrium-print [data-document=lyfyjsd]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')));
    expect(ids).toEqual(expected.map((row) => String(row.ID)));
    // Without a stored query (nor a link) the page says what to do.
    await page.evaluate(() => sessionStorage.removeItem('atrium.print.jointOperationQuery'));
    await page.reload();
    await expect
      .poll(() => page.locator('atrium-print [role=alert]').textContent())
      .toBe('没有找到批量打印的查询条件，请从列表页点击“批量打印”重新打开。');
  });

  it('a dunning notice prints the account of its floor: L2 one account, L5 the other', async () => {
    const host = 'atrium-overdue-list';
    const page = await openList('admin', '/shcjftzd', host);
    const all = await listRows('admin', 'overdue.list');
    for (const [floor, account] of [
      ['L2', demoBankAccounts.byFloor[0]!.account],
      ['L5', demoBankAccounts.otherFloors],
    ] as const) {
      const record =
        all.find((row) => row.F_LC === floor && row.F_CYSJ === '') ??
        all.find((row) => row.F_LC === floor)!;
      expect(record, floor).toBeDefined();
      await query(page, host, { contract: String(record.F_HTH) });
      await expect
        .poll(async () => (await tableRows(page, host)).map((row) => row.F_HTH))
        .toEqual(all.filter((row) => row.F_HTH === record.F_HTH).map((row) => row.F_HTH));
      const index = all
        .filter((row) => row.F_HTH === record.F_HTH)
        .findIndex((row) => row.ID_ === record.ID_);
      const popup = await openPrint(page, `${host} tr[data-row="${index}"] [data-action=print]`);
      expect(popup.url()).toContain(`/fvue/print_shcjftzd?ID=${record.ID_}`);
      expect(await field(popup, 'F_HTH')).toBe(record.F_HTH);
      expect(await field(popup, 'F_LC')).toBe(floor);
      expect(await field(popup, 'F_QKWYJHJ')).toBe(formatCurrency(record.F_QKWYJHJ));
      expect(await popup.locator('atrium-print [data-record]').count()).toBe(1);
      expect(await popup.locator('atrium-print img[data-seal]').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0); // prettier-ignore
      const pdf = await printed(popup);
      expect(pdf.pages).toBe(1);
      expect(pdf.text).toContain('商户催款通知书');
      expect(squeeze(pdf.text)).toContain(capitals(record.F_QKWYJHJ));
      expect(squeeze(pdf.text)).toContain(squeeze(account.number));
      const otherAccount =
        floor === 'L2' ? demoBankAccounts.otherFloors : demoBankAccounts.byFloor[0]!.account;
      expect(squeeze(pdf.text)).not.toContain(squeeze(otherAccount.number));
      expect(squeeze(pdf.text)).toContain(squeeze(String(record.F_CONFIRM_DATE)));
      // Staff opening a merchant's notice never takes its view mark in the merchant's name:
      // the list keeps the merchant's viewer and shows the staff view apart.
      // Read from the new answer's row: while the query runs the table may have no rows.
      await page.click(`${host} [data-action=query]`);
      await expect
        .poll(async () => {
          const row = (await tableRows(page, host))[index];
          return row?.STAFF_VIEWED_BY ? { viewer: row.F_CYR } : 'no staff view yet';
        })
        .toEqual({ viewer: record.F_CYR });
      await popup.close();
    }
  });

  it('a 6-record dunning batch prints two notices a page: 3 pages', async () => {
    const rows = await listRows('SZHY10002', 'overdue.list');
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(String(row.F_HTH), (counts.get(String(row.F_HTH)) ?? 0) + 1);
    const contract = [...counts].find(([, count]) => count === 6)?.[0];
    expect(contract, 'a contract with six notices').toBeDefined();
    const host = 'atrium-overdue-list';
    const page = await openList('SZHY10002', '/shcjftzd', host);
    await query(page, host, { contract: contract! });
    await expect.poll(async () => (await tableRows(page, host)).length).toBe(6);
    const { documents, toConfirm, popup } = await openBatch(page, host);
    // Dunning notices are marked viewed, not confirmed: the dialog says so.
    expect([documents, toConfirm]).toEqual([6, 0]);
    expect(popup.url()).toContain('/fvue/print_shcjftzd_all?printToken=');
    expect(await popup.locator('atrium-print [data-record]').count()).toBe(6);
    expect(await popup.locator('atrium-print section.sheet').count()).toBe(3);
    const pdf = await printed(popup);
    expect(pdf.pages).toBe(3);
    expect(pdf.text.split('商户催款通知书').length - 1).toBe(6);
    for (const row of rows.filter((candidate) => candidate.F_HTH === contract)) {
      expect(squeeze(pdf.text)).toContain(capitals(row.F_QKWYJHJ));
    }
    // Every notice of the batch is now marked viewed by SZHY10002 (or its earlier viewer).
    for (const row of await listRows('SZHY10002', 'overdue.list', { contract: contract! })) {
      expect(row.F_CYR).not.toBe('');
    }
  });

  it('the close button closes the print window', async () => {
    const host = 'atrium-overdue-list';
    const page = await openList('SZHY10001', '/shcjftzd', host);
    await expect.poll(async () => (await tableRows(page, host)).length).toBeGreaterThan(0);
    const popup = await openPrint(page, `${host} tr[data-row="0"] [data-action=print]`);
    const closed = popup.waitForEvent('close');
    // The click closes the page it was made on: Playwright may report that as the click's
    // failure when the page goes before the click's own bookkeeping ends. Only a click that
    // failed on a page still open is a failure.
    await popup.click('atrium-print [data-action=close]').catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
    await closed;
    expect(popup.isClosed()).toBe(true);
  });

  it('a print route takes a handed-over session token, and without one asks to sign in', async () => {
    const [record] = await listRows('SZHY10001', 'overdue.list');
    const token = await apiToken('SZHY10001', passwords.SZHY10001!);
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/print_shcjftzd?ID=${record!.ID_}&token=${token}`);
    await page.waitForSelector('atrium-print[data-ready]', { state: 'attached' });
    expect(await field(page, 'F_HTH')).toBe(record!.F_HTH);

    const stranger = await browser.newPage();
    await stranger.goto(`${baseUrl()}/fvue/print_shcjftzd?ID=${record!.ID_}`);
    await stranger.waitForURL(/\/fvue\/login\?redirect=/);
    expect(decodeURIComponent(stranger.url())).toContain(`/print_shcjftzd?ID=${record!.ID_}`);

    const forged = await browser.newPage();
    await forged.goto(`${baseUrl()}/fvue/print_shcjftzd?ID=${record!.ID_}&printToken=not-a-link`);
    await expect
      .poll(() => forged.locator('atrium-print [role=alert]').textContent())
      .toBe('请先登录或使用有效的打印链接');
  });
});
