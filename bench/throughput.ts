/**
 * Throughput of the statement page under load, against its floor, in one run:
 * `npx tsx bench/throughput.ts [--scale 14] [--seconds 10] [--connections 50] [--workers 1,2]
 * [--rounds 1] [--fresh] [--database NAME] [--cpu-prof DIR] [--account SZHY10001]
 * [--count exact|estimate|none] [--driver autocannon|wrk] [--floor-workers 1,2]`.
 *
 * On a PostgreSQL database seeded at scale (atrium_throughput_s<scale> next to DATABASE_URL,
 * kept between runs; --fresh drops and seeds it again) it drives with autocannon (or with
 * `--driver wrk`, Debian's wrk: a C load generator that needs about a third of autocannon's
 * CPU, which on two cores is CPU the server gets back), one after the other, each after a
 * 2 s warm-up:
 * - floor: bench/throughput-floor.ts, a minimal Fastify + pg route that verifies the same JWT
 *   and runs the very SQL the real request runs (the page, and the count where one runs),
 *   captured from it, as named prepared statements, as the server runs it
 *   (server/db/prepared-statements.ts);
 * - server: `server/main.ts` with WORKERS=1, then 2, ... (node:cluster).
 * With `--floor-workers 1,2` the floor also runs as a cluster of two processes: how far this
 * machine lets the least server scale is then measured beside how far ours does.
 * All send one account's authenticated statement.lyfyjsd request (page 1 of 50; by default
 * SZHY10001's with an exact count; `--account admin --count estimate` is the heaviest user's
 * first page, every store's notices, as the list element asks for it). It prints
 * requests/s, p50 and p99 and the ratios the issue asks for (server/floor, 2 workers/1), and
 * the CPU each spent per request (server plus workers, from /proc), which other work on the
 * machine does not move the way it moves requests/s.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import autocannon from 'autocannon';
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { isEmpty, seedDemo } from '../server/db/seed';
import { demoPasswords } from '../server/db/seed/people';
import { localStorage } from '../server/domain/storage';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '14' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    workers: { type: 'string', default: '1,2' },
    rounds: { type: 'string', default: '1' },
    fresh: { type: 'boolean' },
    database: { type: 'string' },
    'cpu-prof': { type: 'string' },
    account: { type: 'string', default: 'SZHY10001' },
    count: { type: 'string', default: 'exact' },
    driver: { type: 'string', default: 'autocannon' },
    'floor-workers': { type: 'string', default: '1' },
  },
});
const scale = Number(values.scale);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const workerCounts = values.workers.split(',').map(Number);
const floorWorkerCounts = values['floor-workers'].split(',').map(Number);
// Every ratio is taken against the one-process floor, so it always runs.
if (!floorWorkerCounts.includes(1)) floorWorkerCounts.unshift(1);
const floorName = (processes: number) =>
  processes === 1 ? 'floor (Fastify+pg)' : `floor, ${processes} processes`;
const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = values.database ?? `atrium_throughput_s${scale}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const jwtSecret = `bench-throughput-${process.pid}-${Date.now()}`;
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-throughput-'));

async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (values.fresh) await admin.query(`drop database if exists ${dbName} with (force)`);
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
  if (!rowCount) await admin.query(`create database ${dbName}`);
  await admin.end();
}

/** The demo password of an account: admin, a merchant (SZHY...), or staff. */
function passwordOf(account: string): string {
  if (account === 'admin') return demoPasswords.admin;
  return account.startsWith('SZHY') ? demoPasswords.merchant : demoPasswords.staff;
}

