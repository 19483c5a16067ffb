import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiLogin,
  openSameOrigin,
  useSession,
  useThirdPartySite,
  type ApiSession,
} from './bare-page';
import { api, tableRows, useBrowser } from './support';

/**
 * atrium-custom-query with the seeded definitions (docs/shell-api.md): every broken one
 * shows its own message, the working ones their rows, an unknown alias the not-found
 * message once the wait is over.
 */
const query = 'atrium-custom-query';
const alert = `${query} [role=alert]`;

const failures: [alias: string, code: string, message: string][] = [
  ['demoEmptyUrl', 'emptyUrl', '该关联查询为 Restful 类型，但没有配置请求地址（url），无法查询'],
  [
    'demoBadParams',
    'badParams',
    '关联查询的请求参数（dataParam）不是有效的 JSON 对象，请检查查询配置',
  ],
  ['demoBadHeader', 'badHeader', '关联查询的请求头（header）不是有效的 JSON 对象，请检查查询配置'],
  [
    'demoBadConditions',
    'badConditions',
    '关联查询的条件字段（conditionfield）不是有效的 JSON 列表，请检查查询配置',
  ],
  ['demoEmptyAnswer', 'emptyAnswer', '接口没有返回任何数据'],
  ['demoNotJson', 'notJson', '接口返回的内容不是有效的 JSON，无法解析'],
  ['demoNoArray', 'noArray', '在接口返回结果的 data.list 处没有找到数据列表'],
];

