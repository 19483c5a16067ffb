import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { sql } from 'kysely';
import { generatedSecretFile } from '../config';
import { DataDirInUseError, lockDataDir, lockOwner, type DataDirLock } from '../lib/data-dir-lock';
import { localFolderOf, partPrefix } from '../domain/storage';
import { dumpDatabase, dumpFromServer } from './backup-socket';
import { openDatabase, type Db } from './database';

/**
 * Backups of an embedded installation (PGlite and the files folder) and their restore into a
 * fresh DATA_DIR: `npm run backup` and `npm run restore` (docs/operations.md, "Backups").
 * The database is dumped first and the files copied after it: a file is stored before its
 * row is written (server/domain/files.ts), so every row of the dump finds its file in the
 * copy; a file uploaded meanwhile without a row in the dump is harmless. Each backup is
 * checked before it is called done: its dump is opened, its tables counted, and every file
 * its rows name looked for in the copy.
 */
export const backupFormat = 'atrium-backup/1';
const databaseFile = 'database.tar.gz';
const filesFolder = 'files';
const manifestFile = 'manifest.json';

export interface BackupManifest {
  format: typeof backupFormat;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string; migration: string };
  /** Rows of each table in the dump: a restore counts them again. */
  rows: Record<string, number>;
  /** The files folder, or null when files live in a bucket (backed up by its own tools). */
  files: { key: string; bytes: number; sha256: string }[] | null;
  /** Keys generated into DATA_DIR (the session key) that the restored server needs. */
  secrets: string[];
  /** Files the dump's rows name that were gone from the folder (deleted during the backup). */
  missingFiles: string[];
}

/** What an operator did wrong or must do: said as it is, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface Installation {
  dataDir: string;
  storageUrl?: string | undefined;
  databaseUrl?: string | undefined;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function takeBackup(from: Installation, target: string): Promise<BackupManifest> {
  if (from.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and the bucket with its own tools, ' +
        'in that order (docs/operations.md, "Backups").',
    );
  }
  if (existsSync(target)) throw new BackupError(`${target} exists already: name a new folder.`);
  if (!existsSync(join(from.dataDir, 'pgdata'))) {
    throw new BackupError(`${from.dataDir} holds no embedded database (pgdata).`);
  }
  // Written beside its place and renamed at the end: a folder named `target` is a whole backup.
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const { dump, lock } = await dumpOf(from.dataDir);
  try {
    await writeFile(join(partial, databaseFile), dump);
    const folder = localFolderOf(from.storageUrl, from.dataDir);
    const files = folder ? await copyFolder(folder, join(partial, filesFolder)) : null;
    const secrets = await copySecrets(from.dataDir, partial);
    const contents = await readDump(dump);
    const copied = new Set(files?.map((file) => file.key));
    const manifest: BackupManifest = {
      format: backupFormat,
      createdAt: new Date().toISOString(),
      database: {
        file: databaseFile,
        bytes: dump.length,
        sha256: sha256(dump),
        migration: contents.migration,
      },
      rows: contents.rows,
      files,
      secrets,
      missingFiles: files ? contents.storageKeys.filter((key) => !copied.has(key)) : [],
    };
    await writeFile(join(partial, manifestFile), JSON.stringify(manifest, null, 2));
    await rename(partial, target);
    return manifest;
  } finally {
    lock?.release();
  }
}

/**
 * The database dumped by the server that runs on the folder, or, with none running, by this
 * process under the folder's lock (held until the files are copied, so no server starts on
 * the folder meanwhile).
 */
