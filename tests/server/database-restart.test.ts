import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import {
  canRunPrivatePostgres,
  copyDatabase,
  privatePostgres,
  type PrivatePostgres,
} from './private-postgres';

/**
 * Surviving the database (docs/operations.md): PostgreSQL restarted under writes. While it
 * is away the server answers 503 with a message (not a hang, not a 500, no crash), /healthz
 * still answers and /readyz says not ready; when it is back the server reconnects by itself,
 * and every write it acknowledged is there.
 */
const shared = process.env.DATABASE_URL;

describe.skipIf(!shared || !canRunPrivatePostgres())('a PostgreSQL restart under writes', () => {
  let database: PrivatePostgres;
  let server: ServerProcess;
  let token = '';

  beforeAll(async () => {
    database = await privatePostgres();
    const template = new URL(shared!);
    template.pathname = `/${inject('serverTemplate').postgresTemplate}`;
    await copyDatabase(template.toString(), database.url);
    server = await startServerProcess(
      { DATABASE_URL: database.url, WORKERS: '1', JWT_SECRET: 'restart-test-secret' },
      '/healthz',
    );
    const login = await fetch(`${server.baseUrl}/uc/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'emp01', password: 'Staff#2026' }),
    });
    token = ((await login.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    database?.remove();
  });

  /** One write: a personal approval phrase named by its number. */
  async function write(n: number): Promise<number> {
    const answer = await fetch(`${server.baseUrl}/bpm-model/flow/approvalItem/v1/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ expression: `restart-${n}` }),
      signal: AbortSignal.timeout(15_000),
    });
    if (answer.status === 503) {
      expect(((await answer.json()) as { message: string }).message).toBe(
        '服务暂时不可用，请稍后重试',
      );
    }
    return answer.status;
  }

  it('answers 503 while it is away, reconnects, and loses no acknowledged write', async () => {
    const acknowledged: number[] = [];
    const statuses = new Set<number>();
    let n = 0;
    const writeUntil = async (enough: () => boolean, limit: number) => {
      for (let tries = 0; !enough() && tries < limit; tries++) {
        const status = await write(++n);
        statuses.add(status);
        if (status === 200) acknowledged.push(n);
      }
    };
    await writeUntil(() => acknowledged.length >= 5, 20);
    database.stop();
    const during = acknowledged.length;
    const away = await write(++n);
    expect(away).toBe(503);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(503);
    database.start();
    await writeUntil(() => acknowledged.length >= during + 5, 200);
    expect(acknowledged.length).toBeGreaterThanOrEqual(during + 5);
    // Only answers a person can act on: 200, or 503 while it was away.
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const stored = await client.query<{ expression: string }>(
      "select expression from wf_phrases where expression like 'restart-%'",
    );
    await client.end();
    const kept = new Set(stored.rows.map((row) => Number(row.expression.slice(8))));
    expect(acknowledged.filter((number) => !kept.has(number))).toEqual([]);
  }, 120_000);
});
