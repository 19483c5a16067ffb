import { beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../server/domain/workflow/jobs';
import type { TestServer } from './harness';
import type { Client } from './workflow-harness';
import {
  bpmn,
  deploy,
  expectInvariants,
  instanceStatus,
  openTasks,
  staffId,
  userTask,
} from './workflow-harness';

const task = '/bpm-runtime/runtime/task/v1';
const form = {
  fields: [
    { name: 'note', label: '说明', type: 'text' },
    { name: 'amount', label: '金额', type: 'number' },
  ],
};

/**
 * start → A → fork ─ B1 → B2 ─┐
 *                  └ C (countersign mgr01, mgr02) ─ join → D → end
 */
const parallelFlow = bpmn(
  'par',
  [
    '<startEvent id="start"/>',
    userTask('A', 'user:emp01'),
    '<parallelGateway id="fork"/>',
    userTask('B1', 'user:emp02'),
    userTask('B2', 'user:hr01'),
    userTask(
      'C',
      'role:dept-manager',
      '',
      '<multiInstanceLoopCharacteristics isSequential="false"/>',
    ),
    '<parallelGateway id="join"/>',
    userTask('D', 'user:lead01'),
    '<endEvent id="end"/>',
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'fork'],
    ['f3', 'fork', 'B1'],
    ['f4', 'B1', 'B2'],
    ['f5', 'B2', 'join'],
    ['f6', 'fork', 'C'],
    ['f7', 'C', 'join'],
    ['f8', 'join', 'D'],
    ['f9', 'D', 'end'],
  ],
);

/**
 * Return to any node from inside parallel branches, countersign nodes and add-signs. Run by
 * workflow-flows.test.ts on its server (one server start per database for both).
 */
