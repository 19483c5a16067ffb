import { Transform, type Readable } from 'node:stream';
import type { Db } from '../db/database';
import type { FileRow } from '../db/schema';
import { newId } from '../lib/ids';
import { UserError } from '../lib/errors';
import type { AuthUser } from '../lib/context';
import { mayReadFile } from './file-access';
import { storageKeyFor, type FileStorage } from './storage';

const mimeByExtension: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  txt: 'text/plain; charset=utf-8',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  ofd: 'application/ofd',
  xml: 'application/xml',
};

/** Types a browser may show inline without running anything (no HTML, no SVG). */
const inlineSafe = new Set(['pdf', 'png', 'jpg', 'jpeg', 'gif', 'bmp', 'txt', 'mp3', 'm4a', 'mp4']);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function mimeOf(extension: string): string {
  return mimeByExtension[extension] ?? 'application/octet-stream';
}

export function canShowInline(extension: string): boolean {
  return inlineSafe.has(extension);
}

/** RFC 6266 with an ASCII fallback, so Chinese file names survive every browser. */
export function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface StoredFile {
  /** Seeds use fixed ids so demo links stay stable. */
  id?: string;
  name: string;
  /** The content whole, or as it arrives (an upload: never held in memory whole). */
  bytes: Buffer | Readable;
  uploader?: { id: string; name: string } | null;
  public?: boolean;
}

/** A stream that counts what passes through it. */
function counted(body: Readable): { body: Readable; size: () => number } {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, chunk);
    },
  });
  body.on('error', (error) => counter.destroy(error));
  return { body: body.pipe(counter), size: () => size };
}

/**
 * Stores a file's bytes and records it. `beforeRecord` sees the stored size and may refuse
 * (a quota, a limit met while the bytes arrived): the bytes are removed again, as they are
 * when recording fails, so no stored file is without its row.
 */
export async function storeFile(
  db: Db,
  storage: FileStorage,
  file: StoredFile,
  beforeRecord?: (size: number) => Promise<void>,
): Promise<FileRow> {
  const id = file.id ?? newId();
  const extension = extensionOf(file.name);
  const key = storageKeyFor(id, extension);
  const content = Buffer.isBuffer(file.bytes)
    ? { body: file.bytes, size: () => (file.bytes as Buffer).length }
    : counted(file.bytes);
  await storage.put(key, content.body);
  try {
    await beforeRecord?.(content.size());
    return await db
      .insertInto('files')
      .values({
        id,
        name: file.name,
        extension,
        size: content.size(),
        mime: mimeOf(extension),
        storage_key: key,
        uploader_id: file.uploader?.id ?? null,
        uploader_name: file.uploader?.name ?? '',
        public: file.public ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/**
 * A file the caller may read (server/domain/file-access.ts). A file that exists but is not
 * theirs answers like one that does not: its id tells nothing. `signInFirst` is the error for
 * a caller without a usable session.
 */
export async function readableFile(
  db: Db,
  fileId: string,
  viewer: AuthUser | null,
  signInFirst: () => UserError,
): Promise<FileRow> {
  const file = await db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (file && (await mayReadFile(db, file, viewer))) return file;
  // Without a session every file that is not public asks to sign in first, whether it exists
  // or not, so an id says nothing to a stranger; a signed-in caller gets 404 for both alike.
  if (!viewer) throw signInFirst();
  throw new UserError(404, 'server:fileNotFound');
}
