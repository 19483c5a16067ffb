import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where file bytes live. The local folder is the default; an S3-compatible store can replace it. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Whether the store answers (the readiness probe). */
  ready(): Promise<boolean>;
}

export function localStorage(root: string): FileStorage {
  const base = resolve(root);
  // Keys are made by the server, but a path that escapes the folder is refused all the same.
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep))
      throw new Error(`storage key outside the storage folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, bytes);
    },
    async read(key) {
      return createReadStream(pathOf(key));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async ready() {
      await mkdir(base, { recursive: true });
      return (await stat(base)).isDirectory();
    },
  };
}

export const storageKeyFor = (fileId: string, extension: string) =>
  join(fileId.slice(-2), extension ? `${fileId}.${extension}` : fileId);
