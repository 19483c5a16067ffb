import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, openSameOrigin, useSession } from './bare-page';
import { anonymousRoutes, signedInRoutes } from './route-table';
import { apiToken, baseUrl, namedQuery, useBrowser } from './support';

/**
 * axe-core over every route of the host page and every element alone on a bare page, in
 * both languages: no serious and no critical violation (issue 13, item 12). axe reads open
 * shadow roots, so the elements' insides are checked too. Besides axe: the host's single
 * pages have a main landmark and an h1, dialogs keep Tab inside and close on Escape.
 *
 * Routes that render the same page (the same element with the same attributes in the same
 * frame, the tenant variants, the 404 page of features still to come) are visited each but
 * checked once per language: axe would only repeat itself.
 */
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const languages = ['zh-CN', 'en-US'] as const;
type Language = (typeof languages)[number];
const staff = 'Staff#2026';
/** Seeded: 刘洋的请假申请（5天）, a to-do of the department managers mgr01 and mgr02. */
const sharedTask = '1700000025000000010';
const seededNews = '1700000006000000001';

/** Requests in flight on a page, to wait until a page has loaded its data. */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  page.on('request', (request) => {
    inFlight.add(request);
    changed = Date.now();
  });
  const end = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  /** Quiet for 200 ms with nothing loading on screen (at most 5 s). */
  return async () => {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const quiet = inFlight.size === 0 && Date.now() - changed > 200;
      if (quiet && !(await loadingShown(page))) return;
      await page.waitForTimeout(50);
    }
    // Still busy after 5 s (a slow list): audit what is there rather than wait forever.
  };
}

/** A loading state anywhere, in the page or in any shadow root. */
function loadingShown(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    while (roots.length) {
      const root = roots.pop()!;
      if (root.querySelector('[data-state=loading]')) return true;
      for (const element of root.querySelectorAll('*'))
        if (element.shadowRoot) roots.push(element.shadowRoot);
    }
    return false;
  });
}

/**
 * Rules the host page must also pass, though axe rates them moderate: one main landmark, at
 * the top level, and an h1 (issue 13: the single pages had neither).
 */
const hostRules = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'page-has-heading-one',
];

/**
 * Serious and critical violations (and those of `alsoRules`), one line each: rule, impact,
 * page and the node's path through the shadow roots.
 */
