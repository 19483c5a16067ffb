/**
 * The workflow lists of a user with 10,000 tasks: `npx tsx bench/workflow-lists.ts [--pg]
 * [--tasks N] [--requests N]`.
 *
 * Builds a fresh database (PGlite in memory, or with --pg a throwaway PostgreSQL database
 * next to DATABASE_URL) with the demo people and flows, then one heavy user who started N
 * leave requests, holds N open tasks and has approved N others. Through the API (Fastify
 * inject: routing, session check, schemas, serialisation), as the task list element asks:
 * page 1 of 50 with the count, the last page after the cursor of the one before (scrolling
 * on) and by offset (a jump with the scroll bar) without it (showTotal false: counted once
 * per filter), and the count alone. p50 / p95 in ms. --pg --keep builds a fixed
 * database (atrium_bench_wflists) once and reuses it, for looking at plans; drop it by hand.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
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
import { freshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    pg: { type: 'boolean' },
    tasks: { type: 'string', default: '10000' },
    requests: { type: 'string', default: '50' },
    keep: { type: 'boolean' },
  },
});
const tasks = Number(values.tasks);
const requests = Number(values.requests);
const heavy = 'wl000001';

/** The heavy user's instances, open tasks and approvals, in bulk SQL. */
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
  await sql`insert into users (id, account, password_hash, fullname, tenant_id)
    values (${heavy}, 'heavy01', ${template.password_hash}, '繁忙用户', ${template.tenant_id})`.execute(
    db,
  );
  await sql`insert into user_roles (user_id, role_id) values (${heavy}, ${roleIds.staff})`.execute(
    db,
  );
  await sql`
    insert into wf_instances (id, def_id, def_key, subject, status, form_data, starter_id, created_at, updated_at)
    select 'wi' || g, ${leave.id}, 'leave', '繁忙用户的请假申请 ' || g, 'running',
      '{"leaveType":"annual","startDate":"2026-12-01","endDate":"2026-12-01","days":1,"reason":"bench"}',
      ${heavy}, now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${tasks}) g`.execute(db);
  await sql`
    insert into wf_tasks (id, inst_id, token_id, node_id, node_name, node_type, kind, status, state,
      assignee_id, prev_node_id, created_at, completed_at, completed_by, action)
    select 'wt' || g || '_' || k, 'wi' || g, 'wk' || g || '_' || k,
      case k when 1 then 'teamLeader' else 'hrApproval' end,
      case k when 1 then '直属领导审批' else '人事审批' end, 'USERTASK', 'main', 'NORMAL',
      case k when 1 then 'done' else 'open' end, ${heavy}, 'start',
      now() - g * interval '1 minute' + k * interval '1 second',
      case k when 1 then now() - g * interval '1 minute' + interval '2 second' end,
      case k when 1 then ${heavy} end, case k when 1 then 'agree' end
    from generate_series(1, ${tasks}) g, generate_series(1, 2) k`.execute(db);
  await sql`
    insert into wf_records (inst_id, task_id, node_id, node_name, action, opinion, user_id, created_at)
    select inst_id, id, node_id, node_name, 'agree', '同意', assignee_id, completed_at
    from wf_tasks where id like 'wt%' and state = 'done'`.execute(db);
  await sql`analyze`.execute(db);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * (sorted.length - 1)))]!;
const p50p95 = (series: number[]) => {
  const sorted = [...series].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)}`;
};

async function main() {
  const { db, kind, reused, dataDir, close } = await freshDatabase({
    name: 'wflists',
    pg: values.pg,
    memory: true,
    keep: values.keep,
  });
  try {
    await migrateToLatest(db);
    if (!reused) {
      await seedPeople(db, null as unknown as string);
      await seedWorkflow(db);
      await generate(db);
    }
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
    const headers = { authorization: `Bearer ${await createSession(db, config, heavy)}` };
    const call = async (url: string, payload: object) => {
      const start = performance.now();
      const response = await app.inject({ method: 'POST', url, headers, payload });
      const ms = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.body.slice(0, 200)}`);
      return { ms, body: response.json<{ total: number; rows: unknown[]; next?: string }>() };
    };
    console.info(`${kind}: one user with ${tasks.toLocaleString('en-US')} tasks of each kind`);
    console.info('| list | rows | page 1 (with count) | last page by cursor | by offset | count |');
    console.info('|---|---|---|---|---|---|');
    const lists = {
      'to-do (getTodoList)': '/bpm-runtime/runtime/task/v1/getTodoList',
      'done (getDoneList)': '/bpm-runtime/runtime/instance/v1/getDoneList',
      'done actions (getDoneInstList)': '/bpm-runtime/runtime/instance/v1/getDoneInstList',
      'my requests (myRequest)': '/bpm-runtime/runtime/instance/v1/myRequest',
    };
    for (const [label, url] of Object.entries(lists)) {
      const body = (page: number, showTotal: boolean, after?: string) => ({
        pageBean: { page, pageSize: 50, showTotal, ...(after ? { after } : {}) },
        querys: [],
        sorter: [],
      });
      const total = (await call(url, body(1, true))).body.total;
      const last = Math.max(1, Math.ceil(total / 50));
      // The cursor of the page before the last, as a reader scrolling to the end holds it.
      let cursor: string | undefined;
      for (let page = 1; page < last; page++) {
        cursor = (await call(url, body(page, false, cursor))).body.next;
      }
      const series = { first: [] as number[], last: [] as number[], deep: [] as number[] };
      for (let i = 0; i < 5; i++) await call(url, body(1, true));
      for (let i = 0; i < requests; i++) {
        series.first.push((await call(url, body(1, true))).ms);
        series.last.push((await call(url, body(last, false, cursor))).ms);
        series.deep.push((await call(url, body(last, false))).ms);
      }
      const countUrl = url.replace(/List$/, 'Count').replace(/myRequest$/, 'myRequestCount');
      const counting: number[] = [];
      if (countUrl !== url && !url.endsWith('getDoneList')) {
        for (let i = 0; i < requests; i++) {
          const start = performance.now();
          await app.inject({
            method: url.endsWith('myRequest') ? 'GET' : 'POST',
            url: countUrl,
            headers,
            ...(url.endsWith('myRequest') ? {} : { payload: {} }),
          });
          counting.push(performance.now() - start);
        }
      }
      console.info(
        `| ${label} | ${total.toLocaleString('en-US')} | ${p50p95(series.first)} | ${p50p95(series.last)} (page ${last}) | ${p50p95(series.deep)} | ${counting.length ? p50p95(counting) : '—'} |`,
      );
    }
    await app.close();
  } finally {
    await close();
  }
}

await main();
