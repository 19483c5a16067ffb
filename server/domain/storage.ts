import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { s3Location, s3Storage } from './storage-s3';

/** Where file bytes live. The local folder is the default; an S3-compatible store can replace it. */
export interface FileStorage {
  /** Writes a file whole: a reader sees all of it or none. A stream is never held whole. */
  put(key: string, bytes: Buffer | Readable): Promise<void>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Whether the store answers (the readiness probe). */
  ready(): Promise<boolean>;
}

/** Files being written start with this; keys never do (they start with the file's id). */
export const partPrefix = '.part-';

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
      // Written beside its place and renamed into it: a reader (a download, a backup that
      // copies the folder while uploads go on) sees the whole file or none, never half.
      const part = join(
        dirname(path),
        `${partPrefix}${basename(path)}.${randomBytes(6).toString('hex')}`,
      );
      try {
        if (Buffer.isBuffer(bytes)) await writeFile(part, bytes);
        else await pipeline(bytes, createWriteStream(part));
        await rename(part, path);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
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
  const folder = localFolderOf(storageUrl, dataDir);
  if (folder) return localStorage(folder);
  return s3Storage(s3Location(new URL(storageUrl!), process.env));
}

/** The folder files live in on this machine, or null for a bucket (s3 URLs). */
export function localFolderOf(storageUrl: string | undefined, dataDir: string): string | null {
  if (!storageUrl) return join(dataDir, 'files');
  const url = new URL(storageUrl);
  if (['s3:', 's3+http:', 's3+https:'].includes(url.protocol)) return null;
  if (url.protocol === 'file:') return url.pathname;
  throw new Error(`STORAGE_URL must start with s3://, s3+http://, s3+https:// or file://`);
}

export const storageKeyFor = (fileId: string, extension: string) =>
  join(fileId.slice(-2), extension ? `${fileId}.${extension}` : fileId);