export function returnCases(env: () => { server: TestServer; client: Client }) {
  describe('returns', () => {
    let server: TestServer;
    let client: Client;
    beforeAll(async () => {
      ({ server, client } = env());
      await deploy(client, 'par', parallelFlow, form);
    });

    const tasks = (id: string) => openTasks(server.db, id);

    async function atBranches() {
      const id = await client.start('ops01', 'par', { note: 'x' });
      await client.act('emp01', id, 'agree');
      expect(await tasks(id)).toEqual(['B1:emp02[NORMAL]', 'C:mgr01[NORMAL]', 'C:mgr02[NORMAL]']);
      return id;
    }

    async function destinations(account: string, id: string) {
      const answer = await client.post(account, `${task}/getAfterJumpNodes`, {
        taskId: await client.task(id, account),
      });
      return (answer.raw as { nodeId: string }[]).map((node) => node.nodeId);
    }

    it('reject inside a branch: the other branch keeps its voters, the join waits for the returned one', async () => {
      const id = await atBranches();
      await client.act('emp02', id, 'agree');
      await client.act('mgr01', id, 'agree');
      expect(await tasks(id)).toEqual(['B2:hr01[NORMAL]', 'C:mgr02[NORMAL]']);
      expect(await destinations('hr01', id)).toEqual(['start', 'A', 'B1']);
      await client.act('hr01', id, 'reject');
      expect(await tasks(id)).toEqual(['B1:emp02[BACK]', 'C:mgr02[NORMAL]']);
      await client.act('mgr02', id, 'agree');
      // C is through; the join must wait for the returned branch, not fire.
      expect(await tasks(id)).toEqual(['B1:emp02[BACK]']);
      await client.act('emp02', id, 'agree');
      await client.act('hr01', id, 'agree');
      expect(await tasks(id)).toEqual(['D:lead01[NORMAL]']);
      await client.act('lead01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
    });

    it('return from inside a branch to a node before the fork drops the other branch and runs both again', async () => {
      const id = await atBranches();
      await client.act('mgr01', id, 'agree');
      await client.act('emp02', id, 'agree');
      await client.act('hr01', id, 'rejectToAnyNode', { destination: 'A' });
      expect(await tasks(id)).toEqual(['A:emp01[BACK]']);
      await client.act('emp01', id, 'agree');
      // Both branches again, C with a fresh vote.
      expect(await tasks(id)).toEqual(['B1:emp02[NORMAL]', 'C:mgr01[NORMAL]', 'C:mgr02[NORMAL]']);
    });

    it('reject from a countersign node: every voter of the node goes, with a pending add-sign', async () => {
      const id = await atBranches();
      const voter = await client.task(id, 'mgr02');
      await client.ok('mgr02', `${task}/addSign`, { taskId: voter, userIds: staffId('emp01') });
      expect(await tasks(id)).toEqual([
        'B1:emp02[NORMAL]',
        'C:emp01[ADDSIGN]',
        'C:mgr01[NORMAL]',
        'C:mgr02[NORMAL]',
      ]);
      // C's previous node is A (before the fork): the B branch is produced again too.
      await client.act('mgr01', id, 'reject');
      expect(await tasks(id)).toEqual(['A:emp01[BACK]']);
      const cancelled = await server.db
        .selectFrom('wf_tasks')
        .select(['kind', 'state'])
        .where('inst_id', '=', id)
        .where('node_id', '=', 'C')
        .where('kind', '=', 'addsign')
        .execute();
      expect(cancelled).toEqual([{ kind: 'addsign', state: 'cancelled' }]);
      await client.act('emp01', id, 'agree');
      for (const account of ['emp02', 'hr01', 'mgr01', 'mgr02'])
        await client.act(account, id, 'agree');
      await client.act('lead01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
    });

    it('return while an add-sign is pending on the returning task', async () => {
      const id = await atBranches();
      await client.act('emp02', id, 'agree');
      const b2 = await client.task(id, 'hr01');
      await client.ok('hr01', `${task}/addSign`, { taskId: b2, userIds: staffId('lead02') });
      await client.ok('hr01', `${task}/taskToInqu`, { taskId: b2, userIds: staffId('emp01') });
      // agree is held by the add-sign; a return is not, and takes the add-sign and inquiry with it
      expect((await client.complete('hr01', b2, 'agree')).body.message).toBe(
        '还有加签或征询未处理完，请稍后再办理',
      );
      await client.act('hr01', id, 'reject');
      expect(await tasks(id)).toEqual(['B1:emp02[BACK]', 'C:mgr01[NORMAL]', 'C:mgr02[NORMAL]']);
      const children = await server.db
        .selectFrom('wf_tasks')
        .select('state')
        .where('inst_id', '=', id)
        .where('kind', 'in', ['addsign', 'inqu'])
        .execute();
      expect(children.map((child) => child.state)).toEqual(['cancelled', 'cancelled']);
    });

    it('return from after the join into one branch: the join does not wait for the branch that is not redone', async () => {
      const id = await atBranches();
      for (const account of ['emp02', 'hr01', 'mgr01', 'mgr02'])
        await client.act(account, id, 'agree');
      expect(await destinations('lead01', id)).toEqual(['start', 'A', 'B1', 'B2', 'C']);
      await client.act('lead01', id, 'rejectToAnyNode', { destination: 'B2' });
      expect(await tasks(id)).toEqual(['B2:hr01[BACK]']);
      await client.act('hr01', id, 'agree');
      expect(await tasks(id)).toEqual(['D:lead01[NORMAL]']);
    });

    it('return to a countersign node re-runs the whole vote', async () => {
      const id = await atBranches();
      for (const account of ['emp02', 'hr01', 'mgr01', 'mgr02'])
        await client.act(account, id, 'agree');
      await client.act('lead01', id, 'rejectToAnyNode', { destination: 'C' });
      expect(await tasks(id)).toEqual(['C:mgr01[BACK]', 'C:mgr02[BACK]']);
      await client.act('mgr01', id, 'agree');
      await client.act('mgr02', id, 'agree');
      expect(await tasks(id)).toEqual(['D:lead01[NORMAL]']);
    });

    it('direct return: once the target is done, the flow comes straight back', async () => {
      const id = await atBranches();
      for (const account of ['emp02', 'hr01', 'mgr01', 'mgr02'])
        await client.act(account, id, 'agree');
      await client.act('lead01', id, 'rejectToAnyNode', {
        destination: 'A',
        backHandMode: 'direct',
      });
      expect(await tasks(id)).toEqual(['A:emp01[BACK]']);
      await client.act('emp01', id, 'agree');
      expect(await tasks(id)).toEqual(['D:lead01[NORMAL]']);
      await client.act('lead01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
    });

    it('a destination that is not offered is refused and nothing changes', async () => {
      const id = await atBranches();
      await client.act('emp02', id, 'agree');
      const before = await tasks(id);
      const answer = await client.complete(
        'hr01',
        await client.task(id, 'hr01'),
        'rejectToAnyNode',
        {
          destination: 'C',
        },
      );
      expect(answer.body).toEqual({ state: false, message: '请选择可驳回的节点' });
      expect(await tasks(id)).toEqual(before);
      await expectInvariants(server.db);
    });

    it('sequential countersign that one refusal ends; a vote recalled while open', async () => {
      const xml = bpmn(
        'seqsign',
        [
          '<startEvent id="start"/>',
          userTask(
            'S',
            'user:mgr01,user:mgr02,user:gm01',
            '',
            '<multiInstanceLoopCharacteristics isSequential="true" atrium:voteType="amount" atrium:voteAmount="1" atrium:decideType="refuse" atrium:onRefuse="end"/>',
          ),
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'S'],
          ['f2', 'S', 'end'],
        ],
      );
      await deploy(client, 'seqsign', xml, form);
      const id = await client.start('emp01', 'seqsign', {});
      expect(await tasks(id)).toEqual(['S:mgr01[NORMAL]']);
      const first = await client.task(id, 'mgr01');
      await client.act('mgr01', id, 'agree');
      expect(await tasks(id)).toEqual(['S:mgr02[NORMAL]']);
      await client.ok('mgr01', '/bpm-runtime/runtime/instance/v1/revokeInstance', {
        instanceId: id,
        taskId: first,
      });
      expect(await tasks(id)).toEqual(['S:mgr01[NORMAL]']);
      await client.act('mgr01', id, 'agree');
      await client.act('mgr02', id, 'oppose');
      const inst = await server.db
        .selectFrom('wf_instances')
        .select(['status', 'result'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(inst).toEqual({ status: 'end', result: 'refuse' });
    });

    it('a timer holds the flow with a pending job until the poller fires it', async () => {
      const xml = bpmn(
        'timed',
        [
          '<startEvent id="start"/>',
          '<intermediateCatchEvent id="wait" name="等待"><timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></intermediateCatchEvent>',
          userTask('X', 'user:lead01'),
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'wait'],
          ['f2', 'wait', 'X'],
          ['f3', 'X', 'end'],
        ],
      );
      await deploy(client, 'timed', xml, form);
      const id = await client.start('emp01', 'timed', {});
      expect(await tasks(id)).toEqual([]);
      await expectInvariants(server.db);
      await runDueJobs(server.db, { now: new Date(Date.now() + 30 * 60_000), limit: 1000 });
      expect(await tasks(id)).toEqual([]);
      await runDueJobs(server.db, { now: new Date(Date.now() + 61 * 60_000), limit: 1000 });
      expect(await tasks(id)).toEqual(['X:lead01[NORMAL]']);
      await expectInvariants(server.db);
    });

    it('a definition stored before the deploy-time shape check still cannot put one task node twice in progress', async () => {
      const xml = bpmn(
        'xmerge',
        [
          '<startEvent id="start"/>',
          '<parallelGateway id="fork"/>',
          userTask('P', 'user:emp01'),
          userTask('Q', 'user:emp02'),
          '<exclusiveGateway id="merge"/>',
          userTask('X', 'user:lead01'),
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'fork'],
          ['f2', 'fork', 'P'],
          ['f3', 'fork', 'Q'],
          ['f4', 'P', 'merge'],
          ['f5', 'Q', 'merge'],
          ['f6', 'merge', 'X'],
          ['f7', 'X', 'end'],
        ],
      );
      // Deploying it is refused now (workflow-correctness.test.ts); one stored before that
      // check keeps running, and the engine still refuses the second token.
      const deployed = await client.post('admin', '/bpm-model/flow/def/v1/deploy', {
        defKey: 'xmerge',
        name: 'xmerge',
        typeId: 'none',
        bpmnXml: xml,
        form,
      });
      expect(deployed.body.message).toMatch(/^流程定义无效：X: parallel branches/);
      const category = await server.db
        .selectFrom('wf_categories')
        .select('id')
        .executeTakeFirstOrThrow();
      await server.db
        .insertInto('wf_definitions')
        .values({
          id: 'xmerge-1',
          def_key: 'xmerge',
          name: 'xmerge',
          version: 1,
          is_main: true,
          category_id: category.id,
          bpmn_xml: xml,
          form: JSON.stringify(form),
          created_by: null,
        })
        .execute();
      await server.db
        .insertInto('wf_start_rights')
        .values({ def_key: 'xmerge', kind: 'everyone' })
        .execute();
      const id = await client.start('hr01', 'xmerge', {});
      await client.act('emp01', id, 'agree');
      expect(await tasks(id)).toEqual(['Q:emp02[NORMAL]', 'X:lead01[NORMAL]']);
      const refused = await client.complete('emp02', await client.task(id, 'emp02'), 'agree');
      expect(refused.body).toEqual({
        state: false,
        message: '节点【X】已有进行中的任务，请检查流程定义中的合并网关',
      });
      expect(await tasks(id)).toEqual(['Q:emp02[NORMAL]', 'X:lead01[NORMAL]']);
      await client.act('lead01', id, 'agree');
      await client.act('emp02', id, 'agree');
      await client.act('lead01', id, 'agree');
      expect(await instanceStatus(server.db, id)).toBe('end');
    });

    it('no matching branch: the start is refused with the reason and nothing is stored', async () => {
      const xml = bpmn(
        'nobranch',
        [
          '<startEvent id="start"/>',
          '<exclusiveGateway id="g" name="金额判断"/>',
          userTask('Big', 'user:gm01'),
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'g'],
          ['f2', 'g', 'Big', 'amount > 100'],
          ['f3', 'Big', 'end'],
        ],
      );
      await deploy(client, 'nobranch', xml, form);
      const before = await server.db
        .selectFrom('wf_instances')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const answer = await client.post('emp01', '/bpm-runtime/runtime/instance/v1/start', {
        flowKey: 'nobranch',
        data: { amount: 5 },
      });
      expect(answer.body).toEqual({ state: false, message: '节点【金额判断】没有满足条件的分支' });
      const after = await server.db
        .selectFrom('wf_instances')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      await client.start('emp01', 'nobranch', { amount: 500 });
    });

    it('definitions that the engine cannot run are refused at deploy with the reason', async () => {
      const types = await client.get('admin', '/bpm-model/flow/type/v1/tree');
      const typeId = (types.raw as { id: string }[])[0]!.id;
      const tryDeploy = (bpmnXml: string) =>
        client.post('admin', '/bpm-model/flow/def/v1/deploy', {
          defKey: 'bad',
          name: 'bad',
          typeId,
          bpmnXml,
          form,
        });
      const cycle = bpmn(
        'cyc',
        [
          '<startEvent id="s"/>',
          userTask('A', 'starter'),
          userTask('B', 'starter'),
          '<exclusiveGateway id="g" default="out"/>',
          '<endEvent id="e"/>',
        ],
        [
          ['f1', 's', 'A'],
          ['f2', 'A', 'B'],
          ['f3', 'B', 'g'],
          ['back', 'g', 'A', 'amount > 1'],
          ['out', 'g', 'e'],
        ],
      );
      expect((await tryDeploy(cycle)).body.message).toMatch(/^流程定义无效：.*loops back/);
      const service = bpmn(
        'svc',
        ['<startEvent id="s"/>', '<serviceTask id="x"/>', '<endEvent id="e"/>'],
        [
          ['f1', 's', 'x'],
          ['f2', 'x', 'e'],
        ],
      );
      expect((await tryDeploy(service)).body.message).toBe(
        '流程定义无效：unsupported element bpmn:ServiceTask (x)',
      );
      const unknownField = bpmn(
        'uf',
        [
          '<startEvent id="s"/>',
          '<exclusiveGateway id="g" default="b"/>',
          '<endEvent id="a"/>',
          '<endEvent id="e"/>',
        ],
        [
          ['f1', 's', 'g'],
          ['f2', 'g', 'a', 'days > 3'],
          ['b', 'g', 'e'],
        ],
      );
      expect((await tryDeploy(unknownField)).body.message).toBe(
        '流程定义无效：f2: condition reads unknown field days',
      );
      const evil = bpmn(
        'ev',
        [
          '<startEvent id="s"/>',
          '<exclusiveGateway id="g" default="b"/>',
          '<endEvent id="a"/>',
          '<endEvent id="e"/>',
        ],
        [
          ['f1', 's', 'g'],
          ['f2', 'g', 'a', 'process.exit(1)'],
          ['b', 'g', 'e'],
        ],
      );
      // A condition is a formula: a call on a field's property is no formula at all.
      expect((await tryDeploy(evil)).body.message).toBe(
        '流程定义无效：f2: condition Formula syntax error at character 13 ("(")',
      );
      expect(
        (
          await client.post('emp01', '/bpm-model/flow/def/v1/deploy', {
            defKey: 'x',
            name: 'x',
            typeId,
            bpmnXml: parallelFlow,
            form,
          })
        ).status,
      ).toBe(403);
    });
  });
}
