import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db/database';
import { createSession } from '../../server/domain/sessions';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { freshPostgres } from './harness';
import { correctnessForm, p3Xml, seq3Xml, cs100Xml } from './workflow-correctness-flows';
import {
  bpmn,
  encode,
  invariantViolations,
  openTasks,
  staffId,
  userTask,
} from './workflow-harness';

/**
 * Issue 10, item 10: the engine's races on PostgreSQL with two server processes, as it runs
 * in production (DESIGN.md, "Scale-out"): each is `server/main.ts` with its own job poller,
 * both on one database, and every race sends its requests to both at once. PGlite runs one
 * transaction at a time, so these races only mean something here.
 */
const adminUrl = process.env.DATABASE_URL;
const secret = 'test-secret-for-two-processes-only';
const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';

interface Answer {
  status: number;
  body: Record<string, unknown> & { state?: boolean; message?: string };
}

describe.skipIf(!adminUrl)('the engine on PostgreSQL with two server processes', () => {
  let db: Db;
  let close: () => Promise<void>;
  let servers: ServerProcess[] = [];
  let dataDir = '';
  const tokens = new Map<string, string>();

  async function token(account: string): Promise<string> {
    let found = tokens.get(account);
    if (!found) {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: secret });
      found = await createSession(db, config, staffId(account));
      tokens.set(account, found);
    }
    return found;
  }

  /** A call to process `at` (0 or 1) as a demo user. */
  async function call(at: number, account: string, url: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${servers[at]!.baseUrl}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${await token(account)}`,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }

  const tasks = (instId: string) => openTasks(db, instId);

  async function taskOf(instId: string, account: string): Promise<string> {
    const row = await db
      .selectFrom('wf_tasks')
      .select('id')
      .where('inst_id', '=', instId)
      .where('state', '=', 'open')
      .where('assignee_id', '=', staffId(account))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function start(key: string, at = 0, extra: Record<string, unknown> = {}) {
    const answer = await call(at, 'emp01', `${instance}/start`, {
      flowKey: key,
      data: encode({}),
      ...extra,
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ state: true });
    return answer.body.instId as string;
  }

  async function agree(instId: string, account: string, at = 0) {
    const answer = await call(at, account, `${task}/complete`, {
      taskId: await taskOf(instId, account),
      actionName: 'agree',
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ state: true });
  }

  async function deployFlow(key: string, bpmnXml: string) {
    const types = await call(0, 'admin', '/bpm-model/flow/type/v1/tree');
    const typeId = (types.body as unknown as { id: string }[])[0]!.id;
    const answer = await call(0, 'admin', '/bpm-model/flow/def/v1/deploy', {
      defKey: key,
      name: key,
      typeId,
      bpmnXml,
      form: correctnessForm,
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ state: true });
    await call(0, 'admin', '/bpm-model/flow/defAuthorize/v1/save', {
      defKey: key,
      rights: [{ type: 'everyone' }],
    });
  }

  const statuses = (answers: Answer[]) => answers.map((answer) => answer.status).sort();

  /** How many records of an action, or tasks at a node, an instance has. */
  async function recordsOf(instId: string, action: string): Promise<number> {
    const rows = await db
      .selectFrom('wf_records')
      .select('id')
      .where('inst_id', '=', instId)
      .where('action', '=', action)
      .execute();
    return rows.length;
  }

  beforeAll(async () => {
    const fresh = await freshPostgres(inject('serverTemplate').postgresTemplate);
    const database = await openDatabase({ url: fresh.url });
    db = database.db;
    dataDir = mkdtempSync(join(tmpdir(), 'atrium-two-'));
    close = async () => {
      await database.close();
      await fresh.drop();
    };
    // each process is server/main.ts with its own job poller, on the one database
    const env = { DATABASE_URL: fresh.url, JWT_SECRET: secret, STATIC_DIR: join(dataDir, 'none') };
    servers = await Promise.all([0, 1].map(() => startServerProcess(env, '/uc/sso/info')));
    for (const [key, xml] of [
      ['p3', p3Xml],
      ['seq3', seq3Xml],
      ['cs100', cs100Xml],
    ] as const) {
      await deployFlow(key, xml);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await close?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('100 completes of one task over both processes: one succeeds, 99 are told it is handled', async () => {
    const id = await start('seq3');
    const taskId = await taskOf(id, 'lead01');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, n) =>
        call(n % 2, 'lead01', `${task}/complete`, { taskId, actionName: 'agree' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(
      new Set(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.body.message}`)),
    ).toEqual(new Set(['409 任务已被处理，请刷新列表']));
    expect(await tasks(id)).toEqual(['B:mgr01[NORMAL]']);
    expect(await invariantViolations(db)).toEqual([]);
  });

  it('20 join races: three branches agreed at once fire the join exactly once', async () => {
    for (let round = 0; round < 20; round++) {
      const id = await start('p3', round % 2);
      await agree(id, 'lead01', round % 2);
      const answers = await Promise.all(
        (['legal01', 'fin01', 'hr01'] as const).map(async (account, n) =>
          call((round + n) % 2, account, `${task}/complete`, {
            taskId: await taskOf(id, account),
            actionName: 'agree',
          }),
        ),
      );
      expect(statuses(answers)).toEqual([200, 200, 200]);
      expect(await tasks(id)).toEqual(['D:gm01[NORMAL]']);
      const reached = await db
        .selectFrom('wf_tasks')
        .select('id')
        .where('inst_id', '=', id)
        .where('node_id', '=', 'D')
        .execute();
      expect(reached).toHaveLength(1);
    }
    expect(await invariantViolations(db)).toEqual([]);
  });

  it('10 countersign races: every voter at once, one decision', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await start('cs100');
      await agree(id, 'lead01');
      const answers = await Promise.all(
        (['legal01', 'fin01', 'hr01'] as const).map(async (account, n) =>
          call((round + n) % 2, account, `${task}/complete`, {
            taskId: await taskOf(id, account),
            actionName: 'agree',
          }),
        ),
      );
      expect(statuses(answers)).toEqual([200, 200, 200]);
      expect(await recordsOf(id, 'signResult')).toBe(1);
      const inst = await db
        .selectFrom('wf_instances')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(inst.status).toBe('end');
    }
    expect(await invariantViolations(db)).toEqual([]);
  });

  it('20 complete-versus-recall races: exactly one wins, the other is told why', async () => {
    const winners = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const id = await start('seq3');
      const first = await taskOf(id, 'lead01');
      await agree(id, 'lead01');
      const next = await taskOf(id, 'mgr01');
      const [completed, recalled] = await Promise.all([
        call(round % 2, 'mgr01', `${task}/complete`, { taskId: next, actionName: 'agree' }),
        call((round + 1) % 2, 'lead01', `${instance}/revokeInstance`, {
          instanceId: id,
          taskId: first,
        }),
      ]);
      expect(statuses([completed, recalled])).toEqual([200, 409]);
      if (completed.status === 200) {
        winners.add('complete');
        expect(recalled.body.message).toBe('下一节点已处理，不能撤回');
        expect(await tasks(id)).toEqual(['C:gm01[NORMAL]']);
      } else {
        winners.add('recall');
        expect(await tasks(id)).toEqual(['A:lead01[NORMAL]']);
      }
      // the same recall twice at once: one 200 at most, never a second recall
      const again = await Promise.all(
        [0, 1].map((at) =>
          call(at, 'lead01', `${instance}/revokeInstance`, { instanceId: id, taskId: first }),
        ),
      );
      expect(again.filter((answer) => answer.status === 200)).toHaveLength(0);
    }
    expect(await invariantViolations(db)).toEqual([]);
    console.info('complete-versus-recall winners', [...winners]);
  });

  it('10 copy-reply races: one reply per carbon copy, the others get 400', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await start('seq3');
      const a = await taskOf(id, 'lead01');
      const copied = await call(0, 'lead01', `${instance}/transToMore`, {
        taskId: a,
        userIds: staffId('hr01'),
      });
      expect(copied.status).toBe(200);
      const notice = await db
        .selectFrom('wf_notices')
        .select('id')
        .where('inst_id', '=', id)
        .where('receiver_id', '=', staffId('hr01'))
        .executeTakeFirstOrThrow();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          call(n % 2, 'hr01', `${instance}/doNextCopyto`, {
            taskId: notice.id,
            opinion: `回复${n}`,
          }),
        ),
      );
      expect(statuses(answers)).toEqual([200, 400, 400, 400, 400, 400]);
      expect(new Set(answers.filter((a) => a.status === 400).map((a) => a.body.message))).toEqual(
        new Set(['已回复过该传阅']),
      );
      expect(await recordsOf(id, 'copyReply')).toBe(1);
    }
  });

  it('starts race on a business record and on a draft: one instance each', async () => {
    const record = `R-${Date.now()}`;
    const same = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        call(n % 2, 'emp01', `${instance}/startForm?defKey=seq3&businessKey=${record}`, {}),
      ),
    );
    expect(statuses(same)).toEqual([200, ...Array(9).fill(409)]);
    const draft = await call(0, 'emp01', `${instance}/saveDraft`, {
      flowKey: 'seq3',
      data: encode({ note: 'd' }),
    });
    const draftId = draft.body.instId as string;
    const fromDraft = await Promise.all(
      [0, 1, 0, 1].map((at) =>
        call(at, 'emp01', `${instance}/start`, {
          flowKey: 'seq3',
          data: encode({ note: 'd' }),
          proInstId: draftId,
        }),
      ),
    );
    expect(fromDraft.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(new Set(fromDraft.filter((a) => a.status !== 200).map((a) => a.body.message))).toEqual(
      new Set(['未找到该草稿']),
    );
  });

  it('deploys of a new flow key race: every one gets its own version, one is main', async () => {
    const xml = bpmn(
      'race',
      ['<startEvent id="s"/>', userTask('A', 'user:lead01'), '<endEvent id="e"/>'],
      [
        ['f1', 's', 'A'],
        ['f2', 'A', 'e'],
      ],
    );
    const types = await call(0, 'admin', '/bpm-model/flow/type/v1/tree');
    const typeId = (types.body as unknown as { id: string }[])[0]!.id;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        call(n % 2, 'admin', '/bpm-model/flow/def/v1/deploy', {
          defKey: 'racekey',
          name: 'race',
          typeId,
          bpmnXml: xml,
          form: correctnessForm,
        }),
      ),
    );
    expect(statuses(answers)).toEqual(Array(6).fill(200));
    const rows = await db
      .selectFrom('wf_definitions')
      .select(['version', 'is_main'])
      .where('def_key', '=', 'racekey')
      .orderBy('version')
      .execute();
    expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.filter((row) => row.is_main)).toHaveLength(1);
  });

  it('a timer fires once although both processes poll the jobs', async () => {
    const xml = bpmn(
      'tick',
      [
        '<startEvent id="start"/>',
        '<intermediateCatchEvent id="wait"><timerEventDefinition><timeDuration>PT1S</timeDuration></timerEventDefinition></intermediateCatchEvent>',
        userTask('X', 'user:lead01'),
        '<endEvent id="end"/>',
      ],
      [
        ['f1', 'start', 'wait'],
        ['f2', 'wait', 'X'],
        ['f3', 'X', 'end'],
      ],
    );
    await deployFlow('tick', xml);
    const ids = await Promise.all([0, 1, 0, 1, 0].map((at) => start('tick', at)));
    const deadline = Date.now() + 30_000;
    for (;;) {
      const waiting = await sql<{ n: number }>`
        select count(*) as n from wf_tokens where node_id = 'wait'
          and inst_id in (${sql.join(ids)})`.execute(db);
      if (Number(waiting.rows[0]!.n) === 0) break;
      if (Date.now() > deadline) throw new Error('the timers did not fire');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const id of ids) {
      expect(await tasks(id)).toEqual(['X:lead01[NORMAL]']);
      expect(await recordsOf(id, 'timer')).toBe(1);
    }
    expect(await invariantViolations(db)).toEqual([]);
  });
});
