import { sql } from 'kysely';
import { expect, it, describe } from 'vitest';
import { seededRandom, type Random } from '../../server/db/seed/finance/random';
import { oneDatabase } from './harness';
import { encode, staffId, useServerAndClient, type Json } from './workflow-harness';
import {
  changedFields,
  flowModels,
  mayChange,
  missingApprovals,
  type Data,
  type FlowModel,
  type SeenApproval,
  type SeenChange,
} from './workflow-model';

/**
 * Model-based random sequences over HTTP (docs/workflow.md, "Approval integrity"): every
 * action of the runtime service, by the right people and the wrong ones (agents, secretaries,
 * delegates, requesters, outsiders), on the four seeded flows, checked after every step
 * against the model in workflow-model.ts, which never asks the engine what to decide:
 * - nothing ends approved unless every approval the model requires for the final data was
 *   given on that data (no change after it at its node or before) by a non-requester;
 * - the data changes only by a holder of the node's own task (or their secretary) in the
 *   fields the node allows;
 * - no requester acts on an approving task; every record names its actor, and its principal
 *   is the task's owner when it has one; a secretary's records name their leader;
 * - a refused action changes nothing, no call answers 5xx, and no running instance is left
 *   with nothing to move it and no incident;
 * - afterwards, every instance is driven to its end by plain approvals.
 * `WORKFLOW_MODEL_SEED`, `WORKFLOW_MODEL_RUNS` and `WORKFLOW_MODEL_STEPS` replay or widen a
 * run (scripts/workflow-model.ts runs thousands by hand); a failure names its seed.
 */
const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';
const baseSeed = Number(process.env.WORKFLOW_MODEL_SEED ?? 20_261_128);
const runs = Number(process.env.WORKFLOW_MODEL_RUNS ?? 5);
const steps = Number(process.env.WORKFLOW_MODEL_STEPS ?? 30);

const accounts = [
  'emp01',
  'emp02',
  'lead01',
  'lead02',
  'mgr01',
  'mgr02',
  'gm01',
  'sec01',
  'legal01',
  'fin01',
  'ops01',
  'hr01',
  'cashier01',
  'acct01',
  'contract01',
  'store01',
  'admin',
];
const accountOf = new Map(accounts.map((account) => [staffId(account), account]));
/** sec01 is the secretary of these leaders (the seed). */
const sec01Leaders = ['gm01', 'mgr01', 'mgr02'];

interface LiveTask {
  id: string;
  kind: string;
  node_id: string;
  node_type: string;
  state: string;
  assignee_id: string | null;
  owner_id: string | null;
  locked_by: string | null;
  candidates: string[];
}

interface Action {
  label: string;
  account: string;
  url: string;
  body?: unknown;
  method?: 'GET' | 'POST';
  /** Data sent that would change the form, and whether the model allows that actor to. */
  sent?: Data;
  editor?: { node: string } | null;
  secretaryFor?: string;
}

/** One sequence on one instance: the model's view of it, and the checks. */
class Sequence {
  readonly trace: string[] = [];
  version = 0;
  readonly changes: SeenChange[] = [];
  readonly approvals = new Map<string, SeenApproval>();
  requesters: string[] = [];
  instId = '';

  constructor(
    readonly random: Random,
    readonly model: FlowModel,
    readonly seed: number,
  ) {}

  fail(problem: string): never {
    throw new Error(`${problem}\nseed ${this.seed}:\n${this.trace.join('\n')}`);
  }
}

