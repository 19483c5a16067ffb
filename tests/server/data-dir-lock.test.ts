import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../e2e/server-process';
import { seededDataFolder } from './harness';

/**
 * Issue 9, item 15: two servers on one embedded data folder would both start and overwrite
 * each other's writes. The second must stop at once, naming the folder and the way out; a
 * lock left by a killed process must not stop the next start.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atrium-lock-'));
const lockFile = join(dataDir, 'atrium.lock');
const started: ChildProcess[] = [];

function startServer(port: number, env: Record<string, string> = {}) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  started.push(child);
  return { child, output: () => output };
}

async function until(check: () => boolean, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const lockOwner = () => (existsSync(lockFile) ? Number(readFileSync(lockFile, 'utf8')) : 0);

describe('the embedded data folder', () => {
  afterAll(() => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('15. serves one process: a second exits at once; a dead owner’s lock is taken over; a stop ends', async () => {
    // Seeded already, as a folder is after its first start: a start here only opens it.
    await seededDataFolder(dataDir);
    const first = startServer(0);
    await until(() => lockOwner() === first.child.pid, 60);

    const second = startServer(0);
    const code = await new Promise<number | null>((resolve) => second.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data folder ${dataDir} is in use`);
    expect(second.output()).toContain('DATABASE_URL');
    expect(lockOwner()).toBe(first.child.pid);

    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    // The next start takes over; its stop (with SHUTDOWN_SECONDS at an hour) does not wait for
    // a connection that never sent a request, as a browser opens ahead of its requests.
    const port = await freePort();
    const third = startServer(port, { SHUTDOWN_SECONDS: '3600' });
    await until(() => lockOwner() === third.child.pid, 60);
    expect(third.child.exitCode).toBeNull();
    await until(() => third.output().includes('listening'), 60);
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    third.child.kill('SIGTERM');
    expect(await new Promise((resolve) => third.child.once('exit', resolve))).toBe(0);
    await closed;
  }, 150_000);
});
