import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process per embedded database. PGlite keeps its data in the folder and assumes it is
 * alone there: a second process on the same folder starts happily and the two overwrite
 * each other's writes. The lock is a file holding the owner's pid, created exclusively; a
 * lock whose process is gone (kill -9, a crash) is taken over, so a restart never waits.
 */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(folder: string, pid: number) {
    super(
      `The data folder ${folder} is in use by another Atrium process (pid ${pid}). ` +
        'The embedded database serves one process; to run several, set DATABASE_URL to a ' +
        'PostgreSQL server they share.',
    );
  }
}

const lockFile = 'atrium.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return 0;
  }
}

/** The live process that holds the folder's lock, or null when none does. */
export function lockOwner(folder: string): number | null {
  const owner = ownerOf(join(folder, lockFile));
  return owner && owner !== process.pid && isAlive(owner) ? owner : null;
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(folder: string): DataDirLock {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, lockFile);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return {
        release() {
          if (ownerOf(file) === process.pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(file);
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(folder, owner);
      }
      // Left by a process that is gone (or half written): take it over.
      try {
        unlinkSync(file);
      } catch {
        // another starter removed it first; try again
      }
    }
  }
  throw new DataDirInUseError(folder, ownerOf(file));
}
