import type { PGlite } from '@electric-sql/pglite';
import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipped = promisify(gzip);

/**
 * A backup of the embedded database while its server runs (docs/operations.md, "Backups").
 * PGlite lives inside the server process, which locks its folder, so only that process can
 * read the database consistently: the backup command asks it over a Unix socket in the data
 * folder (only whoever may read the folder may connect, and they can read the data anyway),
 * and the server answers with its data folder dumped between two queries.
 */
export const backupSocketName = 'backup.sock';

const request = 'dump\n';
const okLine = 'ok\n';

/**
 * The database folder as a gzipped tar. PGlite's dump holds its query lock while it reads
 * the folder, so no statement writes meanwhile: the copy is what a crash at that instant
 * would leave, which PostgreSQL recovers from its write-ahead log (an open transaction is
 * rolled back). The checkpoint first keeps that recovery short. It is compressed after the
 * lock is let go (PGlite's own gzip would hold it four times as long).
 */
export async function dumpDatabase(pglite: PGlite): Promise<Buffer> {
  await pglite.exec('CHECKPOINT');
  const tar = await pglite.dumpDataDir('none');
  return gzipped(new Uint8Array(await tar.arrayBuffer()));
}

export interface BackupSocket {
  close(): Promise<void>;
}

/** The server's side: one dump at a time, to whoever asks on DATA_DIR/backup.sock. */
export async function serveBackups(
  dataDir: string,
  pglite: PGlite,
  log: { warn(message: string): void },
): Promise<BackupSocket> {
  const path = join(dataDir, backupSocketName);
  // The data folder's lock is ours, so a socket file left there is a dead server's.
  rmSync(path, { force: true });
  let queue = Promise.resolve();
  const server = createServer((socket) => {
    socket.once('data', (chunk) => {
      if (chunk.toString() !== request) return void socket.end('error: unknown request\n');
      queue = queue.then(() => answer(socket, pglite));
    });
    socket.on('error', () => undefined);
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error) => {
      // A path longer than a socket address takes (about 100 bytes) cannot be served.
      log.warn(`no backup socket at ${path} (${error.message}): back up with the server stopped`);
      resolve(false);
    });
    server.listen(path, () => resolve(true));
  });
  if (listening) chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise((resolve) => {
        if (!listening) return resolve();
        server.close(() => resolve());
      }),
  };
}

async function answer(socket: Socket, pglite: PGlite): Promise<void> {
  try {
    const dump = await dumpDatabase(pglite);
    socket.write(okLine);
    await new Promise<void>((resolve) => socket.end(dump, resolve));
  } catch (error) {
    socket.end(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}

/** The command's side: the dump from the server that holds the folder. */
export function dumpFromServer(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, backupSocketName);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(path, () => socket.write(request));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error) =>
      reject(new Error(`the server does not answer on ${path} (${error.message})`)),
    );
    socket.on('end', () => {
      const whole = Buffer.concat(chunks);
      if (whole.subarray(0, okLine.length).toString() === okLine) {
        return resolve(whole.subarray(okLine.length));
      }
      reject(new Error(`the server could not dump the database: ${whole.toString().trim()}`));
    });
  });
}
