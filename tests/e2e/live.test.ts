import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamPath } from '../../src/core/live/events';
import { startServerProcess, type ServerProcess } from './server-process';
import { toasts, useBrowser } from './support';

/**
 * The live portal across processes (issue 44, docs/live.md): two server processes on one
 * PostgreSQL, each page on its own, so every event crosses from one process to the other
 * through NOTIFY. Nobody reloads: the approver's open to-do card shows the new request, the
 * applicant's page tells its result, and a page whose session ends elsewhere signs out.
 */
describe.skipIf(!process.env.DATABASE_URL)('the live portal on two processes', () => {
  const browser = useBrowser();
  const database = `atrium_live_e2e_${process.pid}`;
  let machines: ServerProcess[] = [];

  const databaseUrl = () => {
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${database}`;
    return url.toString();
  };
  /** Runs a statement on the server (`on: 'portal'`: on the portal's database). */
  const admin = async (statement: string, on: 'server' | 'portal' = 'server') => {
    const client = new pg.Client({
      connectionString: on === 'portal' ? databaseUrl() : process.env.DATABASE_URL,
    });
    await client.connect();
    await client.query(statement);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`drop database if exists ${database} with (force)`);
    await admin(`create database ${database}`);
    const env = { DATABASE_URL: databaseUrl(), WORKERS: '1', JWT_SECRET: 'live-e2e-secret' };
    // One after the other: the first migrates and seeds, the second finds it ready.
    machines = [await startServerProcess(env), await startServerProcess(env)];
  }, 240_000);

  // Pages go before their servers: a page left open would load from a stopped one.
  const pages: Page[] = [];
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((page) => page.context().close()));
  });
  afterAll(async () => {
    await Promise.all(machines.map((machine) => machine.stop()));
    await admin(`drop database if exists ${database} with (force)`);
  });

  const call = async (machine: number, token: string | null, path: string, body?: object) => {
    const response = await fetch(`${machines[machine]!.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const signIn = async (machine: number, account: string) =>
    (await call(machine, null, '/uc/auth', { username: account, password: 'Staff#2026' }))
      .token as string;

  /** A page of the portal on a machine, with the token handed over; answers once its stream is open. */
  async function livePage(machine: number, token: string, path = '/home'): Promise<Page> {
    const page = await (await browser.newContext()).newPage();
    pages.push(page);
    const streamOpen = page.waitForResponse(
      (response) => response.url().endsWith(liveStreamPath) && response.status() === 200,
    );
    await page.goto(`${machines[machine]!.baseUrl}/fvue${path}?token=${token}`);
    await page.waitForSelector('atrium-home [data-stage]:not([data-stage=loading])');
    for (const [stage, action] of [
      ['holiday', 'close-holiday'],
      ['tour', 'skip-tour'],
    ] as const) {
      if ((await page.getAttribute('atrium-home [data-stage]', 'data-stage')) === stage)
        await page.click(`atrium-home [data-action=${action}]`);
    }
    await streamOpen;
    return page;
  }

  it("shows a new leave on the approver's open to-do card, and its result on the applicant's page", async () => {
    const [leadToken, empToken] = [await signIn(0, 'lead01'), await signIn(1, 'emp01')];
    const lead = await livePage(0, leadToken);
    await lead.waitForSelector('atrium-todo-card [part~=badge][data-total]');
    const applicant = await livePage(1, empToken);

    const data = { leaveType: 'annual', startDate: '2026-12-01', endDate: '2026-12-02', days: 2 };
    const started = await call(1, empToken, '/bpm-runtime/runtime/instance/v1/start', {
      flowKey: 'leave',
      data: Buffer.from(JSON.stringify({ ...data, reason: '实时推送' })).toString('base64'),
    });
    expect(started.state).toBe(true);
    const todo = (await call(0, leadToken, '/bpm-runtime/runtime/task/v1/getTodoList', {
      querys: [{ property: 'procInstId', value: started.instId, operation: 'EQUAL' }],
    })) as { rows: { taskId: string }[] };
    const taskId = todo.rows[0]!.taskId;
    const row = `atrium-todo-card [data-task="${taskId}"]`;
    await lead.waitForSelector(row, { timeout: 10_000 });

    const done = await call(0, leadToken, '/bpm-runtime/runtime/task/v1/complete', {
      taskId,
      actionName: 'agree',
      opinion: '同意',
    });
    expect(done.state).toBe(true);
    await lead.waitForSelector(row, { state: 'detached', timeout: 10_000 });
    await expect
      .poll(() => toasts(applicant), { timeout: 10_000 })
      .toContain('您发起的申请已审批通过');
  });

  it("adds a merchant's new notices to the open list without veiling the rows being read", async () => {
    const answer = await call(1, null, '/uc/auth', {
      username: 'SZHY10001',
      password: 'Merchant#2026',
    });
    const page = await (await browser.newContext()).newPage();
    pages.push(page);
    const streamOpen = page.waitForResponse(
      (response) => response.url().endsWith(liveStreamPath) && response.status() === 200,
    );
    await page.goto(`${machines[1]!.baseUrl}/fvue/shcjftzd?token=${answer.token as string}`);
    const host = 'atrium-overdue-list';
    await page.waitForSelector(`${host} [data-count]`);
    await streamOpen;
    const count = async () => Number(await page.getAttribute(`${host} [data-count]`, 'data-count'));
    const before = await count();
    // A refresh nobody asked for keeps the rows readable: no veil, no "loading" count.
    await page.locator(host).evaluate((element) => {
      const root = element.shadowRoot!;
      const seen = { veiled: false };
      Object.assign(window, { seen });
      new MutationObserver(() => {
        if (root.querySelector('[data-veil], [data-loading]')) seen.veiled = true;
      }).observe(root, { subtree: true, childList: true, attributes: true });
    });
    await admin(
      `insert into dunning_notices
      select (jsonb_populate_record(null::dunning_notices,
        to_jsonb(d) || jsonb_build_object('id', 'live-e2e-' || d.id))).*
      from dunning_notices d where d.merchant_code = '10001'
      order by d.cutoff_date desc, d.id limit 2`,
      'portal',
    );
    await expect.poll(count, { timeout: 10_000 }).toBe(before + 2);
    expect(
      await page.evaluate(() => (window as unknown as { seen: { veiled: boolean } }).seen),
    ).toEqual({ veiled: false });
  });

  it('signs out the other page of a session that ended on another process', async () => {
    const token = await signIn(0, 'emp02');
    const [here, there] = [await livePage(0, token), await livePage(1, token)];
    expect(await call(0, token, '/uc/logout', {})).toMatchObject({ state: true });
    await there.waitForURL(/\/fvue\/login/, { timeout: 10_000 });
    await here.waitForURL(/\/fvue\/login/, { timeout: 10_000 });
  });
});