describe.each(oneDatabase)('model-based random sequences on %s', (kind) => {
  const { server, client } = useServerAndClient(kind, async ({ client }) => {
    // Agents: lead01's lands on emp02 when emp02 applies; fin01's on emp01.
    for (const [owner, agent] of [
      ['lead01', 'emp02'],
      ['fin01', 'emp01'],
      ['mgr02', 'acct01'],
    ]) {
      const saved = await client.post(owner!, '/bpm-model/flow/agent/v1/save', {
        agentId: staffId(agent!),
        startDate: '2026-01-01',
        endDate: '2099-01-01',
      });
      expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ state: true });
    }
  });
  const statuses = new Map<string, number>();

  async function send(action: Action): Promise<Json> {
    const leader = action.secretaryFor ? `?leaderId=${staffId(action.secretaryFor)}` : '';
    const answer = await client.call(
      action.account,
      action.method ?? 'POST',
      `${action.url}${leader}`,
      action.body,
    );
    const key = `${action.label} ${answer.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
    return answer;
  }

  async function live(instId: string): Promise<LiveTask[]> {
    const rows = await sql<LiveTask>`
      select t.id, t.kind, t.node_id, t.node_type, t.state, t.assignee_id, t.owner_id,
        t.locked_by, coalesce(array(select a.user_id from wf_task_actors a
          where a.task_id = t.id order by a.user_id), '{}') as candidates
      from wf_tasks t where t.inst_id = ${instId} and t.state in ('open', 'waiting')
      order by t.created_at, t.seq, t.id`.execute(server.db);
    return rows.rows;
  }

  /** Everything a refused action must leave as it was. */
  async function snapshot(instId: string) {
    const row = await sql<{ state: string }>`
      select (select status || ':' || coalesce(result, '') || ':' || form_data::text
          from wf_instances where id = ${instId})
        || (select coalesce(string_agg(id || state || coalesce(assignee_id, '') ||
          coalesce(owner_id, '') || coalesce(locked_by, ''), ',' order by id), '')
          from wf_tasks where inst_id = ${instId})
        || (select count(*)::text from wf_records where inst_id = ${instId})
        || (select count(*)::text from wf_tokens where inst_id = ${instId}) as state`.execute(
      server.db,
    );
    return row.rows[0]!.state;
  }

  async function instanceRow(instId: string) {
    return server.db
      .selectFrom('wf_instances')
      .select(['status', 'result', 'form_data', 'starter_id', 'on_behalf_of_id'])
      .where('id', '=', instId)
      .executeTakeFirstOrThrow();
  }

  // ---- choosing actions ----------------------------------------------------------------

  const someone = (random: Random) => random.pick(accounts);

  /** The person a task is for: its holder, or a candidate of a shared task. */
  function holderOf(random: Random, t: LiveTask): string {
    const id = t.assignee_id ?? t.locked_by ?? random.pick(t.candidates);
    return accountOf.get(id) ?? 'admin';
  }

  /** Mostly the right person (sometimes their secretary), sometimes anyone at all. */
  function actorFor(random: Random, t: LiveTask): { account: string; secretaryFor?: string } {
    if (random.chance(0.15)) return { account: someone(random) };
    const holder = holderOf(random, t);
    if (sec01Leaders.includes(holder) && random.chance(0.35)) {
      return { account: 'sec01', secretaryFor: holder };
    }
    return { account: holder };
  }

  /** A target for delegation, add-signs...: anyone, the requesters more often than chance. */
  function target(seq: Sequence): string {
    if (seq.random.chance(0.25)) return accountOf.get(seq.random.pick(seq.requesters)) ?? 'admin';
    return someone(seq.random);
  }

  async function destinations(account: string, taskId: string): Promise<string[]> {
    const answer = await client.post(account, `${task}/getAfterJumpNodes`, { taskId });
    return Array.isArray(answer.raw)
      ? (answer.raw as { nodeId: string }[]).map((choice) => choice.nodeId)
      : [];
  }

  /** Is this the one open task the actor (or the leader they act for) has in the instance? */
  async function onlyTaskOf(
    seq: Sequence,
    who: { account: string; secretaryFor?: string },
    t: LiveTask,
  ): Promise<boolean> {
    const me = staffId(who.secretaryFor ?? who.account);
    const mine = (await live(seq.instId)).filter(
      (other) =>
        other.state === 'open' &&
        (other.assignee_id === me || (other.assignee_id === null && other.candidates.includes(me))),
    );
    return mine.length === 1 && mine[0]!.id === t.id;
  }

  async function onTask(seq: Sequence, t: LiveTask): Promise<Action> {
    const random = seq.random;
    const who = actorFor(random, t);
    const base = {
      account: who.account,
      ...(who.secretaryFor ? { secretaryFor: who.secretaryFor } : {}),
    };
    const nodeTask = t.kind === 'main' || t.kind === 'sign';
    // Whoever picked them, the task's holder (or their secretary) is its holder.
    const me = staffId(who.secretaryFor ?? who.account);
    const holds = t.assignee_id === me || (t.assignee_id === null && t.candidates.includes(me));
    const editor =
      holds && nodeTask ? { node: t.node_type === 'START' ? 'start' : t.node_id } : null;
    const data = async () => seq.model.changed(random, (await instanceRow(seq.instId)).form_data);
    const complete = async (actionName: string, withData = false): Promise<Action> => {
      const sent = withData ? await data() : undefined;
      return {
        ...base,
        label: actionName + (sent ? '+data' : ''),
        url: `${task}/complete`,
        body: {
          taskId: t.id,
          actionName,
          opinion: '意见',
          ...(sent ? { data: encode(sent) } : {}),
        },
        ...(sent ? { sent, editor } : {}),
      };
    };
    const people = (label: string, url: string, body: Record<string, unknown>): Action => ({
      ...base,
      label,
      url: `${task}/${url}`,
      body: { taskId: t.id, opinion: '请处理', ...body },
    });
    const roll = random.next();
    if (roll < 0.1) {
      const sent = await data();
      // By instance the server takes the caller's own open task: only when it is this one.
      const byInstance = random.chance(0.4) && (await onlyTaskOf(seq, who, t));
      return {
        ...base,
        label: byInstance ? 'saveFormData by instance' : 'saveFormData',
        url: `${instance}/saveFormData`,
        body: byInstance
          ? { instId: seq.instId, data: encode(sent) }
          : { taskId: t.id, data: encode(sent) },
        sent,
        editor,
      };
    }
    if (t.kind === 'inqu') return complete('inquReply');
    if (t.kind === 'commu') return complete('commuReply');
    if (t.kind === 'trans') return complete(random.chance(0.7) ? 'agreeTrans' : 'opposeTrans');
    if (t.kind === 'addsign' || t.kind === 'customsign') {
      return complete(random.chance(0.75) ? 'agree' : 'oppose', random.chance(0.3));
    }
    if (t.node_type === 'START') return complete('agree', random.chance(0.6));
    const action = random.pick([
      'agree',
      'agree',
      'agree',
      'agreeData',
      'oppose',
      'abandon',
      'return',
      'return',
      'delegate',
      'trans',
      'addSign',
      'inqu',
      'commu',
      'customSign',
      'retrieve',
      'lock',
      'removeSign',
    ]);
    switch (action) {
      case 'agree':
      case 'oppose':
      case 'abandon':
        return complete(action);
      case 'agreeData':
        return complete('agree', true);
      case 'return': {
        const choices = await destinations(who.account, t.id);
        const destination = choices.length ? random.pick(choices) : 'start';
        const backHandMode = random.chance(0.5) ? 'direct' : 'normal';
        return {
          ...base,
          label: `return ${backHandMode}`,
          url: `${task}/complete`,
          body: {
            taskId: t.id,
            actionName: random.pick([
              'rejectToAnyNode',
              'rejectToAnyNode',
              'reject',
              'backToStart',
            ]),
            destination,
            backHandMode,
            opinion: '退回',
          },
        };
      }
      case 'delegate':
        return people('delegate', 'delegate', { userId: staffId(target(seq)) });
      case 'trans':
        return people('startTrans', 'taskToTrans', {
          userIds: [target(seq), target(seq)].map((account) => staffId(account)).join(','),
          action: random.pick(['submit', 'back']),
        });
      case 'addSign':
        return people('addSign', 'addSign', { userIds: staffId(target(seq)) });
      case 'inqu':
        return people('inqu', 'taskToInqu', { userIds: staffId(target(seq)) });
      case 'commu':
        return people('commu', 'communicate', { userIds: staffId(target(seq)) });
      case 'customSign':
        return people('customSign', random.chance(0.5) ? 'taskCustomSignUsers' : 'taskSignUsers', {
          userId: staffId(target(seq)),
        });
      case 'retrieve': {
        const owner = t.owner_id ? (accountOf.get(t.owner_id) ?? 'admin') : who.account;
        return {
          account: owner,
          label: 'retrieve',
          url: `${task}/retrieveBpmTask?taskId=${t.id}`,
          method: 'GET',
        };
      }
      case 'lock':
        return {
          ...base,
          label: 'lockUnlock',
          url: `${task}/lockUnlock?taskId=${t.id}`,
          method: 'GET',
        };
      default:
        return people('removeSign', 'removeSign', { userIds: staffId(target(seq)) });
    }
  }

  /** A recall of a done action, a withdrawal, a call-back of a waiting task, or a task action. */
  async function nextAction(seq: Sequence): Promise<Action | null> {
    const random = seq.random;
    const roll = random.next();
    if (roll < 0.04) {
      const starter = random.chance(0.8) ? seq.requesters[0]! : staffId(someone(random));
      return {
        account: accountOf.get(starter) ?? 'admin',
        label: 'withdraw',
        url: `${instance}/revokeInstance`,
        body: { instanceId: seq.instId, cause: '撤回' },
      };
    }
    if (roll < 0.12) {
      const done = await sql<{ id: string; completed_by: string; owner_id: string | null }>`
        select id, completed_by, owner_id from wf_tasks
        where inst_id = ${seq.instId} and completed_by is not null order by created_at, id`.execute(
        server.db,
      );
      if (done.rows.length > 0) {
        const picked = random.pick(done.rows);
        const who = random.chance(0.7) || !picked.owner_id ? picked.completed_by : picked.owner_id;
        return {
          account: random.chance(0.85) ? (accountOf.get(who) ?? 'admin') : someone(random),
          label: 'recall',
          url: `${instance}/revokeInstance`,
          body: { instanceId: seq.instId, taskId: picked.id },
        };
      }
    }
    const tasks = await live(seq.instId);
    const waiting = tasks.filter((t) => t.state === 'waiting');
    if (waiting.length > 0 && roll < 0.16) {
      const t = random.pick(waiting);
      return {
        account: accountOf.get(t.assignee_id ?? '') ?? 'admin',
        label: 'revokeChildren',
        url: `${instance}/${random.pick(['revokeTrans', 'revokeCustomSign', 'revokeSignLine'])}`,
        body: { taskId: t.id },
      };
    }
    const open = tasks.filter((t) => t.state === 'open');
    if (open.length === 0) return null;
    return onTask(seq, random.pick(open));
  }

  // ---- checks ---------------------------------------------------------------------------

  /** Approvals that appeared since the last look are tagged with the content's version. */
  async function lookAtApprovals(seq: Sequence) {
    const rows = await sql<{ id: string; node: string; by: string | null; owner: string | null }>`
      select t.id, t.node_id as node, t.completed_by as by, t.owner_id as owner from wf_tasks t
        where t.inst_id = ${seq.instId} and t.kind = 'main' and t.node_type = 'USERTASK'
          and t.state = 'done' and t.action = 'agree'
      union all
      select 'r' || r.id, r.node_id, null, null from wf_records r
        where r.inst_id = ${seq.instId} and r.action = 'signResult'
          and r.detail->>'result' = 'pass'`.execute(server.db);
    const present = new Set(rows.rows.map((row) => row.id));
    for (const id of seq.approvals.keys()) if (!present.has(id)) seq.approvals.delete(id);
    for (const row of rows.rows) {
      if (!seq.approvals.has(row.id)) {
        seq.approvals.set(row.id, {
          node: row.node,
          version: seq.version,
          by: row.by,
          owner: row.owner,
        });
      }
    }
  }

  const approving = ['agree', 'oppose', 'abandon', 'agreeTrans', 'opposeTrans'];
  const byPeople = [
    ...approving,
    'reject',
    'backToStart',
    'rejectToAnyNode',
    'delegate',
    'addSign',
    'startInqu',
    'startCommu',
    'inqu',
    'commu',
    'startTrans',
    'customSign',
    'formChange',
    'recall',
    'resubmit',
    'revokeInstance',
  ];

  async function checkRecords(seq: Sequence, since: number, action: Action, ok: boolean) {
    const rows = await sql<{
      id: number;
      action: string;
      node_id: string;
      user_id: string | null;
      on_behalf_of_id: string | null;
      acting_as_id: string | null;
      owner_id: string | null;
      detail: Record<string, unknown>;
    }>`select r.id, r.action, r.node_id, r.user_id, r.on_behalf_of_id, r.acting_as_id,
        t.owner_id, r.detail
      from wf_records r left join wf_tasks t on t.id = r.task_id
      where r.inst_id = ${seq.instId} order by r.id`.execute(server.db);
    for (const row of rows.rows) {
      const what = `record ${row.id} ${row.action} at ${row.node_id}`;
      if (byPeople.includes(row.action) && !row.user_id) seq.fail(`${what} names nobody`);
      if (
        row.owner_id &&
        row.user_id &&
        row.owner_id !== row.user_id &&
        [...approving, 'formChange'].includes(row.action) &&
        row.on_behalf_of_id !== row.owner_id
      ) {
        seq.fail(`${what}: principal ${row.on_behalf_of_id}, the task's owner is ${row.owner_id}`);
      }
      const people = [row.user_id, row.on_behalf_of_id, row.acting_as_id];
      if (
        approving.includes(row.action) &&
        row.node_id !== 'start' &&
        people.some((id) => id !== null && seq.requesters.includes(id))
      ) {
        seq.fail(`${what}: a requester approved their own request`);
      }
      if (row.id > since && ok && action.secretaryFor && row.user_id === staffId('sec01')) {
        const leader = staffId(action.secretaryFor);
        if (row.on_behalf_of_id !== leader && row.acting_as_id !== leader) {
          seq.fail(`${what}: a secretary's record does not name the leader`);
        }
      }
    }
  }

  async function checkStuck(seq: Sequence) {
    const row = await sql<{ stuck: boolean; incident: boolean }>`
      select i.status = 'running'
          and not exists (select 1 from wf_tasks t where t.inst_id = i.id and t.state = 'open')
          and not exists (select 1 from wf_jobs j where j.inst_id = i.id and j.done_at is null)
        as stuck,
        exists (select 1 from wf_incidents n where n.inst_id = i.id and n.resolved_at is null)
        as incident
      from wf_instances i where i.id = ${seq.instId}`.execute(server.db);
    const { stuck, incident } = row.rows[0]!;
    if (stuck && !incident) seq.fail('running with nothing to move it and no incident');
    return stuck;
  }

  async function checkEnd(seq: Sequence) {
    const inst = await instanceRow(seq.instId);
    if (inst.status !== 'end' || inst.result !== 'agree') return;
    const missing = missingApprovals(
      seq.model,
      inst.form_data,
      [...seq.approvals.values()],
      seq.changes,
      seq.requesters,
    );
    if (missing.length > 0) seq.fail(`ended approved without ${missing.join(', ')}`);
  }

  /** One action and every check after it. */
  async function act(seq: Sequence, action: Action) {
    const before = await snapshot(seq.instId);
    const dataBefore = (await instanceRow(seq.instId)).form_data;
    const since = Number(
      (
        await sql<{ n: number }>`select coalesce(max(id), 0) as n from wf_records`.execute(
          server.db,
        )
      ).rows[0]!.n,
    );
    const answer = await send(action);
    seq.trace.push(
      `${seq.trace.length}: ${action.account}${action.secretaryFor ? ` for ${action.secretaryFor}` : ''} ${action.label} → ${answer.status} ${answer.body.message ?? ''}`,
    );
    if (answer.status >= 500) seq.fail(`${action.label} answered ${answer.status}`);
    const ok = answer.status < 300 && answer.body.state !== false;
    if (answer.status >= 400 && (await snapshot(seq.instId)) !== before) {
      seq.fail(`${action.label} was refused but changed something`);
    }
    const dataAfter = (await instanceRow(seq.instId)).form_data;
    const changed = changedFields(dataBefore, dataAfter);
    if (changed.length > 0) {
      const asked = action.sent
        ? changedFields(dataBefore, action.sent).filter((f) => f in action.sent!)
        : [];
      const editor = action.editor;
      if (!editor || !mayChange(seq.model, editor.node, asked)) {
        seq.fail(`${action.label} changed ${changed.join(', ')} without the right`);
      }
      seq.version++;
      seq.changes.push({ node: editor.node, version: seq.version });
    }
    await lookAtApprovals(seq);
    await checkRecords(seq, since, action, ok);
    await checkStuck(seq);
    await checkEnd(seq);
  }

  /** Plain approvals until the instance ends (or is stuck with its incident). */
  async function drain(seq: Sequence) {
    for (let round = 0; round < 150; round++) {
      const inst = await instanceRow(seq.instId);
      if (inst.status !== 'running') return;
      const open = (await live(seq.instId)).filter((t) => t.state === 'open');
      if (open.length === 0) {
        if (await checkStuck(seq)) return;
        seq.fail('running with nothing open');
      }
      const next =
        open.find((t) => !['main', 'sign'].includes(t.kind)) ??
        open.find((t) => t.node_type === 'START') ??
        open[0]!;
      const actionName =
        next.kind === 'inqu'
          ? 'inquReply'
          : next.kind === 'commu'
            ? 'commuReply'
            : next.kind === 'trans'
              ? 'agreeTrans'
              : 'agree';
      const account =
        accountOf.get(next.assignee_id ?? next.locked_by ?? next.candidates[0]!) ?? 'admin';
      const action: Action = {
        account,
        label: `drain ${actionName}`,
        url: `${task}/complete`,
        body: { taskId: next.id, actionName, opinion: '同意' },
      };
      await act(seq, action);
    }
    seq.fail('did not end after 150 approvals');
  }

  async function begin(seq: Sequence): Promise<boolean> {
    const random = seq.random;
    const starter = random.pick(seq.model.starters);
    const forLeader = seq.model.key === 'expense' && random.chance(0.15) ? 'mgr01' : undefined;
    const account = forLeader ? 'sec01' : starter;
    const answer = await client.call(
      account,
      'POST',
      `${instance}/start${forLeader ? `?leaderId=${staffId(forLeader)}` : ''}`,
      { flowKey: seq.model.key, data: encode(seq.model.initial(random)) },
    );
    seq.trace.push(
      `start ${seq.model.key} by ${account}${forLeader ? ` for ${forLeader}` : ''} → ${answer.status} ${answer.body.message ?? ''}`,
    );
    if (answer.status >= 500) seq.fail('start answered 5xx');
    if (answer.status !== 200) return false;
    seq.instId = answer.body.instId as string;
    seq.requesters = forLeader ? [staffId('sec01'), staffId(forLeader)] : [staffId(account)];
    return true;
  }

  it(`${runs} sequences of up to ${steps} actions per flow keep approval integrity`, async () => {
    for (let run = 0; run < runs; run++) {
      for (const model of flowModels) {
        const seed = baseSeed + run * 7919 + model.key.length;
        const seq = new Sequence(seededRandom(seed), model, seed);
        if (!(await begin(seq))) continue;
        for (let n = 0; n < steps; n++) {
          if ((await instanceRow(seq.instId)).status !== 'running') break;
          const action = await nextAction(seq);
          if (!action) break;
          await act(seq, action);
        }
        await drain(seq);
      }
    }
    console.info(
      `${kind}: model sequences, answers by action and status`,
      Object.fromEntries(statuses),
    );
  }, 600_000);
});
