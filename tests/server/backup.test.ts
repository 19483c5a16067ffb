import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BackupError, restoreBackup, rowsPerTable, takeBackup } from '../../server/db/backup';
import { openDatabase, type Db } from '../../server/db/database';
import { startServerProcess, type ServerProcess } from '../e2e/server-process';
import { seededDataFolder } from './harness';
import { multipart, samples } from './shell-support';

/**
 * Backups of the embedded database (docs/operations.md, "Backups"), PGlite only: PostgreSQL
 * is backed up with pg_dump, which the command refuses to stand in for. The real commands
 * (`npm run backup`, `npm run restore`) against a real server that takes uploads and
 * sign-ins while the backup runs; the restored folder is compared with the original table
 * by table and file by file, and a server started on it answers with what was acknowledged
 * before the backup began, and nothing begun after it ended.
 */
const work = mkdtempSync(join(tmpdir(), 'atrium-backup-'));
const original = join(work, 'data');
const backup = join(work, 'backup');
const restored = join(work, 'restored');

/** One of the commands, as an operator runs it. */
function command(script: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `server/db/${script}`, ...args], {
      env: { ...process.env, DATA_DIR: original, DATABASE_URL: '', STORAGE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Each table's rows as one digest, to compare two databases table by table. */
async function digests(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of Object.keys(await rowsPerTable(db))) {
    const { rows } = await sql<{ digest: string | null }>`
      select md5(string_agg(t::text, E'\n' order by t::text)) as digest from ${sql.table(table)} t
    `.execute(db);
    result[table] = rows[0]!.digest ?? '';
  }
  return result;
}

/** What uploads and sign-ins write: the files, their quota, sessions and sign-in counts. */
const written = ['files', 'upload_usage', 'sessions', 'rate_limits'];

type Phase = 'before' | 'during' | 'after';
interface Write {
  began: Phase;
  acknowledged?: Phase;
}

describe('backups of the embedded database', () => {
  let server: ServerProcess | null = null;
  const env = {
    DATA_DIR: original,
    JWT_SECRET: '',
    UPLOADS_PER_MINUTE: '100000',
    UPLOAD_MB_PER_DAY: '100000',
  };

  beforeAll(async () => {
    await seededDataFolder(original);
    server = await startServerProcess(env, '/readyz');
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const post = (base: string, path: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const signIn = async (base: string, username: string, password: string) =>
    ((await (await post(base, '/uc/auth', { username, password })).json()) as { token: string })
      .token;
  const me = (base: string, token: string) =>
    fetch(`${base}/uc/api/user/v1/user/getDetailByAccountOrId`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('taken while uploads and sign-ins go on, restores every acknowledged write and its file', async () => {
    const base = server!.baseUrl;
    const uploader = await signIn(base, 'store01', 'Staff#2026');
    let phase: Phase = 'before';
    let running = true;
    const uploads = new Map<string, Write & { bytes: Buffer }>();
    const sessions = new Map<string, Write>();
    const upload = async () => {
      const bytes = Buffer.concat([samples.png, randomBytes(4096)]);
      const body = multipart([{ name: '备份.png', bytes }]);
      const write: Write & { bytes: Buffer } = { began: phase, bytes };
      const answer = await fetch(`${base}/portal/system/file/v1/upload`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${uploader}` },
        body: new Uint8Array(body.payload),
      });
      expect(answer.status).toBe(200);
      write.acknowledged = phase;
      uploads.set(((await answer.json()) as { fileId: string }).fileId, write);
    };
    const session = async () => {
      const write: Write = { began: phase };
      const token = await signIn(base, 'emp01', 'Staff#2026');
      write.acknowledged = phase;
      sessions.set(token, write);
    };
    const loop = async (step: () => Promise<void>) => {
      while (running) await step();
    };
    const writers = [loop(upload), loop(upload), loop(session)];
    const until = (done: () => boolean) =>
      vi.waitFor(() => expect(done()).toBe(true), { timeout: 60_000, interval: 20 });
    const count = (map: Map<string, Write>, began: Phase) =>
      [...map.values()].filter((write) => write.began === began).length;
    await until(() => uploads.size >= 6 && sessions.size >= 2);

    phase = 'during';
    const taken = await command('backup-cli.ts', [backup]);
    expect(taken.code, taken.output).toBe(0);
    expect(taken.output).toMatch(/backed up .* rows in \d+ tables .* and \d+ files/);
    console.info(taken.output.trim());
    phase = 'after';
    await until(() => count(uploads, 'after') >= 3 && count(sessions, 'after') >= 1);
    running = false;
    await Promise.all(writers);
    await server!.stop();
    server = null;

    const restoring = await command('restore-cli.ts', [backup, restored]);
    expect(restoring.code, restoring.output).toBe(0);

    // Table by table: only the tables the writers wrote may differ, and the files table
    // holds every upload acknowledged before the backup began and none begun after it.
    const before = await openDatabase({ dataDir: join(original, 'pgdata') });
    const after = await openDatabase({ dataDir: join(restored, 'pgdata') });
    try {
      const [was, is] = [await digests(before.db), await digests(after.db)];
      expect(Object.keys(is)).toEqual(Object.keys(was));
      const changed = Object.keys(was).filter((table) => was[table] !== is[table]);
      expect(changed.filter((table) => !written.includes(table))).toEqual([]);
      const rowsOf = async (db: Db) =>
        new Map(
          (
            await sql<{ id: string; row: string }>`select id, f::text as row from files f`.execute(
              db,
            )
          ).rows.map(({ id, row }) => [id, row]),
        );
      const [filesWas, filesIs] = [await rowsOf(before.db), await rowsOf(after.db)];
      for (const [id, write] of uploads) {
        if (write.acknowledged === 'before') expect(filesIs.has(id)).toBe(true);
        if (write.began === 'after') expect(filesIs.has(id)).toBe(false);
      }
      for (const [id, row] of filesIs) {
        expect(row).toBe(filesWas.get(id));
        const { storage_key: key } = (
          await sql<{
            storage_key: string;
          }>`select storage_key from files where id = ${id}`.execute(after.db)
        ).rows[0]!;
        const bytes = readFileSync(join(restored, 'files', key));
        expect(
          bytes.equals(uploads.get(id)?.bytes ?? readFileSync(join(original, 'files', key))),
        ).toBe(true);
      }
    } finally {
      await before.close();
      await after.close();
    }

    // A server on the restored folder: ready, the same session key (a session made before
    // the backup still works), and nothing begun after it.
    server = await startServerProcess({ ...env, DATA_DIR: restored }, '/readyz');
    const earlier = [...sessions].find(([, write]) => write.acknowledged === 'before')!;
    const later = [...sessions].find(([, write]) => write.began === 'after')!;
    expect((await me(server.baseUrl, earlier[0])).status).toBe(200);
    expect((await me(server.baseUrl, later[0])).status).toBe(401);
    const [fileId, write] = [...uploads].find(([, write]) => write.acknowledged === 'before')!;
    const download = await fetch(
      `${server.baseUrl}/portal/system/file/v1/downloadFile?fileId=${fileId}`,
      { headers: { authorization: `Bearer ${uploader}` } },
    );
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(write.bytes)).toBe(true);
  }, 240_000);

  it('restores only into an empty folder, and only an undamaged backup, leaving the folder as it was', async () => {
    const occupied = join(work, 'occupied');
    mkdirSync(occupied);
    await writeFile(join(occupied, 'keep.txt'), 'mine');
    await expect(restoreBackup(backup, occupied)).rejects.toThrow(/is not empty/);
    expect(readdirSync(occupied)).toEqual(['keep.txt']);

    const damaged = join(work, 'damaged');
    cpSync(backup, damaged, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(damaged, 'manifest.json'), 'utf8')) as {
      files: { key: string }[];
    };
    await writeFile(join(damaged, 'files', manifest.files[0]!.key), 'not the file');
    const empty = join(work, 'empty');
    await expect(restoreBackup(damaged, empty)).rejects.toThrow(/is damaged/);
    expect(existsSync(empty)).toBe(false);
  });

  it('says to use pg_dump with PostgreSQL, and never writes over a folder', async () => {
    await expect(
      takeBackup({ dataDir: original, databaseUrl: 'postgres://x/y' }, join(work, 'pg')),
    ).rejects.toThrow(/pg_dump/);
    await expect(takeBackup({ dataDir: original }, backup)).rejects.toThrow(BackupError);
  });
});
