/**
 * Live streams (issue 44, docs/live.md): `npx tsx bench/live-streams.ts [--streams N] [--actions N]`.
 *
 * Two server processes (as `npm start` runs them, WORKERS=1 each) on a throwaway PostgreSQL
 * database next to DATABASE_URL, seeded with the demo data. On process A:
 *   - N idle streams (2,000 by default) of the workflow staff's sessions: the process's
 *     resident memory before and after, per stream, and its CPU over a minute of idling;
 * then, with them still open, the delay from an action on process B (emp01 starts a leave,
 * answered by B) to the event on lead01's stream held by A (task-arrived): p50 / p99 over
 * `--actions` (100) actions one after another, beside the action's own answer time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { workflowStaff } from '../server/db/seed/workflow/people';
import { createSession } from '../server/domain/sessions';
import { liveStreamPath, type LiveEvent } from '../src/core/live/events';
import { SseReader } from '../src/core/live/sse';
import { startServerProcess } from '../tests/e2e/server-process';
import { freshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '2000' },
    actions: { type: 'string', default: '100' },
  },
});
const streamCount = Number(values.streams);
const actionCount = Number(values.actions);

const percentile = (series: number[], share: number) => {
  const sorted = [...series].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
};
const rssKiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
/** User and system CPU of a process, in ms (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stream {
  events: LiveEvent[];
  wait(match: (event: LiveEvent) => boolean): Promise<number>;
  close(): void;
}

async function openStream(baseUrl: string, token: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/portal${liveStreamPath}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`stream refused: ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const sse = new SseReader();
  const events: LiveEvent[] = [];
  const waiting: { match: (event: LiveEvent) => boolean; done: (at: number) => void }[] = [];
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const at = performance.now();
        for (const event of sse.feed(decoder.decode(value, { stream: true }))) {
          events.push(event);
          if (event.kind === 'ready') ready();
          const waiter = waiting[0];
          if (waiter?.match(event)) {
            waiting.shift();
            waiter.done(at);
          }
        }
      }
    } catch {
      // closed
    }
  })();
  await isReady;
  return {
    events,
    wait: (match) => new Promise((done) => waiting.push({ match, done })),
    close: () => abort.abort(),
  };
}

async function main() {
  const fresh = await freshDatabase({ name: 'live', pg: true });
  const url = fresh.handle.url!;
  const secret = 'live-bench-secret';
  const env = {
    DATABASE_URL: url,
    WORKERS: '1',
    JWT_SECRET: secret,
    LOG_LEVEL: 'error',
    STATIC_DIR: join(fresh.dataDir, 'none'),
    LIVE_STREAMS_PER_USER: String(streamCount),
    LIVE_STREAMS_PER_PROCESS: String(streamCount + 10),
  };
  const a = await startServerProcess(env, '/readyz');
  const b = await startServerProcess(env, '/readyz');
  const streams: Stream[] = [];
  try {
    const config = loadConfig({ ...env, DATA_DIR: fresh.dataDir });
    const users = await fresh.db
      .selectFrom('users')
      .select(['id', 'account'])
      .where(
        'account',
        'in',
        workflowStaff.map((person) => person.account),
      )
      .execute();
    const idOf = (account: string) => users.find((user) => user.account === account)!.id;
    const idle = users.filter((user) => !['lead01', 'emp01'].includes(user.account));

    await pause(2000);
    const before = rssKiB(a.pid);
    const opening = performance.now();
    for (let start = 0; start < streamCount; start += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, streamCount - start) }, async (_, n) => {
          const user = idle[(start + n) % idle.length]!;
          return openStream(a.baseUrl, await createSession(fresh.db, config, user.id));
        }),
      );
      streams.push(...batch);
    }
    const openedMs = performance.now() - opening;
    await pause(5000);
    const after = rssKiB(a.pid);
    const cpuBefore = cpuMs(a.pid);
    await pause(60_000);
    const idleCpu = cpuMs(a.pid) - cpuBefore;

    const lead = await openStream(a.baseUrl, await createSession(fresh.db, config, idOf('lead01')));
    const empToken = await createSession(fresh.db, config, idOf('emp01'));
    const delays: number[] = [];
    const answers: number[] = [];
    const form = { leaveType: 'annual', startDate: '2026-12-01', endDate: '2026-12-02', days: 2 };
    for (let n = 0; n < actionCount; n++) {
      const sent = performance.now();
      // Only emp01 starts requests, and lead01 approves them: every task-arrived is this one.
      const arrived = lead.wait((event) => event.kind === 'task-arrived');
      const response = await fetch(`${b.baseUrl}/bpm-runtime/runtime/instance/v1/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${empToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          flowKey: 'leave',
          data: Buffer.from(JSON.stringify({ ...form, reason: `bench ${n}` })).toString('base64'),
        }),
      });
      if (!((await response.json()) as { state?: boolean }).state) throw new Error('start failed');
      answers.push(performance.now() - sent);
      delays.push((await arrived) - sent);
    }
    lead.close();

    const perStream = ((after - before) * 1024) / streamCount;
    console.info(`live streams on PostgreSQL, process A holding ${streamCount} idle streams`);
    console.info(`  opened in ${(openedMs / 1000).toFixed(1)} s`);
    console.info(
      `  resident memory: ${(before / 1024).toFixed(0)} MiB before, ${(after / 1024).toFixed(0)} MiB after: ${(perStream / 1024).toFixed(1)} KiB per stream`,
    );
    console.info(`  CPU over 60 s of idling: ${idleCpu} ms`);
    console.info(`action on B to the event on A's stream, ${actionCount} actions (ms):`);
    console.info(
      `  delay  p50 ${percentile(delays, 0.5).toFixed(1)}  p99 ${percentile(delays, 0.99).toFixed(1)}`,
    );
    console.info(
      `  the action's own answer  p50 ${percentile(answers, 0.5).toFixed(1)}  p99 ${percentile(answers, 0.99).toFixed(1)}`,
    );
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all([a.stop(), b.stop()]);
    await fresh.close();
  }
}

await main();
