import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import type { Db } from '../../server/db/database';
import { staffId } from '../../server/db/seed/workflow/people';
import { createSession } from '../../server/domain/sessions';
import { bearer, login, withServer, type DatabaseKind, type TestServer } from './harness';

/** Passwords of the demo accounts the workflow tests sign in as. */
const passwords: Record<string, string> = { admin: 'Atrium#2026', SZHY10001: 'Merchant#2026' };

export const encode = (data: unknown) => Buffer.from(JSON.stringify(data)).toString('base64');

export interface Json {
  status: number;
  body: Record<string, unknown> & { message?: string; state?: boolean };
  raw: unknown;
}

/** A real server on one database and a client of it, for the tests of one describe block. */
export interface ServerAndClient {
  server: TestServer;
  client: Client;
}

/**
 * Starts the server before the block's tests, runs `setup` once it is up (flows to deploy,
 * seeded rows to move), and closes it after them. Both objects exist at once, so a block can
 * destructure them; the server's fields are filled in when it starts.
 */
export function useServerAndClient(
  kind: DatabaseKind,
  setup?: (context: ServerAndClient) => Promise<void>,
  env: Record<string, string> = {},
): ServerAndClient {
  const server = withServer(kind, env);
  const context = { server, client: new Client(server) };
  if (setup) beforeAll(() => setup(context));
  return context;
}

/** Calls the real server as demo users; tokens are cached per account. */
export class Client {
  private tokens = new Map<string, string>();

  /** Read on each call, so a client can be made before its server has started. */
  constructor(private readonly server: { app: FastifyInstance; db: Db }) {}

  /**
   * A session token: the first account signs in with its password through /uc/auth (so
   * the demo passwords are right); the others get a session made directly, which skips
   * the deliberately slow password hash and keeps the suite fast.
   */
  async token(account: string): Promise<string> {
    let token = this.tokens.get(account);
    if (!token) {
      if (this.tokens.size === 0) {
        token = await login(this.server.app, account, passwords[account] ?? 'Staff#2026');
      } else {
        const user = await this.server.db
          .selectFrom('users')
          .select('id')
          .where('account', '=', account)
          .executeTakeFirstOrThrow();
        token = await createSession(this.server.db, this.server.app.deps.config, user.id);
      }
      this.tokens.set(account, token);
    }
    return token;
  }

  async call(
    account: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
    language = 'zh-CN',
  ): Promise<Json> {
    const response = await this.server.app.inject({
      method,
      url,
      headers: { ...bearer(await this.token(account)), 'accept-language': language },
      ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    });
    const raw = response.body ? (JSON.parse(response.body) as unknown) : null;
    return { status: response.statusCode, body: (raw ?? {}) as Json['body'], raw };
  }

  post = (account: string, url: string, payload: unknown = {}) =>
    this.call(account, 'POST', url, payload);
  get = (account: string, url: string) => this.call(account, 'GET', url);

