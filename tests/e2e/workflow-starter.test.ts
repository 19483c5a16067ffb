import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, call, open, toasts, useBrowser } from './support';
import { staffId } from '../../server/db/seed/workflow/people';

/**
 * Starting flows: the flow list (search, its empty text, favourites and their limit), start
 * rights, starting for a leader, drafts saved, continued and deleted.
 */
const staff = 'Staff#2026';
const mgr02 = staffId('mgr02');

const flowsShown = (page: Page) =>
  page
    .locator('atrium-flow-starter [part=categories] [data-flow]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-flow')));

async function search(page: Page, text: string): Promise<void> {
  await page.fill('atrium-flow-starter input[name=search]', text);
  await page.click('atrium-flow-starter [data-action=search]');
}

describe('starting flows', () => {
  const browser = useBrowser();

  it('searches flows by key or name and says so when none matches', async () => {
    const page = await browser.newPage();
    await open(page, '/v-personal/commonFlow', await apiToken('emp01', staff));
    await expect.poll(() => flowsShown(page)).toEqual(['leave', 'expense']);
    await search(page, 'leave');
    await expect.poll(() => flowsShown(page)).toEqual(['leave']);
    await search(page, '报销');
    await expect.poll(() => flowsShown(page)).toEqual(['expense']);
    await search(page, '没有这个流程');
    await page.waitForSelector('atrium-flow-starter [data-state=no-flows]');
    expect(
      await page
        .locator('atrium-flow-starter [data-state=no-flows] > *')
        .evaluateAll((nodes) => nodes.map((node) => node.textContent)),
    ).toEqual(['抱歉！没有找到符合条件的流程', '您可以尝试更换关键词']);
  });

  it('refuses a flow without the start right: 无启动权限，请联系管理员', async () => {
    const page = await browser.newPage();
    await open(page, '/agentStartByKey/contract', await apiToken('emp01', staff));
    await page.waitForSelector('atrium-flow-starter [data-state=no-rights]');
    expect(await page.textContent('atrium-flow-starter [data-state=no-rights] [role=alert]')).toBe(
      '无启动权限，请联系管理员',
    );
    expect(await page.locator('atrium-flow-starter [data-action=submit]').count()).toBe(0);
  });

  it('asks a secretary who starts the flow, with the messages of the spec', async () => {
    const page = await browser.newPage();
    await open(page, '/v-personal/commonFlow', await apiToken('sec01', staff));
    await page.click(
      'atrium-flow-starter [part=categories] [data-flow=leave] [data-action=start-flow]',
    );
    await page.waitForSelector('atrium-flow-starter [data-dialog=starter]');
    const alert = 'atrium-flow-starter [data-dialog=starter] [role=alert]';
    await page.click('atrium-flow-starter [data-action=confirm-starter]');
    await expect.poll(() => page.textContent(alert)).toBe('请选择一个发起人');
    await page.selectOption('atrium-flow-starter select[name=starter]', 'leader');
    await page.click('atrium-flow-starter [data-action=confirm-starter]');
    await expect.poll(() => page.textContent(alert)).toBe('请选择代为审批的领导');
    await page.selectOption('atrium-flow-starter select[name=leader]', mgr02);
    await page.click('atrium-flow-starter [data-action=confirm-starter]');
    await page.waitForURL(new RegExp(`/fvue/agentStart/\\d+/${mgr02}$`));
    await expect
      .poll(() => page.textContent(`atrium-flow-starter [data-leader="${mgr02}"]`))
      .toBe('代 林芳 发起');
  });

  it('keeps at most 11 favourite flows: 最多可添加11个常用流程', async () => {
    const admin = await apiToken('admin', 'Atrium#2026');
    // Eleven favourites need twelve flows: the admin deploys nine more copies of the leave flow.
    const xml = readFileSync('server/db/seed/workflow/flows/leave.bpmn', 'utf8');
    const form = JSON.parse(readFileSync('server/db/seed/workflow/flows/leave.form.json', 'utf8'));
    const types = await call<{ id: string }[]>(admin, 'GET', '/bpm-model/flow/type/v1/tree');
    const keys = ['leave', 'contract', 'expense'];
    for (let n = 1; n <= 9; n++) {
      const defKey = `e2eFavourite${n}`;
      keys.push(defKey);
      const deployed = await call<{ state: boolean }>(
        admin,
        'POST',
        '/bpm-model/flow/def/v1/deploy',
        {
          defKey,
          name: `收藏测试流程${n}`,
          typeId: types[0]!.id,
          // The process id and the diagram's reference to it become the new key.
          bpmnXml: xml.replaceAll('"leave"', `"${defKey}"`),
          form,
        },
      );
      expect(deployed.state).toBe(true);
    }
    const saved = await call<{ state: boolean }>(
      admin,
      'POST',
      '/bpm-model/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow',
      keys.slice(0, 11).map((defKey) => ({ defKey })),
    );
    expect(saved.state).toBe(true);
    const page = await browser.newPage();
    await open(page, '/v-personal/commonFlow', admin);
    await page.waitForSelector('atrium-flow-starter [part=favourites][data-favourites="11"]');
    const twelfth = `atrium-flow-starter [part=categories] [data-flow=${keys[11]}] [data-action=favourite]`;
    expect(await page.getAttribute(twelfth, 'aria-pressed')).toBe('false');
    await page.click(twelfth);
    await expect.poll(() => toasts(page)).toContain('最多可添加11个常用流程');
    expect(await page.getAttribute(twelfth, 'aria-pressed')).toBe('false');
    // Removing one is saved; then the twelfth fits.
    await page.click(
      `atrium-flow-starter [part=categories] [data-flow=${keys[10]}] [data-action=favourite]`,
    );
    await page.waitForSelector('atrium-flow-starter [part=favourites][data-favourites="10"]');
    await page.click(twelfth);
    await page.waitForSelector('atrium-flow-starter [part=favourites][data-favourites="11"]');
    expect(await page.getAttribute(twelfth, 'aria-pressed')).toBe('true');
  });

  it('saves a draft, continues it in the start form, then deletes it: 删除成功', async () => {
    const token = await apiToken('emp02', staff);
    const page = await browser.newPage();
    await open(page, '/agentStartByKey/expense', token);
    await page.waitForSelector('atrium-flow-starter [data-field=title] input');
    await page.fill('atrium-flow-starter [data-field=title] input', '草稿：打印机墨盒');
    await page.selectOption('atrium-flow-starter [data-field=category] select', 'office');
    await page.click('atrium-flow-starter [data-action=save-draft]');
    await expect.poll(() => toasts(page)).toContain('保存成功');
    const draftId = await page.getAttribute('atrium-flow-starter [data-draft]', 'data-draft');
    expect(draftId).toMatch(/^\d+$/);

    await open(page, '/v-flow/v-draft');
    await page.waitForSelector(`atrium-task-list [data-open="${draftId}"]`);
    await page.click(`atrium-task-list tr:has([data-open="${draftId}"]) [data-action=restore]`);
    await page.waitForURL(new RegExp(`/fvue/start/\\d+/${draftId}$`));
    await expect
      .poll(() => page.inputValue('atrium-flow-starter [data-field=title] input'))
      .toBe('草稿：打印机墨盒');
    expect(await page.inputValue('atrium-flow-starter [data-field=category] select')).toBe(
      'office',
    );

    await open(page, '/v-flow/v-draft');
    await page.click(`atrium-task-list tr:has([data-open="${draftId}"]) [data-action=delete]`);
    await page.click(
      'atrium-task-list [role=dialog]:has([data-dialog=delete]) [data-action=confirm]',
    );
    await expect.poll(() => toasts(page)).toContain('删除成功');
    await page.waitForSelector(`atrium-task-list [data-open="${draftId}"]`, { state: 'detached' });
  });
});
