import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject, vi } from 'vitest';
import { defaultPoolSize, workerCount } from '../../server/cluster';
import { freshPostgres } from './harness';
import { multipart, samples } from './shell-support';

/**
 * Issue 18: `npm start` on PostgreSQL runs WORKERS processes (node:cluster). The real
 * server/main.ts with two workers: each request below comes on a new connection, which the
 * primary hands to the workers in turn, so both take part. Sessions, their revocation and
 * the sign-in limits hold across them; SIGTERM stops the workers and the primary cleanly.
 */
describe.skipIf(!process.env.DATABASE_URL)('npm start with two workers (PostgreSQL)', () => {
  let server: ChildProcess | null = null;
  let output = '';
  let port = 0;
  let drop: (() => Promise<void>) | null = null;
  const dataDir = mkdtempSync(join(tmpdir(), 'atrium-cluster-'));

  /** One request on a connection of its own (no keep-alive: the next may meet the other worker). */
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: false,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const fresh = await freshPostgres(inject('serverTemplate').postgresTemplate);
    drop = fresh.drop;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: fresh.url,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        JWT_SECRET: 'test-secret-for-atrium-cluster-test',
        LOG_LEVEL: 'info',
        STATIC_DIR: join(dataDir, 'no-static'),
        LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; (output.match(/Atrium on/g) ?? []).length < 2; i++) {
      if (i > 600 || server.exitCode !== null) throw new Error(`no two workers:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const me = '/uc/api/user/v1/user/getDetailByAccountOrId';

  it('runs two worker processes on one port', () => {
    const pids = new Set([...output.matchAll(/worker (\d+)\)/g)].map((match) => match[1]));
    expect(pids.size).toBe(2);
  });

  it('refuses a logged-out session at once in both workers', async () => {
    // Each worker keeps checked sessions (SessionCache); a logout answers only once the other
    // has heard it. Several rounds, since a missing wait shows as a race.
    for (let round = 0; round < 4; round++) {
      const signIn = await call('POST', '/uc/auth', undefined, {
        username: 'SZHY10001',
        password: 'Merchant#2026',
      });
      expect(signIn.status).toBe(200);
      const { token } = JSON.parse(signIn.body) as { token: string };
      // Both workers check and keep the session.
      for (let i = 0; i < 6; i++) expect((await call('GET', me, token)).status).toBe(200);
      expect((await call('POST', '/uc/logout', token)).status).toBe(200);
      for (let i = 0; i < 6; i++) expect((await call('GET', me, token)).status).toBe(401);
    }
  });

  it('counts failed sign-ins of both workers together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await call('POST', '/uc/auth', undefined, {
        username: 'SZHY10002',
        password: `wrong-${i}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  });

  /** Resolves once `done` holds (the server's output is read as it comes). */
  const until = (done: () => boolean, what: string) =>
    vi.waitFor(
      () => {
        if (!done() || server!.exitCode !== null) throw new Error(`never ${what}:\n${output}`);
      },
      { timeout: 60_000, interval: 50 },
    );
  const logged = async (pattern: RegExp) => {
    await until(() => pattern.test(output), `logged ${pattern}`);
    return pattern.exec(output)!;
  };

  /**
   * An upload whose body is half sent: it stays in flight on its worker until `finish`. The
   * worker's log line for it (`probe`, in the address) says which worker holds it.
   */
  function slowUpload(probe: number, token: string) {
    const body = multipart([{ name: `在途-${probe}.png`, bytes: samples.png }]);
    const half = Math.floor(body.payload.length / 2);
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/portal/system/file/v1/upload?probe=${probe}`,
      agent: false,
      headers: {
        ...body.headers,
        'content-length': String(body.payload.length),
        authorization: `Bearer ${token}`,
      },
    });
    const answer = new Promise<number>((resolve, reject) => {
      req.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      req.on('error', reject);
    });
    req.write(body.payload.subarray(0, half));
    return { answer, finish: () => req.end(body.payload.subarray(half)) };
  }

  it('restarts its workers one at a time on SIGHUP, failing no request and finishing those in flight', async () => {
    const old = [...new Set([...output.matchAll(/worker (\d+)\)/g)].map((match) => match[1]!))];
    const signIn = await call('POST', '/uc/auth', undefined, {
      username: 'store01',
      password: 'Staff#2026',
    });
    const { token } = JSON.parse(signIn.body) as { token: string };

    // Uploads held open on both old workers, each on a connection of its own.
    const held = new Map<string, ReturnType<typeof slowUpload>[]>();
    for (let probe = 0; held.size < old.length; probe++) {
      if (probe > 20) throw new Error('the uploads never reached both workers');
      const upload = slowUpload(probe, token);
      const [, pid] = await logged(new RegExp(`"pid":(\\d+),[^\\n]*upload\\?probe=${probe}"`));
      held.set(pid!, [...(held.get(pid!) ?? []), upload]);
    }

    // Requests keep coming, each on a new connection, as a balancer's would.
    let running = true;
    const answered: number[] = [];
    const failures: string[] = [];
    const load = async () => {
      while (running) {
        await call('GET', me, token).then(
          (answer) => answered.push(answer.status),
          (error: unknown) => failures.push(String(error)),
        );
      }
    };
    const loads = [load(), load(), load()];

    const mark = output.length;
    const stopped = () =>
      [...output.slice(mark).matchAll(/stopping worker (\d+)/g)].map((match) => match[1]!);
    server!.kill('SIGHUP');
    for (let turn = 0; turn < old.length; turn++) {
      // The primary stops the old workers in turn, each once its replacement listens; the
      // one stopping finishes the uploads it holds, whose rest arrives only now.
      await until(() => stopped().length > turn, `stopped ${turn + 1} workers`);
      const pid = stopped()[turn]!;
      await logged(new RegExp(`"pid":${pid},[^\\n]*SIGTERM: shutting down`));
      for (const upload of held.get(pid) ?? []) {
        upload.finish();
        expect(await upload.answer).toBe(200);
      }
    }
    await logged(/rolling restart done/);
    const duringRestart = answered.length;
    running = false;
    await Promise.all(loads);

    expect(failures).toEqual([]);
    expect(answered.every((status) => status === 200)).toBe(true);
    expect(duringRestart).toBeGreaterThan(0);
    expect([...stopped()].sort()).toEqual([...old].sort());
    const fresh = [...output.slice(mark).matchAll(/worker (\d+) listening/g)].map((m) => m[1]!);
    expect(fresh).toHaveLength(old.length);
    expect(fresh.filter((pid) => old.includes(pid))).toEqual([]);
    for (let i = 0; i < 4; i++) expect((await call('GET', me, token)).status).toBe(200);
  }, 90_000);
  it('stops both workers and itself on SIGTERM', async () => {
    const mark = output.length;
    const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
    const stopping = output.slice(mark);
    expect(stopping).toMatch(/SIGTERM: stopping 2 workers/);
    expect((stopping.match(/SIGTERM: shutting down/g) ?? []).length).toBe(2);
  }, 40_000);
});

describe('how many workers', () => {
  it('is one with PGlite, whatever WORKERS says (it owns its folder)', () => {
    expect(workerCount({ WORKERS: '4' }, undefined)).toBe(1);
  });

  it('is WORKERS with PostgreSQL, and refuses a setting that is not a count', () => {
    expect(workerCount({ WORKERS: '3' }, 'postgres://x')).toBe(3);
    expect(workerCount({}, 'postgres://x')).toBeGreaterThanOrEqual(1);
    expect(() => workerCount({ WORKERS: 'two' }, 'postgres://x')).toThrow(/WORKERS/);
    expect(() => workerCount({ WORKERS: '0' }, 'postgres://x')).toThrow(/WORKERS/);
  });

  it('shares about ten database connections among the workers, at least four each', () => {
    expect([1, 2, 3, 4, 8, 16].map(defaultPoolSize)).toEqual([10, 5, 4, 4, 4, 4]);
  });
});
