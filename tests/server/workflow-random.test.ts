import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { seededRandom, type Random } from '../../server/db/seed/finance/random';
import { oneDatabase, withServer } from './harness';
import {
  agentRuleForAgt,
  correctnessForm,
  deployCorrectnessFlows,
} from './workflow-correctness-flows';
import {
  bpmn,
  Client,
  deploy,
  instanceStatus,
  invariantViolations,
  staffId,
  userTask,
} from './workflow-harness';

/**
 * Property-style test of issue 10: random sequences of actions (agree, oppose, return to any
 * node directly or normally, delegate, recall, add-sign and its removal, inquiries and
 * replies) on p3-like and countersign flows (one with an agent among the voters), with the invariants checked by SQL of the test's own after every step:
 * - after a join, a node is reached only when every branch that started since the last
 *   fork has an approval since that fork (a countersign branch: its vote passed);
 * - in each round of a countersign, each voter has at most one vote, each person casts at
 *   most one, and a round that passed has the agreement of every listed voter;
 * - an action is recalled at most once;
 * - every recorded action on a task names its actor, and its principal is the task's owner
 *   when it has one (an agent, a delegate), else the one who acted;
 * - nothing is left running with nothing open (and the harness's own invariants);
 * - no call answers 5xx; and afterwards every instance can still be driven to its end.
 * Sequences come from a seeded generator: a failure names its seed, flow and step, and
 * `WORKFLOW_RANDOM_SEED=… WORKFLOW_RANDOM_RUNS=…` replays or widens a run.
 */
const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';
const baseSeed = Number(process.env.WORKFLOW_RANDOM_SEED ?? 20_260_110);
const runs = Number(process.env.WORKFLOW_RANDOM_RUNS ?? 6);
const steps = Number(process.env.WORKFLOW_RANDOM_STEPS ?? 28);

/** p3 with a countersign in one branch: A → fork → B1 legal01 / B2 (fin01+hr01) → join → D. */
const p3sXml = bpmn(
  'p3s',
  [
    '<startEvent id="start"/>',
    userTask('A', 'user:lead01'),
    '<parallelGateway id="fork"/>',
    userTask('B1', 'user:legal01'),
    userTask(
      'B2',
      'user:fin01,user:hr01',
      '',
      '<multiInstanceLoopCharacteristics isSequential="false"/>',
    ),
    '<parallelGateway id="join"/>',
    userTask('D', 'user:gm01'),
    '<endEvent id="end"/>',
  ],
  [
    ['f1', 'start', 'A'],
    ['f2', 'A', 'fork'],
    ['f3', 'fork', 'B1'],
    ['f4', 'fork', 'B2'],
    ['f5', 'B1', 'join'],
    ['f6', 'B2', 'join'],
    ['f7', 'join', 'D'],
    ['f8', 'D', 'end'],
  ],
);

interface Shape {
  key: string;
  /** The fork, its branch nodes and the node after the join (p3-like flows). */
  fork?: { id: string; branches: string[]; after: string };
  /** Countersign nodes and their listed voters (all must agree in these flows). */
  signNodes: Record<string, string[]>;
}

const trio = ['legal01', 'fin01', 'hr01'];
const shapes: Shape[] = [
  { key: 'p3', fork: { id: 'fork', branches: ['B1', 'B2', 'B3'], after: 'D' }, signNodes: {} },
  {
    key: 'p3s',
    fork: { id: 'fork', branches: ['B1', 'B2'], after: 'D' },
    signNodes: { B2: ['fin01', 'hr01'] },
  },
  { key: 'cs100', signNodes: { S: trio } },
  { key: 'csseq', signNodes: { S: trio } },
  // emp02's agent is emp01, a voter too (agentRuleForAgt)
  { key: 'agt', signNodes: { S: ['emp02', 'emp01'] } },
];

/** People the generator hands tasks to: voters and holders of these flows among them. */
const people = [
  'emp01',
  'emp02',
  'lead01',
  'lead02',
  'legal01',
  'fin01',
  'hr01',
  'gm01',
  'mgr02',
  'ops01',
];
/** Who starts every sequence: nobody approves their own request, so not one of `people`. */
const starter = 'mgr01';
const accountOf = new Map([...people, starter].map((account) => [staffId(account), account]));

