import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiToken, open, toasts, useBrowser } from './support';

/**
 * The spec's waits (issue 39, item 9).
 *
 * A flow whose form is a page of its own (spec/merchant-finance.md sections 8-9; docs/
 * workflow.md, "URL forms"): the starter opens it in a window, and 启动流程 asks that window
 * for its data with the form-data handshake. Every outcome the starter tells apart, against
 * the real server: no window, a window that never takes part (and the 是否仍然启动流程
 * question), an acknowledgement without data in 10 s (the page's clock moved, not waited),
 * an error from the form, an empty form, and a filled one whose data starts the flow.
 *
 * The form's address is the portal's own; what the window holds is set per step by a route
 * of the browser, and the filled form is the portal's sample with its real bridge script.
 */
const flowKey = 'e2eurlform';
/** A flow with the same URL form whose fields the server does not require (item 9's "yes"). */
const openKey = 'e2eanywayflow';
const formPath = '/guides/forms/e2e-url-form.html';
const host = 'atrium-flow-starter';
const bpmn = (key: string, name: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="https://atrium.haiya.example/schema/bpmn" id="d" targetNamespace="t"><process id="${key}" name="${name}"><startEvent id="start"/><userTask id="A" name="审批" atrium:assignee="user:lead01"/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="A"/><sequenceFlow id="f2" sourceRef="A" targetRef="end"/></process></definitions>`;

/** What the form's window holds: each a page of the portal's origin. */
const formPages = {
  /** The sample expense claim with the portal's bridge script. */
  sample: `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>报销单</title>
    <script src="/guides/forms/form-bridge.js" defer></script></head><body>
    <form data-atrium-form><input name="amount"><textarea name="reason"></textarea></form>
    </body></html>`,
  /** A page that knows nothing of the handshake. */
  silent: '<!doctype html><title>无关页面</title><p>no bridge</p>',
  /** Acknowledges, then never sends the data. */
  stalls: `<!doctype html><title>stalls</title><script>
    addEventListener('message', (event) => {
      if (event.data?.type !== 'atrium-form-data-request') return;
      event.source.postMessage({ type: 'atrium-form-data-ack', id: event.data.id }, event.origin);
      document.title = 'acknowledged';
    });</script>`,
  /** The bridge, with the page's own data function failing. */
  fails: `<!doctype html><title>fails</title>
    <script>window.atriumFormData = () => Promise.reject(new Error('表单校验失败'));</script>
    <script src="/guides/forms/form-bridge.js" defer></script>`,
};
type FormPage = keyof typeof formPages;

const send = (token: string, path: string, body?: unknown) =>
  api<Record<string, unknown>>(token, body === undefined ? 'GET' : 'POST', path, body);

describe('a flow with a URL form', () => {
  const browser = useBrowser();
  let admin: string;
  let context: BrowserContext;
  let page: Page;
  let showing: FormPage = 'sample';

  beforeAll(async () => {
    admin = await apiToken('admin', 'Atrium#2026');
    const types = await send(admin, '/bpm-model/flow/type/v1/tree');
    const typeId = (types.body as unknown as { id: string }[])[0]!.id;
    const flows = [
      { key: flowKey, name: '报销（URL表单）', required: true },
      { key: openKey, name: '登记（URL表单，无必填项）', required: false },
    ];
    for (const flow of flows) {
      const deployed = await send(admin, '/bpm-model/flow/def/v1/deploy', {
        defKey: flow.key,
        name: flow.name,
        typeId,
        bpmnXml: bpmn(flow.key, flow.name),
        form: {
          url: formPath,
          fields: [
            { name: 'amount', label: '报销金额', type: 'money', required: flow.required },
            { name: 'reason', label: '报销事由', type: 'textarea' },
          ],
        },
      });
      expect(deployed.body.state).toBe(true);
      const granted = await send(admin, '/bpm-model/flow/defAuthorize/v1/save', {
        defKey: flow.key,
        rights: [{ type: 'everyone' }],
      });
      expect(granted.body.state).toBe(true);
    }
    context = await browser.newContext();
    await context.route(`**${formPath}`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: formPages[showing] }),
    );
    page = await context.newPage();
    // The page's clock is the test's: the 10 s wait for data is moved, not waited.
    await page.clock.install();
    await open(page, `/agentStartByKey/${flowKey}`, await apiToken('emp01', 'Staff#2026'));
    await page.waitForSelector(`${host} [data-url-form] [data-action=open-form]`);
  });

  // Started by everyone while this file runs; afterwards nobody may start it, so the other
  // files' lists of startable flows stay theirs.
  afterAll(async () => {
    for (const defKey of [flowKey, openKey]) {
      const revoked = await send(admin, '/bpm-model/flow/defAuthorize/v1/save', {
        defKey,
        rights: [],
      });
      expect(revoked.body.state).toBe(true);
    }
  });

  /** Opens the form's window holding `kind` from the starter `on`, answering that window's page. */
  async function openForm(kind: FormPage, on: Page = page): Promise<Page> {
    showing = kind;
    const [form] = await Promise.all([
      context.waitForEvent('page'),
      on.click(`${host} [data-action=open-form]`),
    ]);
    await form.waitForLoadState('load');
    return form;
  }

  /** The instances of a flow (this file's first by default) emp01 has started. */
  async function startedByEmp01(key = flowKey): Promise<string[]> {
    const mine = await send(
      await apiToken('emp01', 'Staff#2026'),
      '/bpm-runtime/runtime/instance/v1/myRequest',
      { pageBean: { page: 1, pageSize: 100 } },
    );
    const rows = (mine.body.rows ?? []) as Record<string, unknown>[];
    // The key as a whole value ("e2eurlform" is also the start of other keys).
    return rows
      .filter((row) => JSON.stringify(row).includes(`"${key}"`))
      .map((row) => String(row.id));
  }

  /** lead01 approves an instance's task: the flow ends, and no other file finds its to-do. */
  async function approve(instId: string): Promise<void> {
    const instance = await send(
      await apiToken('emp01', 'Staff#2026'),
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${instId}`,
    );
    const [task] = instance.body.currentTasks as { taskId: string }[];
    const agreed = await send(
      await apiToken('lead01', 'Staff#2026'),
      '/bpm-runtime/runtime/task/v1/complete',
      { taskId: task!.taskId, actionName: 'agree', opinion: '同意。' },
    );
    expect(agreed.body.state).toBe(true);
  }

  const problem = () => page.getAttribute(`${host} [data-url-form] [role=alert]`, 'data-problem');
  const start = () => page.click(`${host} [data-action=submit]`);
  const ask = `${host} [role=dialog]:has([data-dialog=start-anyway])`;

  it('tells each way the form can fail to give its data, and starts nothing', async () => {
    // No window yet.
    await start();
    await expect.poll(problem).toBe('noForm');

    // A page that never acknowledges: asked whether to start anyway; no keeps it unstarted.
    const silent = await openForm('silent');
    await start();
    await page.waitForSelector(ask);
    expect(await page.textContent(ask)).toContain('是否仍然启动流程？');
    await page.click(`${ask} button:has-text("取消")`);
    await page.waitForSelector(ask, { state: 'detached' });
    await silent.close();

    // Acknowledged, then nothing: after the spec's 10 s the starter says it timed out.
    const stalls = await openForm('stalls');
    await start();
    await expect.poll(() => stalls.title()).toBe('acknowledged');
    await page.clock.fastForward(10_000);
    await expect.poll(problem).toBe('timedOut');
    await stalls.close();

    // The form answers an error.
    const fails = await openForm('fails');
    await start();
    await expect.poll(problem).toBe('unexpected');
    await fails.close();

    // The sample form, left empty.
    const empty = await openForm('sample');
    await start();
    await expect.poll(problem).toBe('empty');
    expect(await page.textContent(`${host} [data-url-form] [role=alert]`)).toBe(
      '在线表单内容为空：请先在表单窗口中填写。',
    );
    await empty.close();

    expect(await startedByEmp01()).toEqual([]);
  });

  it("starts the flow with the data the form's window sends", async () => {
    const form = await openForm('sample');
    await form.fill('input[name=amount]', '1288.50');
    await form.fill('textarea[name=reason]', '华南区巡店差旅');
    await start();
    await expect.poll(() => form.isClosed()).toBe(true);
    await expect.poll(async () => (await startedByEmp01()).length).toBe(1);
    const [instId] = await startedByEmp01();
    const instance = await send(
      await apiToken('emp01', 'Staff#2026'),
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${instId}`,
    );
    expect(instance.body.data).toEqual({ amount: 1288.5, reason: '华南区巡店差旅' });
    await approve(instId!);
  });

  it('starts the flow without the data when the user answers yes to 是否仍然启动流程', async () => {
    const emp01 = await apiToken('emp01', 'Staff#2026');
    /** The starter of a flow in a tab of its own (the one above went on to my requests). */
    const starterOf = async (key: string) => {
      const starter = await context.newPage();
      await open(starter, `/agentStartByKey/${key}`, emp01);
      await starter.waitForSelector(`${host} [data-url-form] [data-action=open-form]`);
      return starter;
    };
    /** Starts with the silent page as the form and answers yes to the question. */
    const startAnyway = async (starter: Page) => {
      const form = await openForm('silent', starter);
      await starter.click(`${host} [data-action=submit]`);
      await starter.waitForSelector(ask);
      expect(await starter.textContent(ask)).toContain('是否仍然启动流程？');
      await starter.click(`${ask} [data-action=confirm]`);
      await starter.waitForSelector(ask, { state: 'detached' });
      return form;
    };

    // The flow's fields still bind: a required one the form never sent refuses the start.
    const before = await startedByEmp01();
    const required = await starterOf(flowKey);
    const refused = await startAnyway(required);
    await expect.poll(() => toasts(required)).toContainEqual(expect.stringContaining('报销金额'));
    expect(refused.isClosed()).toBe(false);
    expect(await startedByEmp01()).toEqual(before);

    // A flow that requires none of them starts, with no form data, and the window closes.
    const starter = await starterOf(openKey);
    const form = await startAnyway(starter);
    await expect.poll(() => form.isClosed()).toBe(true);
    await starter.waitForURL(/\/fvue\/v-flow\/v-request/);
    const started = await startedByEmp01(openKey);
    expect(started).toHaveLength(1);
    const instance = await send(
      emp01,
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${started[0]}`,
    );
    expect(instance.body.data ?? {}).toEqual({});
    expect((instance.body.currentTasks as unknown[]).length).toBe(1);
    await approve(started[0]!);
  });
});

