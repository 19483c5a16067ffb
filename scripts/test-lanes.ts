/**
 * `npm test`: the checks and the three test projects in four lanes side by side, so the two
 * cores of a CI machine stay busy (docs/testing.md). The build and then the browser files are
 * the longest lane alone and the one whose waits depend on the machine's load, so they run at
 * normal priority and the other lanes (type check, lint, the server and unit files) at a lower
 * one, filling the time the browser lane leaves. (The checks lower still and the server files
 * nearer the browser's priority measured slower: 951 s against 858 s for the whole run.) Each
 * line is printed as it comes, named by its lane and the seconds since the start; the exit
 * code is the first failing lane's. One slowest-files table covers both vitest runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { slowestFilesTable, timesFileVariable, type FileTime } from '../tests/slowest-files';

interface Lane {
  name: string;
  /** Commands run one after another; the lane stops at the first that fails. */
  steps: string[][];
  /** Its `nice` value: 0 is the normal priority, 19 the lowest. */
  nice: number;
}

const vitest = ['npx', 'vitest', 'run'];
const lanes: Lane[] = [
  { name: 'types', steps: [['npm', 'run', '--silent', 'typecheck']], nice: 10 },
  { name: 'lint', steps: [['npm', 'run', '--silent', 'lint']], nice: 10 },
  { name: 'server', steps: [[...vitest, '--project', 'unit', '--project', 'server']], nice: 10 },
  {
    name: 'browser',
    steps: [
      ['npm', 'run', '--silent', 'build'],
      [...vitest, '--project', 'e2e'],
    ],
    nice: 0,
  },
];

const started = Date.now();
const timesDir = mkdtempSync(join(tmpdir(), 'atrium-test-times-'));
const width = Math.max(...lanes.map((lane) => lane.name.length));

/** Prints a child's output line by line, each line named by its lane. */
function relay(name: string, stream: NodeJS.ReadableStream, to: NodeJS.WriteStream) {
  let pending = '';
  const tag = () =>
    `[${name.padEnd(width)} ${String(Math.round((Date.now() - started) / 1000)).padStart(4)}s] `;
  stream.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) to.write(tag() + line + '\n');
  });
  stream.on('end', () => pending && to.write(tag() + pending + '\n'));
}

function runStep(lane: Lane, command: string[]): Promise<number> {
  const [program, ...args] =
    lane.nice > 0 ? ['nice', '-n', String(lane.nice), ...command] : command;
  const child = spawn(program!, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, [timesFileVariable]: join(timesDir, `${lane.name}.json`) },
  });
  relay(lane.name, child.stdout, process.stdout);
  relay(lane.name, child.stderr, process.stderr);
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

async function runLane(lane: Lane): Promise<{ lane: Lane; code: number; seconds: number }> {
  let code = 0;
  for (const step of lane.steps) {
    code = await runStep(lane, step);
    if (code !== 0) break;
  }
  return { lane, code, seconds: (Date.now() - started) / 1000 };
}

const outcomes = await Promise.all(lanes.map(runLane));
const times: FileTime[] = readdirSync(timesDir).flatMap(
  (file) => JSON.parse(readFileSync(join(timesDir, file), 'utf8')) as FileTime[],
);
rmSync(timesDir, { recursive: true, force: true });
console.info('');
for (const { lane, code, seconds } of outcomes)
  console.info(
    `${lane.name.padEnd(width)}  ${code === 0 ? 'ok' : `failed (${code})`}, done at ${seconds.toFixed(1)} s`,
  );
if (times.length > 0) console.info(`\n${slowestFilesTable(times)}`);
const failed = outcomes.find((outcome) => outcome.code !== 0);
process.exit(failed ? failed.code : 0);
