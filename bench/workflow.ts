/**
 * Workflow figures: `npx tsx bench/workflow.ts [--pg] [--tasks N]`.
 *
 * Builds a database with N tasks (1,000,000 by default with --pg; 100,000 on PGlite), bulk
 * generated in SQL on top of the demo seed: 2000 users, leave instances of four tasks each,
 * one in ten still running with its last task open. Then, through the API (Fastify inject,
 * so routing, session check, schema and serialisation are all included):
 *   - p50/p95 of a user's to-do page (getTodoList, 10 rows; also for an English reader) and
 *     count (getTodoCount);
 *   - p50/p95 of complete (agree on an open task: the engine ends the instance);
 *   - completes per second from 20 concurrent clients;
 *   - the incident sweep (stalled instances) each process runs every minute.
 * --pg --keep builds a fixed database once and reuses it (for profiling; drop it by hand).
 * --pg uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) to create a
 * throwaway database, dropped at the end.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { roleIds } from '../server/db/seed/ids';
import { seedPeople } from '../server/db/seed/people';
import { seedWorkflow } from '../server/db/seed/workflow';
import { createSession } from '../server/domain/sessions';
import { localStorage } from '../server/domain/storage';
import { sweepIncidents } from '../server/domain/workflow/incidents/record';
import { freshDatabase } from './fresh-database';

const args = process.argv.slice(2);
const usePg = args.includes('--pg');
const keep = usePg && args.includes('--keep');
const taskArg = args.indexOf('--tasks');
const taskCount = taskArg >= 0 ? Number(args[taskArg + 1]) : usePg ? 1_000_000 : 100_000;
const userCount = 2000;
const instanceCount = Math.ceil(taskCount / 4);

/** Users, instances, tasks, tokens and records in bulk, in SQL. */
async function generate(db: Db) {
  const leave = await db
    .selectFrom('wf_definitions')
    .select('id')
    .where('def_key', '=', 'leave')
    .where('is_main', '=', true)
    .executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('users')
    .select(['password_hash', 'tenant_id'])
    .where('account', '=', 'store01')
    .executeTakeFirstOrThrow();
  const user = (expr: string) =>
    sql.raw(`'bu' || lpad((((${expr}) % ${userCount}) + 1)::text, 6, '0')`);
  await sql`
    insert into users (id, account, password_hash, fullname, tenant_id)
    select 'bu' || lpad(g::text, 6, '0'), 'bench' || lpad(g::text, 5, '0'), ${template.password_hash},
      '测试用户' || g, ${template.tenant_id}
    from generate_series(1, ${userCount}) g`.execute(db);
  await sql`insert into user_roles (user_id, role_id) select id, ${roleIds.staff} from users where account like 'bench%'`.execute(
    db,
  );
  await sql`
    insert into wf_instances (id, def_id, def_key, subject, status, form_data, starter_id, created_at, updated_at, ended_at)
    select 'bi' || g, ${leave.id}, 'leave', '测试用户' || (g % ${userCount} + 1) || '的请假申请 ' || g,
      case when g % 10 = 0 then 'running' else 'end' end,
      '{"leaveType":"annual","startDate":"2026-12-01","endDate":"2026-12-01","days":1,"reason":"bench"}',
      ${user('g')}, now() - g * interval '1 minute', now() - g * interval '1 minute',
      case when g % 10 = 0 then null else now() - g * interval '1 minute' + interval '1 hour' end
    from generate_series(1, ${instanceCount}) g`.execute(db);
  await sql`
    insert into wf_tasks (id, inst_id, token_id, node_id, node_name, node_type, kind, status, state,
      assignee_id, prev_node_id, created_at, completed_at, completed_by, action)
    select 'bt' || g || '_' || k, 'bi' || g, 'bk' || g || '_' || k, 'teamLeader', '直属领导审批', 'USERTASK',
      'main', 'NORMAL', case when g % 10 = 0 and k = 4 then 'open' else 'done' end,
      ${user('g * 7 + k * 13')}, 'start', now() - g * interval '1 minute' + k * interval '1 second',
      case when g % 10 = 0 and k = 4 then null else now() - g * interval '1 minute' + k * interval '2 second' end,
      case when g % 10 = 0 and k = 4 then null else ${user('g * 7 + k * 13')} end,
      case when g % 10 = 0 and k = 4 then null else 'agree' end
    from generate_series(1, ${instanceCount}) g, generate_series(1, 4) k`.execute(db);
  await sql`
    insert into wf_tokens (id, inst_id, node_id, state, via_flow_id, via_node_id, prev_node_id, created_at)
    select 'bk' || g || '_4', 'bi' || g, 'teamLeader', 'active', 'toTeamLeader', 'start', 'start', now()
    from generate_series(10, ${instanceCount}, 10) g`.execute(db);
  await sql`
    insert into wf_records (inst_id, task_id, node_id, node_name, action, opinion, user_id, created_at)
    select inst_id, id, node_id, node_name, 'agree', '同意', assignee_id, completed_at
    from wf_tasks where id like 'bt%' and state = 'done'`.execute(db);
  await sql`analyze`.execute(db);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(label: string, times: number[], target?: number) {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const goal = target ? `  (target p50 ≤ ${target} ms: ${p50 <= target ? 'met' : 'NOT met'})` : '';
  console.info(
    `  ${label.padEnd(34)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   n=${times.length}${goal}`,
  );
}

async function main() {
  const started = performance.now();
  const database = await freshDatabase({ name: 'workflow', pg: usePg, memory: true, keep });
  const { dataDir } = database;
  try {
    const { db } = database;
    if (!database.reused) {
      await migrateToLatest(db);
      await seedPeople(db, null as unknown as string);
      await seedWorkflow(db);
      await generate(db);
    }
    const counts = await sql<{ tasks: number; open: number; records: number }>`
      select (select count(*) from wf_tasks) as tasks,
        (select count(*) from wf_tasks where state = 'open') as open,
        (select count(*) from wf_records) as records`.execute(db);
    const { tasks, open, records } = counts.rows[0]!;
    console.info(
      `${database.kind}: ${Number(tasks).toLocaleString()} tasks (${Number(open).toLocaleString()} open), ${Number(records).toLocaleString()} records, ${userCount} users; built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret',
      LOG_LEVEL: 'error',
      STATIC_DIR: join(dataDir, 'none'),
    });
    const app = await buildApp(
      { config, db, storage: localStorage(join(dataDir, 'files')) },
      { logger: false },
    );
    await app.ready();
    const tokens = new Map<string, string>();
    const tokenOf = async (userId: string) => {
      let token = tokens.get(userId);
      if (!token) {
        token = await createSession(db, config, userId);
        tokens.set(userId, token);
      }
      return token;
    };
    const call = async (userId: string, url: string, payload: unknown, language = 'zh-CN') => {
      const headers = {
        authorization: `Bearer ${await tokenOf(userId)}`,
        'accept-language': language,
      };
      const t0 = performance.now();
      const response = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: payload as Record<string, unknown>,
      });
      const elapsed = performance.now() - t0;
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return { elapsed, body: response.json() as { total?: number } };
    };

    const sample = Array.from(
      { length: 200 },
      (_, i) => `bu${String(((i * 37) % userCount) + 1).padStart(6, '0')}`,
    );
    for (const userId of sample.slice(0, 20))
      await call(userId, '/bpm-runtime/runtime/task/v1/getTodoList', {});
    const todo: number[] = [];
    const todoEnglish: number[] = [];
    const count: number[] = [];
    const done: number[] = [];
    for (let i = 0; i < 600; i++) {
      const userId = sample[i % sample.length]!;
      todo.push(
        (
          await call(userId, '/bpm-runtime/runtime/task/v1/getTodoList', {
            pageBean: { page: 1, pageSize: 10 },
          })
        ).elapsed,
      );
      // The same page for an English reader: flow and node names from the definition.
      todoEnglish.push(
        (
          await call(
            userId,
            '/bpm-runtime/runtime/task/v1/getTodoList',
            { pageBean: { page: 1, pageSize: 10 } },
            'en-US',
          )
        ).elapsed,
      );
      count.push((await call(userId, '/bpm-runtime/runtime/task/v1/getTodoCount', {})).elapsed);
      if (i % 3 === 0)
        done.push(
          (
            await call(userId, '/bpm-runtime/runtime/instance/v1/getDoneInstList', {
              pageBean: { page: 1, pageSize: 10 },
            })
          ).elapsed,
        );
    }
    console.info('through the API (in-process inject):');
    summary('to-do page (getTodoList, 10 rows)', todo, 5);
    summary('to-do page in English (names from the definition)', todoEnglish, 5);
    summary('to-do count (getTodoCount)', count, 5);
    summary('done page (getDoneInstList)', done);

    const openTasks = await db
      .selectFrom('wf_tasks')
      .select(['id', 'assignee_id'])
      .where('state', '=', 'open')
      .where('id', 'like', 'bt%')
      .orderBy('id')
      .limit(3500)
      .execute();
    const completes: number[] = [];
    for (const task of openTasks.slice(0, 500)) {
      completes.push(
        (
          await call(task.assignee_id!, '/bpm-runtime/runtime/task/v1/complete', {
            taskId: task.id,
            actionName: 'agree',
            opinion: '同意',
          })
        ).elapsed,
      );
    }
    summary('complete (agree, instance ends)', completes, 15);

    const pool = openTasks.slice(500);
    for (const task of pool) await tokenOf(task.assignee_id!);
    const clients = 20;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, worker) => {
        for (let i = worker; i < pool.length; i += clients) {
          const task = pool[i]!;
          await call(task.assignee_id!, '/bpm-runtime/runtime/task/v1/complete', {
            taskId: task.id,
            actionName: 'agree',
          });
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    console.info(
      `  completes under ${clients} concurrent clients: ${(pool.length / seconds).toFixed(0)} per second (${pool.length} in ${seconds.toFixed(1)} s)`,
    );

    // The incident sweep every process runs each minute: running instances with nothing
    // that can move them, over every running instance (none is stalled here).
    const sweeps: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t1 = performance.now();
      await sweepIncidents(db);
      sweeps.push(performance.now() - t1);
    }
    summary('incident sweep (every running instance)', sweeps);
    await app.close();
  } finally {
    await database.close();
  }
}

await main();