function monthsAround(offset: number): string {
  const now = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
  const index = Number(now.slice(0, 4)) * 12 + Number(now.slice(5, 7)) - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Seeds when empty, signs SZHY10001 in, and captures the SQL of one statement request made
 * through the real app (the floor runs exactly that).
 */
async function prepare() {
  const handle = await openDatabase({ url: databaseUrl });
  const storage = localStorage(join(dataDir, 'files'));
  try {
    await migrateToLatest(handle.db);
    if (await isEmpty(handle.db)) {
      const start = Date.now();
      await seedDemo(handle.db, storage, { scale });
      console.info(`seeded scale ${scale} in ${((Date.now() - start) / 1000).toFixed(0)} s`);
    }
    const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
    let capturing = false;
    const plugin: KyselyPlugin = {
      transformQuery(args) {
        if (capturing) seen.push({ node: args.node, queryId: args.queryId });
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-static'),
    });
    const app = await buildApp(
      { config, db: handle.db.withPlugin(plugin), storage },
      { logger: false },
    );
    const login = await app.inject({
      method: 'POST',
      url: '/uc/auth',
      payload: { username: values.account, password: passwordOf(values.account) },
    });
    const { token } = login.json<{ token: string }>();
    const descriptor = {
      query: 'statement.lyfyjsd',
      filters: { startMonth: monthsAround(-2), endMonth: monthsAround(1) },
      page: { page: 1, pageSize: 50 },
      count: values.count,
    };
    const param = encodeURIComponent(Buffer.from(JSON.stringify(descriptor)).toString('base64'));
    const path = `/bpm-runtime/bpm/${config.product}Script/executeSql?param=${param}`;
    capturing = true;
    const answer = await app.inject({ url: path, headers: { authorization: `Bearer ${token}` } });
    capturing = false;
    if (answer.statusCode !== 200) throw new Error(`statement request: ${answer.body}`);
    const { total, result } = answer.json<{ total: number; result: unknown[] }>();
    const queries = seen
      .map(({ node, queryId }) => handle.db.getExecutor().compileQuery(node, queryId))
      .filter((query) => query.sql.includes('"joint_fee_notices"'))
      .map((query) => ({ sql: query.sql, parameters: [...query.parameters] }));
    if (queries.length < 1) throw new Error('the statement request ran no statement query');
    await app.close();
    console.info(
      `statement.lyfyjsd for ${values.account}, count ${values.count}: page of ${result.length}, total ${total}, ${queries.length} statement queries`,
    );
    return { token, path, queries };
  } finally {
    await handle.close();
  }
}

interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * CPU seconds used so far by a process and its live children (a cluster's workers), from
 * /proc: a figure per request that does not depend on how much CPU other work left us.
 */
function cpuSeconds(root: number): number {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), {
        parent: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  let ticks = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.parent === pid) pending.push(child);
  }
  return ticks / 100;
}

/** Busy and total CPU ticks of the whole machine, from /proc/stat (idle and iowait apart). */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1);
  const ticks = fields.slice(0, 8).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** CPU seconds of every PostgreSQL process (the server and its backends). */
function postgresSeconds(): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')).startsWith('postgres'))
        continue;
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended while we looked.
    }
  }
  return ticks / 100;
}

/** Node's flags in `npm start` (package.json), which the real server is measured with. */
function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  return scripts.start!.split(' ').filter((word) => /^--[a-z-]+=\S+$/.test(word));
}