async function audit(
  page: Page,
  where: string,
  { alsoRules = [], exclude = [] }: { alsoRules?: string[]; exclude?: string[] } = {},
): Promise<string[]> {
  // Legacy mode runs axe in the page itself (our pages have no cross-origin frames) instead of
  // finishing each run in a new blank page, and only violations come back: a third of the time.
  let builder = new AxeBuilder({ page, axeSource })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        alsoRules.includes(violation.id),
    )
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${where}: ${violation.id} (${violation.impact}) at ${JSON.stringify(node.target)}: ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`,
      ),
    );
}

/** What a route shows, so that routes showing the same page are checked once. */
function pageKind(page: Page): Promise<string> {
  return page.evaluate(() => {
    const frame = ['atrium-top-bar', 'atrium-side-menu']
      .filter((tag) => document.querySelector(tag))
      .join('+');
    if (/^(404|.*Not Found)/i.test(document.querySelector('h1')?.textContent ?? ''))
      return `${frame} 404`;
    // Which record or filter a page shows does not change how it is built.
    const identities = new Set(
      'def-key def-id inst-id task-id org-id org-name news-id file-id item-id draft-id copy-inst-id notice-id leader-id src classify-id type search'.split(
        ' ',
      ),
    );
    const element = document.querySelector('[data-page]') ?? document.querySelector('main > *');
    const attributes = element
      ? [...element.attributes]
          .filter((attribute) => !identities.has(attribute.name))
          .map((attribute) => `${attribute.name}=${attribute.value}`)
          .sort()
          .join(' ')
      : '';
    return `${frame} ${element?.tagName.toLowerCase() ?? document.body.innerHTML.slice(0, 60)} ${attributes}`;
  });
}

/** The host page's language: the `lang` key the language store keeps. */
async function inLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('lang', lang), language);
}

/** Goes to a host route without reloading (the host's router listens to popstate). */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate(async (target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
    // Two frames: the router has drawn the new page (or its loading state), not the old one.
    for (let frame = 0; frame < 2; frame += 1)
      await new Promise((resolve) => requestAnimationFrame(resolve));
  }, `/fvue${path}`);
}

interface Visit {
  path: string;
  /** A selector that is on the page once it has drawn. */
  ready: string;
}

function visits(routes: typeof signedInRoutes): Visit[] {
  return routes.map(([path, expected]) => ({
    path,
    ready:
      expected === 'login'
        ? 'atrium-login input[name=account]'
        : expected === 'not-found'
          ? 'h1'
          : expected.element,
  }));
}

/** Visits each route in turn and audits each kind of page once. */
async function auditRoutes(
  page: Page,
  routes: Visit[],
  label: string,
  seen: Set<string>,
): Promise<string[]> {
  const settle = trackRequests(page);
  const found: string[] = [];
  // The frame (top bar, side menu) is the same on every page of one user: checked once.
  const frameChecked = new Set<string>();
  for (const { path, ready } of routes) {
    if (page.url() === 'about:blank') await page.goto(`${baseUrl()}/fvue${path}`);
    else await visit(page, path);
    await page.waitForSelector(ready, { state: 'attached' });
    // What the page is is known once its element is there; its data only matters to axe.
    const kind = await pageKind(page);
    if (seen.has(kind)) continue;
    seen.add(kind);
    await settle();
    const frame = ['atrium-top-bar', 'atrium-side-menu'];
    const shown = await page.evaluate(
      (tags) => tags.filter((tag) => document.querySelector(tag)),
      frame,
    );
    const exclude = shown.filter((tag) => frameChecked.has(tag));
    for (const tag of shown) frameChecked.add(tag);
    found.push(...(await audit(page, `${label} ${path}`, { alsoRules: hostRules, exclude })));
  }
  return found;
}

describe.concurrent('accessibility: axe over every route of the host page', () => {
  const browser = useBrowser();

  for (const language of languages) {
    it(`${language}: no serious or critical violation on any route`, async () => {
      const found: string[] = [];
      const seen = new Set<string>();

      const anonymous = await browser.newPage({ locale: language, bypassCSP: true });
      await inLanguage(anonymous, language);
      found.push(...(await auditRoutes(anonymous, visits(anonymousRoutes), language, seen)));

      // An administrator sees every page of the table.
      const admin = await browser.newPage({ locale: language, bypassCSP: true });
      await inLanguage(admin, language);
      await admin.goto(`${baseUrl()}/fvue/home?token=${await apiToken('admin', 'Atrium#2026')}`);
      await admin.waitForSelector('atrium-home', { state: 'attached' });
      found.push(...(await auditRoutes(admin, visits(signedInRoutes), `${language} admin`, seen)));

      // A merchant's home and lists, a manager's to-do list and the task page with its
      // actions, and a print view of a real statement: pages whose content only they see.
      const merchant = await browser.newPage({ locale: language, bypassCSP: true });
      await inLanguage(merchant, language);
      const merchantToken = await apiToken('SZHY10001', 'Merchant#2026');
      await merchant.goto(`${baseUrl()}/fvue/home?token=${merchantToken}`);
      const statement = (
        await namedQuery<{ JLBH: string }>(merchantToken, { query: 'statement.fkqkd' })
      ).result[0]!;
      found.push(
        ...(await auditRoutes(
          merchant,
          [
            { path: '/home', ready: 'atrium-home' },
            { path: '/statements/lyfyjsd', ready: 'atrium-statement-list' },
            { path: '/lyfyjsd', ready: 'atrium-statement-list' },
          ],
          `${language} SZHY10001`,
          new Set(),
        )),
      );
      // The statement and its invoicing view. Opening a fee notice confirms it and opening a
      // dunning notice marks it viewed (docs/print.md): those views are left to print.test.ts,
      // the seeded notices stay as other files expect them.
      const print = await browser.newPage({ locale: language, bypassCSP: true });
      const settlePrint = trackRequests(print);
      await inLanguage(print, language);
      for (const kind of ['fkqkd', 'kpqrd']) {
        await print.goto(
          `${baseUrl()}/fvue/print_${kind}?JLBH=${statement.JLBH}&token=${merchantToken}`,
        );
        await print.waitForSelector('atrium-print h1');
        await settlePrint();
        found.push(
          ...(await audit(print, `${language} SZHY10001 /print_${kind}`, {
            alsoRules: hostRules,
          })),
        );
      }

      const manager = await browser.newPage({ locale: language, bypassCSP: true });
      await inLanguage(manager, language);
      await manager.goto(`${baseUrl()}/fvue/home?token=${await apiToken('mgr02', staff)}`);
      found.push(
        ...(await auditRoutes(
          manager,
          [
            { path: '/v-flow/v-todo', ready: 'atrium-task-list' },
            { path: `/task/${sharedTask}/0`, ready: 'atrium-task [part=actions]' },
          ],
          `${language} mgr02`,
          new Set(),
        )),
      );
      expect(found, found.join('\n')).toEqual([]);
      // One walk in one language: up to 2.5 minutes alone on a slow day of this machine, 5 beside
      // the rest of the suite (2026-11-28).
    }, 600_000);
  }
});

/**
 * Every element alone on a bare page, as a third-party site embeds it: one script tag, a
 * main landmark and a heading of the site's own. The attributes give each real data.
 */
const bareElements: { name: string; attributes?: string; account?: string }[] = [
  { name: 'about' },
  { name: 'agent-settings', attributes: 'kind="agent"' },
  { name: 'approval-phrases' },
  { name: 'app-centre' },
  { name: 'attachments', attributes: 'multiple limit="5"' },
  { name: 'chart-column', attributes: 'chart-id="1700000080000000002"' },
  { name: 'contract-list' },
  { name: 'custom-query', attributes: 'alias="storeList" heading' },
  { name: 'query-view', attributes: 'sql-alias="kqyc" alias="kqycmx"' },
  { name: 'custom-dialog', attributes: 'alias="merchantContracts" name="contracts" label="合同"' },
  { name: 'data-template', attributes: 'template-key="fitOut"', account: 'store01' },
  { name: 'form', attributes: 'template-key="fitOut"', account: 'store01' },
  { name: 'form-designer', attributes: 'form-key="inspection"', account: 'admin' },
  { name: 'favourite-apps', account: 'emp01' },
  { name: 'flow-image', attributes: 'def-key="leave"' },
  { name: 'flow-incidents' },
  { name: 'flow-starter' },
  { name: 'floor-map', attributes: 'store="S01" floor="L1" shop="L1-05"', account: '' },
  { name: 'floor-map-editor', attributes: 'mode="layout"' },
  { name: 'home' },
  { name: 'home-groups' },
  { name: 'home-layout', account: 'emp01' },
  { name: 'invoice-list', account: 'SZHY10001' },
  { name: 'login', account: '' },
  { name: 'mail' },
  { name: 'mail-contacts' },
  { name: 'mail-settings' },
  { name: 'meetings', account: 'emp01' },
  { name: 'messages', account: 'emp01' },
  { name: 'menu-container', attributes: 'menu-alias="v-flow" active="/v-flow/v-todo"' },
  { name: 'news-viewer', attributes: `news-id="${seededNews}"` },
  { name: 'news' },
  { name: 'news-carousel' },
  { name: 'overdue-list' },
  { name: 'print', attributes: 'kind="fkqkd" jlbh="{JLBH}" hsfs="联营"', account: 'SZHY10001' },
  { name: 'password-dialog', attributes: 'open' },
  { name: 'people-picker', attributes: 'name="users" label="人员" multiple' },
  { name: 'reset-password', account: '' },
  { name: 'sales-query' },
  { name: 'shortcuts', account: 'emp01' },
  { name: 'side-menu', attributes: 'active="/home"' },
  { name: 'signup', account: '' },
  { name: 'statement-list', attributes: 'kind="lyfyjsd"' },
  { name: 'statement-shell', attributes: 'path="/workbench"', account: 'store01' },
  { name: 'task-counters', account: 'mgr02' },
  { name: 'task-list', attributes: 'kind="todo"', account: 'mgr02' },
  { name: 'sys-module', attributes: 'module-id="1700000171000000001"', account: 'store01' },
  { name: 'task', attributes: `task-id="${sharedTask}"`, account: 'mgr02' },
  { name: 'todo-card', account: 'mgr02' },
  { name: 'top-bar' },
];
const passwords: Record<string, string> = {
  admin: 'Atrium#2026',
  SZHY10001: 'Merchant#2026',
};

describe.concurrent('accessibility: axe over every element on a bare page', () => {
  const browser = useBrowser();

  it('covers every element the build publishes', () => {
    const manifest = JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as {
      modules: { path: string }[];
    };
    const published = manifest.modules.map((module) => /elements\/(.+)\.js$/.exec(module.path)![1]);
    expect(bareElements.map((element) => element.name).sort()).toEqual(published.sort());
  });

  for (const language of languages) {
    it(`${language}: no serious or critical violation in any element`, async () => {
      const found: string[] = [];
      const merchant = await apiToken('SZHY10001', 'Merchant#2026');
      const statement = (await namedQuery<{ JLBH: string }>(merchant, { query: 'statement.fkqkd' }))
        .result[0]!;
      // One page per account (its session is set before any script runs), a new address for
      // each element: each element is alone on its page.
      const accounts = [...new Set(bareElements.map(({ account = 'admin' }) => account))];
      for (const account of accounts) {
        const page = await browser.newPage({ locale: language, bypassCSP: true });
        const settle = trackRequests(page);
        await inLanguage(page, language);
        if (account) await useSession(page, await apiLogin(account, passwords[account] ?? staff));
        for (const element of bareElements.filter(
          (item) => (item.account ?? 'admin') === account,
        )) {
          const tag = `atrium-${element.name}`;
          const attributes = (element.attributes ?? '').replace('{JLBH}', statement.JLBH);
          const html = `<${tag} ${attributes}></${tag}>`;
          await openSameOrigin(
            page,
            `/a11y-${element.name}`,
            `<main><h1>Atrium</h1>${html}</main>`,
            [element.name],
            language,
          );
          await page.waitForFunction(
            (tag) => document.querySelector(tag)?.shadowRoot?.childElementCount,
            tag,
          );
          await settle();
          found.push(...(await audit(page, `${language} <${element.name}>`)));
        }
      }
      expect(found, found.join('\n')).toEqual([]);
      // One walk in one language: up to 2.5 minutes alone on a slow day of this machine, 5 beside
      // the rest of the suite (2026-11-28).
    }, 600_000);
  }
});

/** Where focus is: inside an open dialog (role=dialog), and the focused control's name. */
function focusState(page: Page): Promise<{ inDialog: boolean; name: string }> {
  return page.evaluate(() => {
    let active = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return {
      inDialog: Boolean(active?.closest('[role=dialog]')),
      name: `${active?.tagName.toLowerCase()}${active?.getAttribute('name') ? `[name=${active.getAttribute('name')}]` : ''} ${active?.textContent?.trim().slice(0, 20) ?? ''}`,
    };
  });
}

/** Tab (or Shift+Tab) round the dialog more than once: focus never leaves it. */
async function tabAround(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<Set<string>> {
  const reached = new Set<string>();
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press(key);
    const { inDialog, name } = await focusState(page);
    expect(inDialog, `after ${press + 1} × ${key} focus is on ${name}`).toBe(true);
    reached.add(name);
  }
  return reached;
}

describe('accessibility: dialogs keep focus and close on Escape', () => {
  const browser = useBrowser();

  it('atrium-password-dialog: Tab and Shift+Tab stay inside, Escape closes it and focus goes back', async () => {
    const page = await browser.newPage();
    await useSession(page, await apiLogin('admin', 'Atrium#2026'));
    await openSameOrigin(
      page,
      '/a11y-password-dialog',
      `<main><h1>Account</h1><button id="change">修改密码</button>
       <atrium-password-dialog></atrium-password-dialog></main>
       <script>
         const dialog = document.querySelector('atrium-password-dialog');
         window.closeEvents = 0;
         document.getElementById('change').onclick = () => dialog.setAttribute('open', '');
         dialog.addEventListener('atrium-close', () => (window.closeEvents += 1));
       </script>`,
      ['password-dialog'],
    );
    await page.click('#change');
    await page.waitForSelector('atrium-password-dialog input[name=old]');
    expect((await focusState(page)).inDialog).toBe(true);
    // The three fields, the buttons and the close button are all reached, and nothing else.
    const forward = await tabAround(page, 'Tab');
    expect(forward.size).toBeGreaterThanOrEqual(5);
    expect(await tabAround(page, 'Shift+Tab')).toEqual(forward);

    await page.fill('atrium-password-dialog input[name=old]', 'typed');
    await page.keyboard.press('Escape');
    await page.waitForSelector('atrium-password-dialog [role=dialog]', { state: 'detached' });
    expect(await page.getAttribute('atrium-password-dialog', 'open')).toBeNull();
    expect(
      await page.evaluate(() => (window as unknown as { closeEvents: number }).closeEvents),
    ).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('change');
  });

  it('the top bar: the user menu and its password dialog work from the keyboard alone', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/fvue/home?token=${await apiToken('acct01', staff)}`);
    const menuButton = page.locator('atrium-top-bar [data-action=user-menu]');
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('atrium-top-bar [role=menu]');
    // Escape closes the menu and leaves focus on its button.
    await page.keyboard.press('Escape');
    await page.waitForSelector('atrium-top-bar [role=menu]', { state: 'detached' });
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await focusState(page)).name).toContain('修改密码');
    await page.keyboard.press('Enter');
    await page.waitForSelector('atrium-top-bar [role=dialog] input[name=old]');
    expect((await focusState(page)).inDialog).toBe(true);
    await tabAround(page, 'Tab');
    await page.keyboard.press('Escape');
    await page.waitForSelector('atrium-top-bar [role=dialog]', { state: 'detached' });
    expect((await focusState(page)).name).toContain('acct01');
  });
});
