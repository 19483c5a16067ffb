import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { freshPostgres } from './harness';
import { multipart, samples } from './shell-support';

/**
 * Two machines behind one address (docs/operations.md, "Several machines"): two whole
 * servers, each with its own data folder, share one PostgreSQL and one S3 bucket (s3rver on
 * loopback). A session made on one is good on the other and its sign-out is refused by both
 * at once; a file uploaded to one (a dozen at once, through both) downloads from the other
 * byte for byte; failed sign-ins count across both; a machine with a generated session key
 * is refused a database that already has another's.
 */
describe.skipIf(!process.env.DATABASE_URL)('two machines on one PostgreSQL and one bucket', () => {
  const secret = 'two-machines-shared-secret';
  const bucketDir = mkdtempSync(join(tmpdir(), 'atrium-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: bucketDir,
    configureBuckets: [{ name: 'atrium-files' }],
  });
  let machines: ServerProcess[] = [];
  let drop: (() => Promise<void>) | null = null;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const { port } = await s3.run();
    const fresh = await freshPostgres(inject('serverTemplate').postgresTemplate);
    drop = fresh.drop;
    env = {
      DATABASE_URL: fresh.url,
      WORKERS: '1',
      JWT_SECRET: secret,
      STORAGE_URL: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/atrium-files/uploads`,
      LOGIN_ATTEMPTS_PER_ACCOUNT: '4',
    };
    // One after the other: the first prepares the database, the second finds it ready.
    machines = [await startServerProcess(env, '/readyz'), await startServerProcess(env, '/readyz')];
  }, 120_000);

  afterAll(async () => {
    await Promise.all(machines.map((machine) => machine.stop()));
    await drop?.();
    await s3.close();
    rmSync(bucketDir, { recursive: true, force: true });
  });

  const [a, b] = [0, 1];
  const call = (machine: number, path: string, init: RequestInit = {}) =>
    fetch(`${machines[machine]!.baseUrl}${path}`, init);
  const signIn = async (machine: number, username: string, password: string) =>
    call(machine, '/uc/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it('both machines are ready with the bucket as their storage', async () => {
    for (const machine of [a, b]) {
      const ready = await call(machine, '/readyz');
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ checks: { storage: 'ok' } });
    }
  });

  it('a session from one machine works on the other, and its sign-out ends it on both', async () => {
    const token = ((await (await signIn(a, 'emp01', 'Staff#2026')).json()) as { token: string })
      .token;
    const me = '/uc/api/user/v1/user/getDetailByAccountOrId';
    expect((await call(b, me, { headers: bearer(token) })).status).toBe(200);
    const out = await call(b, '/uc/logout', { method: 'POST', headers: bearer(token) });
    expect(out.status).toBe(200);
    expect((await call(a, me, { headers: bearer(token) })).status).toBe(401);
    expect((await call(b, me, { headers: bearer(token) })).status).toBe(401);
  });

  // The large one goes to the bucket as it arrives, in parts (a multipart upload of 5 MiB parts).
  it.each([
    ['门头照.png', samples.png],
    ['图纸.pdf', Buffer.concat([samples.pdf, Buffer.alloc(12 * 1024 * 1024, 7)])],
  ])(
    'a file uploaded to one machine downloads from the other, byte for byte: %s',
    async (name, bytes) => {
      const token = ((await (await signIn(a, 'store01', 'Staff#2026')).json()) as { token: string })
        .token;
      const body = multipart([{ name, bytes }]);
      const uploaded = await call(a, '/portal/system/file/v1/upload', {
        method: 'POST',
        headers: { ...body.headers, ...bearer(token) },
        body: new Uint8Array(body.payload),
      });
      expect(uploaded.status).toBe(200);
      const { fileId } = (await uploaded.json()) as { fileId: string };
      const download = await call(b, `/portal/system/file/v1/downloadFile?fileId=${fileId}`, {
        headers: bearer(token),
      });
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  it('a dozen uploads at once through both machines each download whole from the other', async () => {
    const token = ((await (await signIn(b, 'acct01', 'Staff#2026')).json()) as { token: string })
      .token;
    // Each file different throughout, so a part of one stored under another would show.
    const files = Array.from({ length: 12 }, (_, n) =>
      Buffer.concat([samples.pdf, Buffer.alloc(1536 * 1024 + n * 4099, n + 1)]),
    );
    const ids = await Promise.all(
      files.map(async (bytes, n) => {
        const body = multipart([{ name: `凭证${n}.pdf`, bytes }]);
        const uploaded = await call(n % 2 ? a : b, '/portal/system/file/v1/upload', {
          method: 'POST',
          headers: { ...body.headers, ...bearer(token) },
          body: new Uint8Array(body.payload),
        });
        expect(uploaded.status).toBe(200);
        return ((await uploaded.json()) as { fileId: string }).fileId;
      }),
    );
    for (const [n, fileId] of ids.entries()) {
      const download = await call(
        n % 2 ? b : a,
        `/portal/system/file/v1/downloadFile?fileId=${fileId}`,
        {
          headers: bearer(token),
        },
      );
      expect(Buffer.from(await download.arrayBuffer()).equals(files[n]!)).toBe(true);
    }
  });

  it('failed sign-ins count across machines', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      statuses.push((await signIn(n % 2, 'emp03', `wrong-${n}`)).status);
    }
    // Four failures allowed per account (LOGIN_ATTEMPTS_PER_ACCOUNT), whichever machine saw them.
    expect(statuses.slice(0, 4).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  it('a machine with a generated session key is refused a database that has another key', async () => {
    const { JWT_SECRET: _shared, ...withoutSecret } = env;
    await expect(startServerProcess(withoutSecret, '/readyz')).rejects.toThrow(/JWT_SECRET/);
  });
});