  /** Starts a flow and answers the instance id (fails the test otherwise). */
  async start(
    account: string,
    flowKey: string,
    data: Record<string, unknown>,
    extra: Record<string, unknown> = {},
  ): Promise<string> {
    const answer = await this.post(account, '/bpm-runtime/runtime/instance/v1/start', {
      flowKey,
      data: encode(data),
      ...extra,
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({
      state: true,
      message: '流程启动成功',
    });
    await expectInvariants(this.server.db);
    return answer.body.instId as string;
  }

  /** The open task a person holds (or may take) in an instance, found with plain SQL. */
  async task(instId: string, account: string): Promise<string> {
    const id = await openTaskOf(this.server.db, instId, account);
    if (!id)
      throw new Error(
        `${account} has no open task in ${instId}: ${JSON.stringify(await openTasks(this.server.db, instId))}`,
      );
    return id;
  }

  complete(
    account: string,
    taskId: string,
    actionName: string,
    extra: Record<string, unknown> = {},
  ) {
    return this.post(account, '/bpm-runtime/runtime/task/v1/complete', {
      taskId,
      actionName,
      opinion: `${actionName} by ${account}`,
      ...extra,
    });
  }

  /** Acts on the person's open task in the instance and expects success. */
  async act(
    account: string,
    instId: string,
    actionName: string,
    extra: Record<string, unknown> = {},
  ) {
    const answer = await this.complete(
      account,
      await this.task(instId, account),
      actionName,
      extra,
    );
    expect(answer.body, `${account} ${actionName}: ${JSON.stringify(answer.body)}`).toMatchObject({
      state: true,
      message: '任务办理成功',
    });
    await expectInvariants(this.server.db);
  }

  /** Any call that must succeed, followed by the invariant check. */
  async ok(
    account: string,
    url: string,
    payload?: unknown,
    method: 'GET' | 'POST' | 'DELETE' = 'POST',
  ) {
    const answer = await this.call(account, method, url, payload);
    expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    await expectInvariants(this.server.db);
    return answer;
  }
}

export async function openTaskOf(db: Db, instId: string, account: string): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('account', '=', account)
    .executeTakeFirst();
  if (!user) return null;
  const row = await sql<{ id: string }>`
    select t.id from wf_tasks t where t.inst_id = ${instId} and t.state = 'open'
      and (t.assignee_id = ${user.id} or (t.assignee_id is null and exists (
        select 1 from wf_task_actors a where a.task_id = t.id and a.user_id = ${user.id})))
    order by t.created_at, t.seq limit 1`.execute(db);
  return row.rows[0]?.id ?? null;
}

/** Open tasks of an instance as "node:account[status]" strings, sorted: what the test sees. */
export async function openTasks(db: Db, instId: string): Promise<string[]> {
  const rows = await sql<{ label: string }>`
    select t.node_id || ':' || coalesce(u.account, '(' || (
      select string_agg(au.account, '|' order by au.account) from wf_task_actors a
      join users au on au.id = a.user_id where a.task_id = t.id) || ')') || '[' || t.status || ']' as label
    from wf_tasks t left join users u on u.id = t.assignee_id
    where t.inst_id = ${instId} and t.state = 'open'`.execute(db);
  return rows.rows.map((row) => row.label).sort();
}

/** An instance's form data as stored. */
export async function formDataOf(db: Db, instId: string): Promise<Record<string, unknown>> {
  const row = await db
    .selectFrom('wf_instances')
    .select('form_data')
    .where('id', '=', instId)
    .executeTakeFirstOrThrow();
  return row.form_data;
}

export async function instanceStatus(db: Db, instId: string): Promise<string> {
  const row = await db
    .selectFrom('wf_instances')
    .select('status')
    .where('id', '=', instId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/**
 * The engine's invariants, checked with SQL of their own (not the engine's code):
 * a running instance has an open task or a pending job; nothing is live on a finished
 * instance; no two open tasks for one node and assignee; tokens and live tasks agree.
 */
export async function invariantViolations(db: Db): Promise<string[]> {
  // One statement for all checks: the tests run it after every step.
  const rows = await sql<{ problem: string; id: string }>`
    select 'running instance with no open task and no pending job' as problem, i.id
    from wf_instances i where i.status = 'running'
      and not exists (select 1 from wf_tasks t where t.inst_id = i.id and t.state = 'open')
      and not exists (select 1 from wf_jobs j where j.inst_id = i.id and j.done_at is null)
    union all
    select 'live task on a finished instance', t.id from wf_tasks t
    join wf_instances i on i.id = t.inst_id
    where i.status <> 'running' and t.state in ('open', 'pending', 'waiting')
    union all
    select 'duplicate open task for one node and assignee', min(id) from wf_tasks
    where state = 'open' group by inst_id, node_id, assignee_id having count(*) > 1
    union all
    select 'token on a finished instance', k.id from wf_tokens k
    join wf_instances i on i.id = k.inst_id where i.status <> 'running'
    union all
    select 'active token without a live task', k.id from wf_tokens k
    where k.state = 'active' and not exists (
      select 1 from wf_tasks t where t.token_id = k.id and t.state in ('open', 'pending', 'waiting'))
    union all
    select 'live task without its token', t.id from wf_tasks t
    where t.state in ('open', 'pending', 'waiting')
      and not exists (select 1 from wf_tokens k where k.id = t.token_id)
    union all
    select 'shared task without candidates', t.id from wf_tasks t
    where t.state = 'open' and t.assignee_id is null
      and not exists (select 1 from wf_task_actors a where a.task_id = t.id)`.execute(db);
  return rows.rows.map((row) => `${row.problem}: ${row.id}`);
}

export async function expectInvariants(db: Db): Promise<void> {
  expect(await invariantViolations(db)).toEqual([]);
}

export { staffId };

/** The demo leave request's form (the exclusive gateway reads `days`: more than 3 goes up). */
/** 1-10 December 2026 hold 8 working days (the 1st is a Tuesday). */
export const leaveForm = (days = 2, endDate = '2026-12-10') => ({
  leaveType: 'annual',
  startDate: '2026-12-01',
  endDate,
  days,
  reason: '休假',
});

/** The demo expense claim's form (the gateways read `category` and `amount`). */
export const expenseForm = (amount = 100, category = 'travel') => ({
  title: '报销',
  category,
  amount,
  occurredOn: '2026-11-01',
});

/** A flow for tests, deployed by the admin through the model service. */
export async function deploy(
  client: Client,
  defKey: string,
  bpmnXml: string,
  form: unknown,
  rights = true,
) {
  const types = await client.get('admin', '/bpm-model/flow/type/v1/tree');
  const typeId = (types.raw as { id: string }[])[0]!.id;
  const answer = await client.post('admin', '/bpm-model/flow/def/v1/deploy', {
    defKey,
    name: defKey,
    typeId,
    bpmnXml,
    form,
  });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ state: true });
  if (rights) {
    const saved = await client.post('admin', '/bpm-model/flow/defAuthorize/v1/save', {
      defKey,
      rights: [{ type: 'everyone' }],
    });
    expect(saved.body.state).toBe(true);
  }
  return answer.body.value as string;
}

const ns =
  'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:atrium="https://atrium.haiya.example/schema/bpmn"';

/** Compact BPMN for test flows: nodes as XML lines, flows as [id, source, target, condition?]. */
export function bpmn(
  id: string,
  nodes: string[],
  flows: [string, string, string, string?][],
): string {
  const flowXml = flows.map(([flowId, source, target, condition]) =>
    condition
      ? `<sequenceFlow id="${flowId}" sourceRef="${source}" targetRef="${target}"><conditionExpression>${condition.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</conditionExpression></sequenceFlow>`
      : `<sequenceFlow id="${flowId}" sourceRef="${source}" targetRef="${target}"/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?><definitions ${ns} id="${id}-d" targetNamespace="t"><process id="${id}">${[...nodes, ...flowXml].join('')}</process></definitions>`;
}

export const userTask = (id: string, assignee: string, extra = '', inner = '') =>
  `<userTask id="${id}" name="${id}" atrium:assignee="${assignee}" ${extra}>${inner}</userTask>`;
