import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSetting, startMailServers, type MailServers } from '../server/mail-servers';
import { apiLogin, useSession, useThirdPartySite } from './bare-page';
import { api, useBrowser } from './support';

/**
 * Issue 34, items 2, 7 and 8, on a page of another origin that sets no content security
 * policy, so nothing but the elements themselves stands between outside text and script: a
 * hostile sender name and a page-covering block quoted into the composer, and a hostile brand
 * in the public floor map's tooltip. Each must stay text in its own box.
 */
const who = { address: 'legal01@example.test', password: 'legal01-Mail#1' };
const hostileName = '<img src=x onerror=window.pwned=1>Mallory';
const brand = '<img src=x onerror="window.pwned=1">Brand';
const hostileMail = [
  `From: "${hostileName}" <mallory@example.test>`,
  `To: ${who.address}`,
  'Subject: Quarterly figures',
  'Message-ID: <cover@example.test>',
  'MIME-Version: 1.0',
  'Content-Type: text/html; charset=utf-8',
  '',
  '<div style="position:fixed;inset:0;z-index:2147483647;width:100vw;height:100vh;background:#fff">Session ended: sign in again<input type="password"></div>',
  '',
].join('\r\n');

describe('outside text on a page of another origin without a content security policy', () => {
  const browser = useBrowser();
  const site = useThirdPartySite();
  let mail: MailServers;

  beforeAll(async () => {
    mail = await startMailServers();
    mail.addUser(who.address, who.password);
    mail.deliver(who.address, hostileMail);
  });
  afterAll(async () => {
    await mail?.stop();
  });

  it('quotes a hostile sender name as text, and its mail stays inside the composer', async () => {
    const session = await apiLogin('legal01', 'Staff#2026');
    const base = '/portal/mail/mail';
    const saved = await api<{ value: string }>(
      session.token,
      'POST',
      `${base}/mailSetting/v1/save`,
      accountSetting(mail, who),
    );
    await api(session.token, 'POST', `${base}/mail/v1/sync?id=${saved.body.value}`);
    const inbox = await api<{ rows: { id: string }[] }>(
      session.token,
      'POST',
      `${base}/mail/v1/listJson`,
      { querys: [{ property: 'setId', value: saved.body.value, operation: 'EQUAL' }] },
    );
    const page = await browser.newPage();
    await useSession(page, session);
    await page.goto(
      site.page(
        '/mail',
        `<h1 id="partner">Partner page</h1><atrium-mail mail-id="${inbox.body.rows[0]!.id}"></atrium-mail>`,
        ['mail'],
      ),
    );
    await page.click('atrium-mail [data-action=reply]');
    const editor = page.locator('atrium-mail [data-field=editor]');
    await expect.poll(() => editor.textContent()).toContain('sign in again');

    // The name exactly as the mail gave it, as text (the reply line reads "…, name 写道：").
    expect(await editor.textContent()).toMatch(
      /<img src=x onerror=window\.pwned=1\s*>Mallory 写道：/,
    );
    expect(await editor.locator('img, input').count()).toBe(0);
    // Nothing of the mail lies over the host page's own heading.
    const heading = await page.locator('#partner').boundingBox();
    const top = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.id,
      [heading!.x + 10, heading!.y + heading!.height / 2],
    );
    expect(top).toBe('partner');
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });

  it("shows a hostile brand as text in the public map's tooltip", async () => {
    const operations = await apiLogin('mapops', 'Staff#2026');
    const stores = await api<{ code: string; floors: { id: string; floor: string }[] }[]>(
      operations.token,
      'GET',
      '/portal/map/v1/stores',
    );
    // The last store's top floor: the floor map's own tests walk the first ones.
    const store = stores.body.at(-1)!;
    const floor = store.floors.at(-1)!;
    const shops = await api<{ shops: { id: string; number: string; status: string }[] }>(
      operations.token,
      'GET',
      `/portal/map/v1/floor?floorId=${floor.id}`,
    );
    const shop = shops.body.shops.find((each) => each.status === 'vacant')!;
    const assign = (status: string, name: string) =>
      api(operations.token, 'POST', '/portal/map/v1/assign', {
        shopId: shop.id,
        status,
        brand: name,
        contractNo: '',
      });
    expect((await assign('fitting', brand)).status).toBe(200);
    try {
      const page = await browser.newPage();
      await page.goto(
        site.page(
          '/map',
          `<atrium-floor-map store="${store.code}" floor="${floor.floor}"></atrium-floor-map>`,
          ['floor-map'],
        ),
      );
      await page.hover(`atrium-floor-map [data-ready=true] path[data-shop="${shop.number}"]`);
      const tooltip = page.locator('atrium-floor-map .leaflet-tooltip');
      await expect.poll(() => tooltip.textContent()).toContain(brand);
      expect(await tooltip.locator('img').count()).toBe(0);
    } finally {
      await assign('vacant', '');
    }
  });
});
