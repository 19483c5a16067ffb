import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../e2e/server-process';

/**
 * A PostgreSQL server of the test's own, in a temporary folder, that the test may stop and
 * start (a restart under load). Made with this machine's binaries; as root, run as the
 * postgres user (initdb refuses root).
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  stop(): void;
  start(): void;
  /** Stops it for good and removes its folder. */
  remove(): void;
}

const binaries = (): string | null => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().at(-1);
  return version && existsSync(join(root, version, 'bin', 'pg_ctl'))
    ? join(root, version, 'bin')
    : null;
};

export const canRunPrivatePostgres = (): boolean => binaries() !== null;

function run(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
  execFileSync(file, argv, { stdio: 'pipe' });
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const folder = mkdtempSync(join(tmpdir(), 'atrium-pg-'));
  chmodSync(folder, 0o777);
  const data = join(folder, 'data');
  const port = await freePort();
  run(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(folder, 'log'), '-w', 'start']);
  const stop = () => run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    remove() {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Copies a database of the machine's PostgreSQL (a seeded template) into another server. */
export async function copyDatabase(fromUrl: string, toUrl: string): Promise<void> {
  const dump = spawn('pg_dump', ['--no-owner', '--no-privileges', fromUrl]);
  const load = spawn('psql', ['-q', '-v', 'ON_ERROR_STOP=1', toUrl], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  dump.stdout.pipe(load.stdin);
  let errors = '';
  load.stderr.on('data', (chunk) => (errors += chunk));
  const code = await new Promise<number>((resolve) => load.on('exit', (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`copying the database failed: ${errors}`);
}