async function dumpOf(dataDir: string): Promise<{ dump: Buffer; lock: DataDirLock | null }> {
  if (lockOwner(dataDir) === null) {
    let lock: DataDirLock;
    try {
      lock = lockDataDir(dataDir);
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      return { dump: await dumpFromServer(dataDir), lock: null };
    }
    try {
      const database = await openDatabase({ dataDir: join(dataDir, 'pgdata') });
      const dump = await dumpDatabase(database.pglite!).finally(() => database.close());
      return { dump, lock };
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  return { dump: await dumpFromServer(dataDir), lock: null };
}

/** Every stored file (not those still being written), copied and hashed as copied. */
async function copyFolder(source: string, target: string): Promise<BackupManifest['files']> {
  const copied: NonNullable<BackupManifest['files']> = [];
  if (!existsSync(source)) return copied;
  for (const entry of await readdir(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(partPrefix)) continue;
    const key = relative(source, join(entry.parentPath, entry.name));
    await mkdir(join(target, relative(source, entry.parentPath)), { recursive: true });
    try {
      await copyFile(join(source, key), join(target, key));
    } catch (error) {
      // Deleted since the folder was read: if the dump still names it, the manifest says so.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const bytes = await readFile(join(target, key));
    copied.push({ key, bytes: bytes.length, sha256: sha256(bytes) });
  }
  return copied.sort((a, b) => a.key.localeCompare(b.key));
}

async function copySecrets(from: string, to: string): Promise<string[]> {
  if (!existsSync(join(from, generatedSecretFile))) return [];
  await copyFile(join(from, generatedSecretFile), join(to, generatedSecretFile));
  return [generatedSecretFile];
}

/** Rows per table of a database, in name order. */
export async function rowsPerTable(db: Db): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() order by 1
  `.execute(db);
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows: counted } = await sql<{ n: number }>`
      select count(*) as n from ${sql.table(name)}
    `.execute(db);
    rows[name] = Number(counted[0]!.n);
  }
  return rows;
}

/** The dump opened in memory: its tables, newest migration and stored files. */
async function readDump(dump: Buffer) {
  const database = await openDatabase({ loadDataDir: gzipBlob(dump) });
  try {
    return await contentsOf(database.db);
  } finally {
    await database.close();
  }
}

async function contentsOf(db: Db) {
  const rows = await rowsPerTable(db);
  const newest = await db
    .selectFrom('kysely_migration' as never)
    .select(sql<string>`max(name)`.as('name'))
    .executeTakeFirst();
  const storageKeys = (await db.selectFrom('files').select('storage_key').execute()).map(
    (row) => row.storage_key,
  );
  return { rows, migration: (newest as { name?: string } | undefined)?.name ?? '', storageKeys };
}

const gzipBlob = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'application/gzip' });

/**
 * A backup into a fresh DATA_DIR: everything is checked against the manifest before the
 * folder is written, and the restored database is counted again; on any failure the folder
 * is left as it was found (empty).
 */
export async function restoreBackup(backup: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await readManifest(backup);
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new BackupError(`${dataDir} is not empty: restore into a new or empty folder.`);
  }
  const dump = await readFile(join(backup, manifest.database.file));
  if (sha256(dump) !== manifest.database.sha256) {
    throw new BackupError(`${manifest.database.file} is damaged (its checksum differs).`);
  }
  for (const file of manifest.files ?? []) {
    if (sha256(await readFile(join(backup, filesFolder, file.key))) !== file.sha256) {
      throw new BackupError(`the file ${file.key} is damaged (its checksum differs).`);
    }
  }
  await mkdir(dataDir, { recursive: true });
  try {
    await restoreDatabase(dump, dataDir, manifest);
    for (const file of manifest.files ?? []) {
      const target = join(dataDir, filesFolder, file.key);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(join(backup, filesFolder, file.key), target);
    }
    for (const secret of manifest.secrets) {
      await copyFile(join(backup, secret), join(dataDir, secret));
    }
    return manifest;
  } catch (error) {
    for (const entry of await readdir(dataDir)) {
      await rm(join(dataDir, entry), { recursive: true, force: true });
    }
    throw error;
  }
}

async function readManifest(backup: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(backup, manifestFile), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${backup} is not a backup (no readable ${manifestFile}).`);
  }
  if (manifest.format !== backupFormat) {
    throw new BackupError(`${backup} is a backup of another format (${String(manifest.format)}).`);
  }
  // A manifest names only places inside the backup and the data folder.
  const outside = (key: string) => isAbsolute(key) || key.split(/[\\/]/).includes('..');
  const named = [manifest.database.file, ...(manifest.files ?? []).map((file) => file.key)];
  if (named.some(outside) || manifest.secrets.some((secret) => secret !== generatedSecretFile)) {
    throw new BackupError(`${backup}/${manifestFile} names files outside the backup.`);
  }
  return manifest;
}

async function restoreDatabase(dump: Buffer, dataDir: string, manifest: BackupManifest) {
  const database = await openDatabase({
    dataDir: join(dataDir, 'pgdata'),
    loadDataDir: gzipBlob(dump),
  });
  try {
    const rows = await rowsPerTable(database.db);
    if (JSON.stringify(rows) !== JSON.stringify(manifest.rows)) {
      throw new BackupError('the restored database does not hold the rows the backup counted.');
    }
  } finally {
    await database.close();
  }
}