interface OpenTask {
  id: string;
  kind: string;
  node_id: string;
  node_type: string;
  assignee_id: string;
  parent_id: string | null;
}

async function openTasksOf(db: Db, instId: string): Promise<OpenTask[]> {
  const rows = await sql<OpenTask>`
    select id, kind, node_id, node_type, assignee_id, parent_id from wf_tasks
    where inst_id = ${instId} and state = 'open' and assignee_id is not null
    order by created_at, seq, id`.execute(db);
  return rows.rows;
}

/** Violations of the invariants in one instance, from its rows alone. */
async function violations(db: Db, instId: string, shape: Shape): Promise<string[]> {
  const problems: string[] = [];
  const tasks = await sql<{
    id: string;
    token_id: string;
    node_id: string;
    kind: string;
    state: string;
    action: string | null;
    owner_id: string | null;
    completed_by: string | null;
    created_at: Date;
    completed_at: Date | null;
  }>`select id, token_id, node_id, kind, state, action, owner_id, completed_by, created_at,
      completed_at from wf_tasks where inst_id = ${instId}`.execute(db);
  const records = await sql<{
    task_id: string | null;
    node_id: string;
    action: string;
    user_id: string | null;
    on_behalf_of_id: string | null;
    result: string | null;
    created_at: Date;
  }>`select task_id, node_id, action, user_id, on_behalf_of_id, detail->>'result' as result,
      created_at from wf_records where inst_id = ${instId}`.execute(db);
  const time = (value: Date | null) => (value ? new Date(value).getTime() : Number.NaN);
  const taskById = new Map(tasks.rows.map((t) => [t.id, t]));

  // 1. joins: the node after the join only with every started branch approved since the fork
  if (shape.fork) {
    const { id: forkId, branches, after } = shape.fork;
    const forks = await sql<{ created_at: Date }>`
      select created_at from wf_trail
      where inst_id = ${instId} and kind = 'node' and element_id = ${forkId}`.execute(db);
    const forkTimes = forks.rows.map((row) => time(row.created_at));
    for (const reached of tasks.rows.filter((t) => t.node_id === after && t.kind === 'main')) {
      const at = time(reached.created_at);
      const since = Math.max(...forkTimes.filter((forkTime) => forkTime < at));
      for (const branch of branches) {
        const within = (value: number) => value >= since && value <= at;
        const started = tasks.rows.some(
          (t) =>
            t.node_id === branch && ['main', 'sign'].includes(t.kind) && within(time(t.created_at)),
        );
        if (!started) continue;
        const approved =
          branch in shape.signNodes
            ? records.rows.some(
                (r) =>
                  r.node_id === branch &&
                  r.action === 'signResult' &&
                  r.result === 'pass' &&
                  within(time(r.created_at)),
              )
            : records.rows.some(
                // the approval as it was recorded then (a later recall does not rewrite it)
                (r) =>
                  r.node_id === branch &&
                  r.action === 'agree' &&
                  taskById.get(r.task_id ?? '')?.kind === 'main' &&
                  within(time(r.created_at)),
              );
        if (!approved)
          problems.push(`${after} reached without an approval of ${branch} since the fork`);
      }
    }
  }

  // 2. one vote per voter and per person in each round of a countersign
  const votes = tasks.rows.filter(
    (t) =>
      t.kind === 'sign' &&
      t.state === 'done' &&
      ['agree', 'oppose', 'abandon'].includes(t.action ?? ''),
  );
  const rounds = new Map<string, typeof votes>();
  for (const vote of votes) rounds.set(vote.token_id, [...(rounds.get(vote.token_id) ?? []), vote]);
  for (const [round, cast] of rounds) {
    const principals = cast.map((vote) => vote.owner_id ?? vote.completed_by);
    // a round that passed has the agreement of every listed voter (these flows need all)
    const node = cast[0]!.node_id;
    const decided = Math.max(...cast.map((vote) => time(vote.completed_at)));
    const passed = records.rows.some(
      (r) =>
        r.node_id === node &&
        r.action === 'signResult' &&
        r.result === 'pass' &&
        time(r.created_at) === decided,
    );
    const agreed = new Set(
      cast.filter((vote) => vote.action === 'agree').map((v) => v.owner_id ?? v.completed_by),
    );
    const missing = (shape.signNodes[node] ?? []).filter(
      (account) => !agreed.has(staffId(account)),
    );
    if (passed && missing.length > 0) {
      problems.push(`round ${round}: passed without the vote of ${missing.join(', ')}`);
    }
    const actors = cast.map((vote) => vote.completed_by);
    if (new Set(principals).size !== principals.length)
      problems.push(`round ${round}: a voter voted twice`);
    if (new Set(actors).size !== actors.length)
      problems.push(`round ${round}: one person cast two votes`);
  }

  // 3. every action on a task names its actor, and its principal
  const decisions = [
    'agree',
    'oppose',
    'abandon',
    'reject',
    'backToStart',
    'rejectToAnyNode',
    'resubmit',
  ];
  for (const row of records.rows) {
    if (!row.task_id || !decisions.includes(row.action)) continue;
    if (!row.user_id) {
      problems.push(`${row.action} at ${row.node_id} names no actor`);
      continue;
    }
    const acted = taskById.get(row.task_id)!;
    const expected = acted.owner_id ?? acted.completed_by;
    const principal = row.on_behalf_of_id ?? row.user_id;
    if (principal !== expected) {
      problems.push(
        `${row.action} at ${row.node_id}: principal ${principal}, the task's is ${expected}`,
      );
    }
  }

  // 4. an action is recalled at most once
  const recalled = records.rows.filter((r) => r.action === 'recall').map((r) => r.task_id);
  if (new Set(recalled).size !== recalled.length) problems.push('an action was recalled twice');

  // 5. the engine's own invariants (running with nothing open among them)
  for (const problem of await invariantViolations(db)) problems.push(problem);
  return problems;
}

