/**
 * Lighthouse 12 over the portal's kinds of page, signed in (issue 40): each page three times
 * on the default throttled phone and three on desktop, median score per category (performance,
 * accessibility, best practices, SEO) with the layout shift, largest paint and blocking time of
 * the median performance run. Run after `npm run build`:
 *
 *   npx tsx bench/lighthouse.ts [--runs 3] [--pages login,lyfyjsd] [--phone] [--url http://host:port]
 *     [--save folder]
 *
 * --phone measures the phone only. --save writes each run's whole report (JSON) there, to read
 * what the score is made of: the request chains, the main thread's work, the long tasks. What
 * moved in a layout shift: bench/shifts.ts (Lighthouse's own list of shifted elements fails in
 * this Chromium, for want of a trace event).
 *
 * Without --url it starts the server on a fresh demo data folder (STATIC_DIR picks the build).
 * The figures move with the machine's load: on a machine shared with other work read them as
 * rough, and compare runs taken side by side.
 */
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer, { type Browser } from 'puppeteer-core';
import { startServer } from './server';

interface Target {
  name: string;
  /** Signed in as (password from the demo table); none: anonymous. */
  account?: [string, string];
  /** The page's address below /fvue, or how to find it. */
  path: string | ((base: string, token: string) => Promise<string>);
}

/** A print view of the merchant's first payment notice (its id is in the list). */
async function printView(base: string, token: string): Promise<string> {
  const descriptor = { query: 'statement.fkqkd', filters: {}, page: { page: 1, pageSize: 1 } };
  const param = Buffer.from(JSON.stringify(descriptor)).toString('base64');
  const answer = (await (
    await fetch(`${base}/bpm-runtime/bpm/atriumScript/executeSql?param=${param}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { result: { JLBH: string }[] };
  return `/print_fkqkd?JLBH=${encodeURIComponent(answer.result[0]!.JLBH)}`;
}

const merchant: [string, string] = ['SZHY10001', 'Merchant#2026'];
const emp01: [string, string] = ['emp01', 'Staff#2026'];
const targets: Target[] = [
  { name: 'login', path: '/login' },
  { name: 'lyfyjsd', account: merchant, path: '/lyfyjsd' },
  { name: 'home-emp01', account: emp01, path: '/home' },
  { name: 'home-admin', account: ['admin', 'Atrium#2026'], path: '/home' },
  { name: 'print', account: merchant, path: printView },
  { name: 'tasks', account: emp01, path: '/v-flow/v-todo' },
  { name: 'mail', account: emp01, path: '/v-mail/mailList' },
  { name: 'floor-map', path: '/mapContainer' },
  { name: 'online-forms', account: ['store01', 'Staff#2026'], path: '/onlineForm' },
  { name: 'sales', account: merchant, path: '/xscx' },
];

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Figures = Record<(typeof categories)[number], number> & {
  shift: number;
  paint: number;
  blocking: number;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function signIn(base: string, [username, password]: [string, string]) {
  const answer = await fetch(`${base}/uc/auth`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return (await answer.json()) as {
    token: string;
    account: string;
    username: string;
    userId: string;
  };
}

/** One Lighthouse run in a fresh browser context, the session put where the page keeps it. */
async function audit(
  browser: Browser,
  url: string,
  session: Awaited<ReturnType<typeof signIn>> | null,
  desktop: boolean,
  save?: string,
): Promise<Figures> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (session) {
      const user = { ...session, loginStatus: 1, expiration: 0, loginTime: Date.now() };
      // Lighthouse clears the origin's storage before it loads the page: set it in each document.
      await page.evaluateOnNewDocument((value: string) => {
        sessionStorage.setItem('currentUser', value);
        sessionStorage.setItem('atrium.holidayShown', '1');
      }, JSON.stringify(user));
    }
    const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: [...categories] };
    const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined, page);
    if (save) writeFileSync(save, JSON.stringify(result!.lhr));
    return figuresOf(result!.lhr);
  } finally {
    await context.close();
  }
}

function figuresOf(lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    shift: value('cumulative-layout-shift'),
    paint: value('largest-contentful-paint'),
    blocking: value('total-blocking-time'),
  };
}

/** The medians of several runs; the timings are those of the median performance run. */
function summary(runs: Figures[]): string {
  const scores = categories.map((category) => median(runs.map((run) => run[category])));
  const middle = [...runs].sort((a, b) => a.performance - b.performance)[
    Math.floor(runs.length / 2)
  ]!;
  return (
    `${scores.join(' / ')} (perf ${runs.map((run) => run.performance).join(', ')}), ` +
    `shift ${middle.shift.toFixed(2)}, paint ${(middle.paint / 1000).toFixed(1)} s, ` +
    `blocking ${Math.round(middle.blocking)} ms`
  );
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string' },
      url: { type: 'string' },
      phone: { type: 'boolean', default: false },
      save: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const chosen = values.pages?.split(',');
  if (values.save) mkdirSync(values.save, { recursive: true });
  const server = values.url ? null : await startServer(8112);
  const base = values.url ?? server!.url;
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log('| page | desktop perf / a11y / best practices / SEO | mobile |');
    console.log('|---|---|---|');
    for (const target of targets.filter((item) => !chosen || chosen.includes(item.name))) {
      const session = target.account ? await signIn(base, target.account) : null;
      const path =
        typeof target.path === 'string' ? target.path : await target.path(base, session!.token);
      const url = `${base}/fvue${path}`;
      const row: string[] = [];
      for (const desktop of values.phone ? [false] : [true, false]) {
        const figures: Figures[] = [];
        for (let run = 0; run < runs; run++) {
          const report = values.save
            ? join(values.save, `${target.name}-${desktop ? 'desktop' : 'phone'}-${run + 1}.json`)
            : undefined;
          figures.push(await audit(browser, url, session, desktop, report));
        }
        row.push(summary(figures));
      }
      console.log(`| ${target.name} | ${row.join(' | ')} |`);
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