async function start(
  script: string,
  port: number,
  env: Record<string, string>,
  probe: string,
  headers: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<Running> {
  const profile = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  const args = [...profile, ...nodeFlags, '--import', 'tsx', script];
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      STATIC_DIR: join(dataDir, 'no-static'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}${probe}`;
  for (let i = 0; ; i++) {
    try {
      const response = await fetch(url, { headers });
      if (response.ok) break;
      throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    } catch (error) {
      if (i > 300) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** CPU milliseconds the server spent per answered request. */
  cpuMs: number;
  /** Shares of the machine's CPU time during the run: all work, the server, PostgreSQL, us. */
  machine: { busy: number; server: number; postgres: number; load: number };
}

/** What one load run gives: the load generator's figures and the CPU it used itself. */
interface Load {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  failed: number;
  cpuSeconds: number;
}

async function withAutocannon(url: string, duration: number, headers: Record<string, string>) {
  const before = process.cpuUsage();
  const result = await autocannon({ url, connections, duration, headers });
  const used = process.cpuUsage(before);
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    cpuSeconds: (used.user + used.system) / 1e6,
  } satisfies Load;
}

/** A wrk duration ("812.00us", "1.20ms", "1.01s") in milliseconds. */
function wrkMs(text: string): number {
  const [, value, unit] = /^([\d.]+)(us|ms|s|m)$/.exec(text) ?? [];
  if (!value) throw new Error(`wrk printed a duration it cannot read: ${text}`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit as 'us' | 'ms' | 's' | 'm'];
  return Number(value) * factor;
}

/**
 * wrk, one thread, run by a shell that then prints its own /proc stat: the waited-for
 * child's CPU (cutime, cstime) is there, after wrk's own entry has gone.
 */
async function withWrk(url: string, duration: number, headers: Record<string, string>) {
  const headerArgs = Object.entries(headers).map(([name, value]) => `-H '${name}: ${value}'`);
  const command = `wrk -t1 -c${connections} -d${duration}s --latency ${headerArgs.join(' ')} '${url}' && cat /proc/$$/stat`;
  const { stdout } = await promisify(execFile)('sh', ['-c', command], { maxBuffer: 1 << 20 });
  const line = (label: RegExp) => label.exec(stdout)?.[1] ?? '';
  const stat = stdout.trim().split('\n').at(-1)!;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    stdout,
  );
  return {
    rps: Number(line(/Requests\/sec:\s+([\d.]+)/)),
    total: Number(line(/(\d+) requests in/)),
    p50: wrkMs(line(/ 50%\s+(\S+)/)),
    p99: wrkMs(line(/ 99%\s+(\S+)/)),
    failed:
      Number(line(/Non-2xx or 3xx responses: (\d+)/) || 0) +
      (errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0),
    cpuSeconds: (Number(fields[13]) + Number(fields[14])) / 100,
  } satisfies Load;
}

const load = values.driver === 'wrk' ? withWrk : withAutocannon;

async function drive(name: string, running: Running, headers: Record<string, string>) {
  // The warm-up fills pools, JIT and caches (and, with a cluster, reaches every worker).
  await load(running.url, 2, headers);
  const cpuBefore = cpuSeconds(running.pid);
  const machineBefore = machineTicks();
  const postgresBefore = postgresSeconds();
  const result = await load(running.url, seconds, headers);
  const cpuUsed = cpuSeconds(running.pid) - cpuBefore;
  const machineAfter = machineTicks();
  // Machine ticks are summed over cores; /proc/<pid>/stat ticks are per process (1/100 s).
  const machineSeconds = (machineAfter.total - machineBefore.total) / 100;
  const share = (secondsUsed: number) => secondsUsed / Math.max(0.001, machineSeconds);
  const figures: Figures = {
    name,
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    failed: result.failed,
    cpuMs: (cpuUsed * 1000) / Math.max(1, result.total),
    machine: {
      busy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
      server: share(cpuUsed),
      postgres: share(postgresSeconds() - postgresBefore),
      load: share(result.cpuSeconds),
    },
  };
  const pct = (value: number) => `${(value * 100).toFixed(0)} %`;
  console.info(
    `${name.padEnd(20)} ${figures.rps.toFixed(0).padStart(6)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  CPU ${figures.cpuMs.toFixed(2)} ms/request${figures.failed ? `  (${figures.failed} failed)` : ''}`,
  );
  const { machine } = figures;
  console.info(
    `${''.padEnd(20)} machine ${pct(machine.busy)} busy: this server ${pct(machine.server)}, PostgreSQL ${pct(machine.postgres)}, load generator ${pct(machine.load)}`,
  );
  return figures;
}

async function main() {
  await ensureDatabase();
  const { token, path, queries } = await prepare();
  const headers = { authorization: `Bearer ${token}` };
  const floorPath = `/floor?${path.split('?')[1]}`;
  console.info(
    `${connections} connections, ${seconds} s each, load generator (${values.driver}) on the same machine`,
  );
  console.info(
    `the server runs with npm start's node flags: ${startFlags().join(' ') || 'none'}\n`,
  );
  const all: Figures[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const processes of floorWorkerCounts) {
      const floor = await start(
        'bench/throughput-floor.ts',
        18_600,
        {
          FLOOR_PORT: '18600',
          FLOOR_QUERIES: JSON.stringify(queries),
          FLOOR_WORKERS: String(processes),
        },
        floorPath,
        headers,
      );
      all.push(await drive(floorName(processes), floor, headers));
      await floor.stop();
    }
    for (const workers of workerCounts) {
      const server = await start(
        'server/main.ts',
        18_601,
        { WORKERS: String(workers) },
        path,
        headers,
        startFlags(),
      );
      all.push(await drive(`server, ${workers} worker${workers > 1 ? 's' : ''}`, server, headers));
      await server.stop();
    }
  }
  // Best of the rounds, and each round's own ratio: on a shared two-core machine one round
  // can run at half the speed of the next, so the spread says how far the best is to trust.
  const rounds = (name: string) => all.filter((row) => row.name === name).map((row) => row.rps);
  const best = (name: string) => Math.max(...rounds(name));
  const perRound = (over: string, under: string) => {
    const ratios = rounds(over).map((rps, round) => rps / rounds(under)[round]!);
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return `each round ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}; median ${median.toFixed(2)}`;
  };
  const floorRps = best(floorName(1));
  const one = best('server, 1 worker');
  const cpu = (name: string) =>
    Math.min(...all.filter((row) => row.name === name).map((row) => row.cpuMs));
  console.info(
    `\nserver 1 worker / floor: best ${(one / floorRps).toFixed(2)}, ${perRound('server, 1 worker', 'floor (Fastify+pg)')} (target >= 0.80)`,
  );
  console.info(
    `CPU per request, server 1 worker / floor: ${(cpu('server, 1 worker') / cpu('floor (Fastify+pg)')).toFixed(2)} (the floor's share of the server's cost: ${(cpu('floor (Fastify+pg)') / cpu('server, 1 worker')).toFixed(2)})`,
  );
  for (const workers of workerCounts.filter((count) => count > 1)) {
    const name = `server, ${workers} workers`;
    const many = best(name);
    console.info(
      `server ${workers} workers / 1 worker: best ${(many / one).toFixed(2)}, ${perRound(name, 'server, 1 worker')} (target >= 1.30); / floor: ${(many / floorRps).toFixed(2)}`,
    );
  }
  for (const processes of floorWorkerCounts.filter((count) => count > 1)) {
    const name = floorName(processes);
    console.info(
      `floor ${processes} processes / 1: best ${(best(name) / floorRps).toFixed(2)}, ${perRound(name, floorName(1))} (what this machine lets the least server gain)`,
    );
  }
}

try {
  await main();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