describe.each(oneDatabase)('random action sequences on %s', (kind) => {
  const server = withServer(kind);
  let client: Client;
  const statuses = new Map<string, number>();
  beforeAll(async () => {
    client = new Client(server);
    await deployCorrectnessFlows(client);
    await deploy(client, 'p3s', p3sXml, correctnessForm);
    await agentRuleForAgt(client);
  });
  afterAll(() => {
    console.info(`${kind}: answers by action and status`, Object.fromEntries(statuses));
  });

  /** Every action goes through the API; a 5xx fails the run at once. */
  async function call(label: string, account: string, url: string, body: unknown) {
    const answer = await client.post(account, url, body);
    const key = `${label} ${answer.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    expect(answer.status, `${label} by ${account}: ${JSON.stringify(answer.body)}`).toBeLessThan(
      500,
    );
    // Actions of one test run apart in time, so that the checks can order them.
    await new Promise((resolve) => setTimeout(resolve, 2));
    return answer;
  }

  async function destinations(account: string, taskId: string): Promise<string[]> {
    const answer = await client.post(account, `${task}/getAfterJumpNodes`, { taskId });
    return Array.isArray(answer.raw)
      ? (answer.raw as { nodeId: string }[]).map((n) => n.nodeId)
      : [];
  }

  /** One random action on the instance. */
  async function step(random: Random, instId: string): Promise<string> {
    const open = await openTasksOf(server.db, instId);
    if (open.length === 0) return 'nothing open';
    const picked = random.pick(open);
    const holder = accountOf.get(picked.assignee_id) ?? 'admin';
    const roll = random.next();
    if (roll < 0.1) return recall(random, instId);
    if (picked.kind === 'inqu') {
      await call('reply', holder, `${task}/taskToInquReply`, {
        taskId: picked.id,
        opinion: '意见',
      });
      return `${holder} replies at ${picked.node_id}`;
    }
    if (picked.kind === 'addsign' || picked.node_type === 'START') {
      const action = picked.kind === 'addsign' && roll < 0.3 ? 'oppose' : 'agree';
      await call(action, holder, `${task}/complete`, { taskId: picked.id, actionName: action });
      return `${holder} ${action} ${picked.node_id}`;
    }
    const other = random.pick(people.filter((account) => account !== holder));
    if (roll < 0.42) {
      const action =
        picked.kind === 'sign' ? random.pick(['agree', 'agree', 'oppose', 'abandon']) : 'agree';
      await call(action, holder, `${task}/complete`, { taskId: picked.id, actionName: action });
      return `${holder} ${action} ${picked.node_id}`;
    }
    if (roll < 0.6) {
      const choices = await destinations(holder, picked.id);
      const destination = random.pick(choices.length > 0 ? choices : ['start']);
      const backHandMode = random.next() < 0.5 ? 'direct' : 'normal';
      await call(`return ${backHandMode}`, holder, `${task}/complete`, {
        taskId: picked.id,
        actionName: 'rejectToAnyNode',
        destination,
        backHandMode,
      });
      return `${holder} returns ${picked.node_id} → ${destination} (${backHandMode})`;
    }
    if (roll < 0.72) {
      await call('delegate', holder, `${task}/delegate`, {
        taskId: picked.id,
        userId: staffId(other),
      });
      return `${holder} delegates ${picked.node_id} to ${other}`;
    }
    if (roll < 0.8) {
      await call('addSign', holder, `${task}/addSign`, {
        taskId: picked.id,
        userIds: staffId(other),
      });
      return `${holder} add-signs ${other} at ${picked.node_id}`;
    }
    if (roll < 0.88) {
      await call('inquire', holder, `${task}/taskToInqu`, {
        taskId: picked.id,
        userIds: staffId(other),
      });
      return `${holder} asks ${other} at ${picked.node_id}`;
    }
    const signer = open.find((t) => t.parent_id === picked.id && t.kind === 'addsign');
    if (signer) {
      await call('removeSign', holder, `${task}/removeSign`, {
        taskId: picked.id,
        userIds: signer.assignee_id,
      });
      return `${holder} removes an add-sign at ${picked.node_id}`;
    }
    await call('agree', holder, `${task}/complete`, { taskId: picked.id, actionName: 'agree' });
    return `${holder} agree ${picked.node_id}`;
  }

  /** Someone recalls one of their done actions (a random one: refusals are expected too). */
  async function recall(random: Random, instId: string): Promise<string> {
    const done = await sql<{ id: string; completed_by: string; owner_id: string | null }>`
      select id, completed_by, owner_id from wf_tasks
      where inst_id = ${instId} and completed_by is not null and action in ('agree', 'inqu', 'recalled')
      order by created_at`.execute(server.db);
    if (done.rows.length === 0) return 'nothing to recall';
    const target = random.pick(done.rows);
    const who = random.next() < 0.8 || !target.owner_id ? target.completed_by : target.owner_id;
    const account = accountOf.get(who) ?? 'admin';
    await call('recall', account, `${instance}/revokeInstance`, {
      instanceId: instId,
      taskId: target.id,
    });
    return `${account} recalls a done action`;
  }

  /** Afterwards the flow must still reach its end by plain approvals (no dead end). */
  async function drain(instId: string, trace: string[]) {
    for (let round = 0; round < 80; round++) {
      if ((await instanceStatus(server.db, instId)) !== 'running') return;
      const open = await openTasksOf(server.db, instId);
      expect(open.length, `stuck with nothing open:\n${trace.join('\n')}`).toBeGreaterThan(0);
      // add-signers and inquiries first: their task cannot be agreed before
      const next = open.find((t) => t.kind === 'addsign' || t.kind === 'inqu') ?? open[0]!;
      const account = accountOf.get(next.assignee_id) ?? 'admin';
      const answer = await call('drain', account, `${task}/complete`, {
        taskId: next.id,
        actionName: next.kind === 'inqu' ? 'inquReply' : 'agree',
        opinion: '同意',
      });
      expect(answer.status, `drain: ${JSON.stringify(answer.body)}\n${trace.join('\n')}`).toBe(200);
    }
    throw new Error(`did not end:\n${trace.join('\n')}`);
  }

  for (const shape of shapes) {
    it(`${shape.key}: ${runs} random sequences of ${steps} actions keep every invariant`, async () => {
      for (let run = 0; run < runs; run++) {
        const seed = baseSeed + run * 7919 + shape.key.length;
        const random = seededRandom(seed);
        const instId = await client.start(starter, shape.key, {});
        const trace: string[] = [`seed ${seed}, flow ${shape.key}, instance ${instId}`];
        for (let n = 0; n < steps; n++) {
          if ((await instanceStatus(server.db, instId)) !== 'running') break;
          trace.push(`${n}: ${await step(random, instId)}`);
          const problems = await violations(server.db, instId, shape);
          expect(problems, trace.join('\n')).toEqual([]);
        }
        await drain(instId, trace);
        expect(await violations(server.db, instId, shape), trace.join('\n')).toEqual([]);
      }
    }, 300_000);
  }
});
