import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { s3Location, s3Storage } from './storage-s3';

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

/**
 * The storage STORAGE_URL names: unset, the folder `files` of the data folder (one machine);
 * `s3://` or `s3+http(s)://`, a bucket every machine shares (server/domain/storage-s3.ts).
 */
export function openStorage(storageUrl: string | undefined, dataDir: string): FileStorage {
  if (!storageUrl) return localStorage(join(dataDir, 'files'));
  const url = new URL(storageUrl);
  if (['s3:', 's3+http:', 's3+https:'].includes(url.protocol)) {
    return s3Storage(s3Location(url, process.env));
  }
  if (url.protocol === 'file:') return localStorage(url.pathname);
  throw new Error(`STORAGE_URL must start with s3://, s3+http://, s3+https:// or file://`);
}

export const storageKeyFor = (fileId: string, extension: string) =>
  join(fileId.slice(-2), extension ? `${fileId}.${extension}` : fileId);