describe('atrium-custom-query', () => {
  const browser = useBrowser();
  const site = useThirdPartySite();
  let acct01: ApiSession;

  beforeAll(async () => {
    acct01 = await apiLogin('acct01', 'Staff#2026');
  });

  const body = (attributes: string, script = '') =>
    `<atrium-custom-query ${attributes}></atrium-custom-query>
     <script>
       window.results = []; window.errors = [];
       document.addEventListener('atrium-query-result', (e) => window.results.push(e.detail));
       document.addEventListener('atrium-query-error', (e) => window.errors.push(e.detail));
       ${script}
     </script>`;

  async function open(attributes: string, { script = '', locale = 'zh-CN', clock = false } = {}) {
    const page = await browser.newPage({ locale });
    // The page's clock, when a test lets time pass at once instead of waiting for it.
    if (clock) await page.clock.install();
    await useSession(page, acct01);
    if (locale === 'en-US') await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    await page.goto(
      site.page(`/query-${Math.random().toString(36).slice(2)}`, body(attributes, script), [
        'custom-query',
      ]),
    );
    return page;
  }

  const events = (page: Page, name: 'results' | 'errors') =>
    page.evaluate((key) => (window as unknown as Record<string, unknown[]>)[key], name);

  for (const [alias, code, message] of failures) {
    it(`${alias}: ${code}`, async () => {
      const page = await open(`alias="${alias}"`);
      await page.waitForSelector(alert);
      expect(await page.textContent(alert)).toBe(message);
      expect(await page.getAttribute(`${alert} [data-error-code]`, 'data-error-code')).toBe(code);
      expect(await events(page, 'errors')).toEqual([{ alias, code, message }]);
      expect(await page.locator(`${query} table`).count()).toBe(0);
    });
  }

  it('an alias that never resolves: waiting, then the not-found message', async () => {
    const started = Date.now();
    const page = await open('alias="noSuchQuery" wait-seconds="2"');
    await page.waitForSelector(`${query} [data-state=waiting]`);
    expect(await page.textContent(`${query} [data-state=waiting]`)).toBe('正在查找关联查询…');
    await page.waitForSelector(alert, { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(await page.textContent(alert)).toBe('未找到别名对应的关联查询');
  });

  it('waits 15 seconds by default', async () => {
    const page = await open('alias="stillNoSuchQuery"', { clock: true });
    await page.waitForSelector(`${query} [data-state=waiting]`);
    await page.clock.fastForward(12_000);
    expect(await page.locator(`${query} [data-state=waiting]`).count()).toBe(1);
    await page.clock.fastForward(3_500);
    await page.waitForSelector(alert, { timeout: 10_000 });
    expect(await page.textContent(alert)).toBe('未找到别名对应的关联查询');
  });

  it('uses an alias the page sets later', async () => {
    const page = await open('wait-seconds="10"', {
      script: `setTimeout(() => document.querySelector('atrium-custom-query').setAttribute('alias', 'storeList'), 1500);`,
    });
    await page.waitForSelector(`${query} [data-state=waiting]`);
    await page.waitForSelector(`${query} tbody tr[data-row]`);
    expect((await tableRows(page, query)).map((row) => row.storeCode)).toEqual([
      'S01',
      'S02',
      'S03',
      'S04',
    ]);
  });

  it('storeList: rows from our server, filtered by its conditions, with the count', async () => {
    const page = await open('alias="storeList" heading');
    await page.waitForSelector(`${query} tbody tr[data-row]`);
    expect(await page.textContent(`${query} h3`)).toBe('门店一览');
    expect(await tableRows(page, query)).toEqual([
      { storeCode: 'S01', storeName: '海雅百货宝安店', city: '深圳' },
      { storeCode: 'S02', storeName: '海雅百货惠城店', city: '惠州' },
      { storeCode: 'S03', storeName: '海雅缤纷城', city: '深圳' },
      { storeCode: 'S04', storeName: '天汇广场', city: '东莞' },
    ]);
    expect(await page.locator(`${query} th`).allTextContents()).toEqual([
      '门店编码⇅',
      '门店名称⇅',
      '城市⇅',
    ]);
    expect(await page.textContent(`${query} [part=pager] [data-total]`)).toBe('共 4 条');
    // One page: the count, and no page to turn to (the lists' one pager).
    expect(await page.isDisabled(`${query} [data-action=next-page]`)).toBe(true);
    await page.fill(`${query} input[name=city]`, '深圳');
    await page.click(`${query} [data-action=query]`);
    await expect
      .poll(async () => (await tableRows(page, query)).map((row) => row.storeCode))
      .toEqual(['S01', 'S03']);
    await page.click(`${query} [data-action=reset]`);
    await expect.poll(async () => (await tableRows(page, query)).length).toBe(4);
    expect(await events(page, 'results')).toContainEqual({ alias: 'storeList', total: 2 });
  });

  it('attendanceCard and myNewsReads: the caller’s own rows', async () => {
    const expected = await api<{ rows: Record<string, unknown>[] }>(
      acct01.token,
      'POST',
      '/form/form/customQuery/v1/doQuery?alias=attendanceCard&page=1',
      {},
    );
    const card = await open('alias="attendanceCard"');
    await card.waitForSelector(`${query} tbody tr[data-row]`);
    const row = expected.body.rows[0]!;
    expect(await tableRows(card, query)).toEqual([
      { exceptionCount: String(row.exceptionCount), leaveDays: String(row.leaveDays) },
    ]);
    expect(await card.locator(`${query} form[role=search]`).count()).toBe(0);

    await api(acct01.token, 'POST', '/bpm-runtime/message/SaveNewsItem', {
      ggbm: '1700000006000000004',
      ggbt: '关于启用新版企业门户的通知',
    });
    const reads = await open('alias="myNewsReads"');
    await reads.waitForSelector(`${query} tbody tr[data-row]`);
    expect((await tableRows(reads, query)).map((read) => read.title)).toContain(
      '关于启用新版企业门户的通知',
    );
  });

  it('demoStores: calls the configured address with its header and reads data.list', async () => {
    // At the Atrium origin: the server's CORS settings do not allow the query's own header
    // (X-Demo) from another site (reported as a server issue).
    const page = await browser.newPage();
    await useSession(page, acct01);
    const sent: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('demoExternal/stores')) sent.push(request.headers());
    });
    await openSameOrigin(page, '/demo-stores', body('alias="demoStores"'), ['custom-query']);
    await page.waitForSelector(`${query} tbody tr[data-row]`);
    // The default condition city=深圳 went along as a query parameter.
    expect(await tableRows(page, query)).toEqual([
      { storeCode: 'S01', storeName: '海雅百货宝安店', city: '深圳' },
      { storeCode: 'S03', storeName: '海雅缤纷城', city: '深圳' },
    ]);
    expect(await page.inputValue(`${query} input[name=city]`)).toBe('深圳');
    expect(sent[0]).toMatchObject({ 'x-demo': 'atrium' });
    await page.fill(`${query} input[name=city]`, '东莞');
    await page.click(`${query} [data-action=query]`);
    await expect
      .poll(async () => (await tableRows(page, query)).map((row) => row.storeName))
      .toEqual(['天汇广场']);
  });

  it('an external address never receives the session token', async () => {
    const page = await open('alias="demoNotJson"');
    const headers: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().includes('demoExternal')) headers.push(request.headers());
    });
    await page.reload();
    await page.waitForSelector(alert);
    // Our own server is the address here, so the token may go: prove the rule both ways.
    expect(headers[0]?.authorization).toBe(`Bearer ${acct01.token}`);
    const external = await browser.newPage();
    await useSession(external, acct01);
    const seen: string[] = [];
    await external.route('https://erp.example.invalid/**', (route) => {
      seen.push(route.request().headers().authorization ?? 'none');
      return route.fulfill({
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({ result: { items: [{ code: 'X1' }] } }),
      });
    });
    await external.route('**/customQuery/v1/getByAlias', (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({
          alias: 'erp',
          name: 'ERP',
          dsType: 'restful',
          requestType: 'GET',
          url: 'https://erp.example.invalid/api/items',
          header: '',
          dataParam: '',
          listKey: 'result.items',
          conditionfield: '',
          resultfield: '',
          displayfield: '',
          pageSize: 10,
          needPage: true,
        }),
      }),
    );
    await external.goto(site.page('/erp', body('alias="erp"'), ['custom-query']));
    await external.waitForSelector(`${query} tbody tr[data-row]`);
    expect(await tableRows(external, query)).toEqual([{ code: 'X1' }]);
    expect(seen).toEqual(['none']);
  });

  it('pages a restful list in the browser', async () => {
    const page = await browser.newPage();
    await useSession(page, acct01);
    await page.route('**/customQuery/v1/getByAlias', (route) =>
      route.fulfill({
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({
          alias: 'pagedStores',
          name: '分页门店',
          dsType: 'restful',
          requestType: 'GET',
          url: '/form/form/customQuery/v1/demoExternal/stores',
          header: '',
          dataParam: '',
          listKey: 'data.list',
          conditionfield: '',
          resultfield: '',
          displayfield: '[{"field":"storeName","comment":"门店名称"}]',
          pageSize: 3,
          needPage: true,
        }),
      }),
    );
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('demoExternal/stores') && request.method() === 'GET') calls++;
    });
    await page.goto(site.page('/paged', body('alias="pagedStores"'), ['custom-query']));
    await page.waitForSelector(`${query} tbody tr[data-row]`);
    const names = async () => (await tableRows(page, query)).map((row) => row.storeName);
    expect(await names()).toEqual(['海雅百货宝安店', '海雅百货惠城店', '海雅缤纷城']);
    expect(await page.textContent(`${query} [data-page]`)).toBe('第 1 / 2 页');
    expect(await page.isDisabled(`${query} [data-action=previous-page]`)).toBe(true);
    await page.click(`${query} [data-action=next-page]`);
    await expect.poll(names).toEqual(['天汇广场']);
    expect(await page.textContent(`${query} [data-page]`)).toBe('第 2 / 2 页');
    expect(await page.isDisabled(`${query} [data-action=next-page]`)).toBe(true);
    // Turning pages asks the service nothing again.
    expect(calls).toBe(1);
  });

  it('speaks English', async () => {
    const page = await open('alias="demoNotJson"', { locale: 'en-US' });
    await page.waitForSelector(alert);
    expect(await page.textContent(alert)).toBe(
      "The service's answer is not valid JSON and cannot be read",
    );
    const missing = await open('alias="nothingHere" wait-seconds="1"', { locale: 'en-US' });
    await missing.waitForSelector(alert, { timeout: 10_000 });
    expect(await missing.textContent(alert)).toBe('Related query with alias not found');
  });
});
