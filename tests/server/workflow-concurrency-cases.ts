import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestServer } from './harness';
import type { Client } from './workflow-harness';
import { expectInvariants, openTasks } from './workflow-harness';

/** Concurrent actions, run by workflow-actions.test.ts on its server. */
export function concurrencyCases(env: () => { server: TestServer; client: Client }) {
  describe('concurrent actions', () => {
    let server: TestServer;
    let client: Client;
    beforeAll(() => {
      ({ server, client } = env());
    });

    it('100 concurrent completes of one task: exactly one succeeds, the others are told why', async () => {
      const id = await client.start('emp01', 'leave', {
        leaveType: 'annual',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
        days: 1,
        reason: '并发',
      });
      const taskId = await client.task(id, 'lead01');
      const token = await client.token('lead01');
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          server.app.inject({
            method: 'POST',
            url: '/bpm-runtime/runtime/task/v1/complete',
            headers: bearer(token),
            payload: { taskId, actionName: 'agree', opinion: '同意' },
          }),
        ),
      );
      const ok = answers.filter((answer) => answer.statusCode === 200);
      const refused = answers.filter((answer) => answer.statusCode !== 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.json()).toEqual({ state: true, message: '任务办理成功' });
      expect(new Set(refused.map((answer) => answer.statusCode))).toEqual(new Set([409]));
      expect(new Set(refused.map((answer) => answer.json().message))).toEqual(
        new Set(['任务已被处理，请刷新列表']),
      );
      const agreed = await server.db
        .selectFrom('wf_records')
        .select('id')
        .where('inst_id', '=', id)
        .where('action', '=', 'agree')
        .execute();
      expect(agreed).toHaveLength(1);
      expect(await openTasks(server.db, id)).toEqual([]);
      await expectInvariants(server.db);
    });

    it('concurrent actions on different tasks of one instance all apply, one after another', async () => {
      const id = await client.start('emp02', 'expense', {
        title: '并发',
        category: 'travel',
        amount: 100,
        occurredOn: '2026-11-01',
      });
      await client.act('lead01', id, 'agree');
      const [accounting, budget] = [
        await client.task(id, 'acct01'),
        await client.task(id, 'fin01'),
      ];
      const answers = await Promise.all([
        client.complete('acct01', accounting, 'agree'),
        client.complete('fin01', budget, 'agree'),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // Both branches reached the join: it fired exactly once.
      expect(await openTasks(server.db, id)).toEqual(['cashier:cashier01[NORMAL]']);
      await expectInvariants(server.db);
    });
  });
}