/**
 * A page's code within the spec's 120 s (demo/src/load-code.ts): a chunk that fails says so
 * with a retry that asks for it again, and one that never arrives says so at 120 s (the
 * page's clock moved) instead of a spinner that never ends.
 */
describe("the deadline on a page's code", () => {
  const browser = useBrowser();
  const chunk = '**/ResetPasswordPage-*.js';
  const failure = '[data-state=code-failed]';

  it('says a failed load, and draws the page on Retry', async () => {
    const page = await browser.newPage();
    await page.route(chunk, (route) => route.abort('connectionreset'));
    await open(page, '/resetPwdView');
    await page.waitForSelector(`${failure}[data-kind=failed]`);
    expect(await page.textContent(failure)).toContain('页面加载失败，请检查网络后重试');
    await page.unroute(chunk);
    await page.click(`${failure} button`);
    await page.waitForSelector(failure, { state: 'detached' });
    await page.waitForSelector('atrium-reset-password, form');
  });

  it('says a load that takes longer than 120 s timed out', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    // The chunk is asked for and never answered.
    let asked!: () => void;
    const askedFor = new Promise<void>((resolve) => (asked = resolve));
    await page.route(chunk, () => asked());
    await open(page, '/resetPwdView');
    await askedFor;
    // The deadline starts when the portal first asks for the code, after its start-up
    // awaits: the clock moves 120 s at a time until the page says it timed out.
    await expect
      .poll(async () => {
        await page.clock.fastForward(120_000);
        return page.locator(`${failure}[data-kind=timedOut]`).count();
      })
      .toBe(1);
    expect(await page.textContent(failure)).toContain('页面加载超时（120 秒）');
  });
});
