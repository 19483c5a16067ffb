import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The real server as `npm start` runs it (built front end, PGlite with the demo data, its
 * own data directory), in a child process on a free port.
 */
export interface ServerProcess {
  baseUrl: string;
  /** The server's process id (a benchmark reads its memory and CPU). */
  pid: number;
  dataDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/** `readyPath` answers 200 once the server is up (the host page; an API call without dist/). */
export async function startServerProcess(
  env: Record<string, string> = {},
  readyPath = '/fvue/',
): Promise<ServerProcess> {
  // A test that must name the address before the server starts (a service address) picks it.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-e2e-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Many tests sign in as the same demo users within minutes.
      LOGIN_ATTEMPTS_PER_ACCOUNT: '1000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '5000',
      // The mail tests' servers listen on loopback, which only an explicit allowance reaches.
      OUTBOUND_ALLOW: '127.0.0.1/32',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${baseUrl}${readyPath}`, child, () => log);
  return {
    baseUrl,
    pid: child.pid!,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
