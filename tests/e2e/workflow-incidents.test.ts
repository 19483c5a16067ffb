import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiToken, open, tableRows, useBrowser } from './support';

/**
 * The administrators' incidents page (issue 10, item 7) against the real server process: a
 * timer leads to a node whose approver resolves to nobody, the server's own job poller parks
 * the job as an incident, and the administrator cancels it from the page.
 */
const host = 'atrium-flow-incidents';
const dialog = '[role=dialog]:has([data-dialog=cancel-incident])';

/** The API with a token: GET without a body, POST with one. */
const send = (token: string, path: string, body?: unknown) =>
  api<Record<string, unknown>>(token, body === undefined ? 'GET' : 'POST', path, body);

const xml = `<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="https://atrium.haiya.example/schema/bpmn" id="d" targetNamespace="t"><process id="e2eghost" name="复核流程"><startEvent id="start"/><intermediateCatchEvent id="wait" name="等待"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent><userTask id="X" name="复核" atrium:assignee="role:e2e-nobody"/><endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="wait"/><sequenceFlow id="f2" sourceRef="wait" targetRef="X"/><sequenceFlow id="f3" sourceRef="X" targetRef="end"/></process></definitions>`;

async function openIncidents(page: Page, token: string, language = 'zh-CN') {
  // Awaited: a script added after the page starts loading does not run for that load.
  if (language === 'en-US') await page.addInitScript(() => localStorage.setItem('lang', 'en-US'));
  await open(page, '/v-flow/v-incidents', token);
}

describe('flow incidents', () => {
  const browser = useBrowser();

  // The flow this file deploys is started by everyone while it runs; afterwards nobody may
  // start it, so the other files' lists of startable flows stay theirs.
  afterAll(async () => {
    const revoked = await send(
      await apiToken('admin', 'Atrium#2026'),
      '/bpm-model/flow/defAuthorize/v1/save',
      { defKey: 'e2eghost', rights: [] },
    );
    expect(revoked.body.state).toBe(true);
  });

  it('an administrator sees a failed timer job with its reason and cancels it with a reason', async () => {
    const admin = await apiToken('admin', 'Atrium#2026');
    const types = await send(admin, '/bpm-model/flow/type/v1/tree');
    const typeId = (types.body as unknown as { id: string }[])[0]!.id;
    const deployed = await send(admin, '/bpm-model/flow/def/v1/deploy', {
      defKey: 'e2eghost',
      name: '复核流程',
      typeId,
      bpmnXml: xml,
      form: { fields: [] },
    });
    expect(deployed.body.state).toBe(true);
    await send(admin, '/bpm-model/flow/defAuthorize/v1/save', {
      defKey: 'e2eghost',
      rights: [{ type: 'everyone' }],
    });
    const emp01 = await apiToken('emp01', 'Staff#2026');
    const started = await send(emp01, '/bpm-runtime/runtime/instance/v1/start', {
      flowKey: 'e2eghost',
      data: Buffer.from('{}').toString('base64'),
      subject: '复核流程（端到端）',
    });
    const instId = started.body.instId as string;
    // The server's poller (every 5 s) fires the timer, and the refusal parks the job.
    await expect
      .poll(
        async () => {
          const list = await send(admin, '/bpm-runtime/runtime/incident/v1/list', {});
          return (list.body.rows as { instId: string }[]).some((row) => row.instId === instId);
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(true);

    const page = await browser.newPage();
    await openIncidents(page, admin);
    const row = `${host} tr:has-text("复核流程（端到端）")`;
    await expect.poll(() => page.locator(row).count(), { timeout: 15_000 }).toBe(1);
    const rows = await tableRows(page, host);
    expect(rows.find((item) => item.subject === '复核流程（端到端）')).toMatchObject({
      kindName: '任务执行失败',
      nodeName: '等待',
      error: '节点【复核】没有找到审批人，请联系管理员',
      applicantName: '刘洋',
    });

    // Cancel needs a reason; with one, the flow ends and the row moves to the resolved tab.
    await page.click(`${row} [data-action=cancel]`);
    await page.click(`${dialog} [data-action=confirm]`);
    await expect
      .poll(() => page.textContent(`${host} [data-dialog=cancel-incident] [role=alert]`))
      .toBe('请填写原因');
    await page.fill(`${host} textarea[name=reason]`, '复核岗位已撤销');
    await page.click(`${dialog} [data-action=confirm]`);
    await expect.poll(() => page.locator(row).count()).toBe(0);
    await page.click(`${host} [data-tab=resolved]`);
    await expect
      .poll(() => page.textContent(`${row} [data-resolution]`))
      .toBe('已作废 · 系统管理员');
    const instance = await send(
      emp01,
      `/bpm-runtime/runtime/instance/v1/getInstanceByInstId?instId=${instId}`,
    );
    expect(instance.body.status).toBe('manualend');
  });

  it('shows the page in English, and tells anyone else that only administrators handle it', async () => {
    const english = await browser.newPage();
    await openIncidents(english, await apiToken('admin', 'Atrium#2026'), 'en-US');
    await expect.poll(() => english.textContent(`${host} h2`)).toBe('Flow incidents');
    await expect.poll(() => english.textContent(`${host} [data-tab=resolved]`)).toBe('Resolved');

    const page = await browser.newPage();
    await openIncidents(page, await apiToken('emp02', 'Staff#2026'));
    await expect
      .poll(() => page.textContent(`${host} [role=alert]`))
      .toBe('只有管理员可以处理流程异常');
  });
});
