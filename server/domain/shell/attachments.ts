import { extname } from 'node:path';
import type { AttachmentInfo } from '../../../src/contract/files';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import type { FileRow } from '../../db/schema';
import type { AuthUser } from '../../lib/context';
import { UserError } from '../../lib/errors';
import { splitHead } from '../../lib/stream-head';
import { formatDateTime } from '../../lib/time';
import { mayReadFile } from '../file-access';
import { storeFile } from '../files';
import { takeQuota, type QuotaContext } from '../upload-quota';
import type { FileStorage } from '../storage';
import { isResizable, pictureKeys } from '../pictures';
import { checkUpload, storedName } from './upload-policy';

/** The platform's UploadResult (reference/platform-api.md section 4), plus the uploader. */
export interface UploadResult {
  success: true;
  fileId: string;
  fileName: string;
  /** Bytes, as in the `[{id, name, size}]` attachment lists of forms and news. */
  size: number;
  username: string;
  message: string;
}

/** An upload as it arrives: its name, its bytes still coming, and whether they ran past the limit. */
export interface ArrivingFile {
  name: string;
  bytes: Readable;
  /** Set once the bytes passed the size limit (the rest was not read). */
  exceeded: () => boolean;
  /** The refusal for a file past the limit. */
  tooLarge: () => UserError;
}

/** Bytes enough for every check by content: magic numbers, active markup, text. */
const headBytes = 64 * 1024;

/**
 * Stores an upload that passes its checks and the uploader's quota. The checks read its first
 * bytes; the rest goes to storage as it arrives, never held whole; the quota is taken once
 * its size is known and given back if it cannot be recorded. Answers the result and how to
 * undo it (a second file in the same request refuses the whole).
 */
export async function acceptUpload(
  quota: QuotaContext,
  storage: FileStorage,
  caller: AuthUser,
  file: ArrivingFile,
  allowed: string[],
): Promise<{ result: UploadResult; undo: () => Promise<void> }> {
  // The name is checked as it will be stored: shortening must not change its extension.
  const name = storedName(file.name);
  const { head, body } = await splitHead(file.bytes, headBytes);
  try {
    await checkUpload(name, head, allowed);
  } catch (error) {
    body.resume();
    throw error;
  }
  let giveBack: (() => Promise<void>) | undefined;
  let row: FileRow;
  try {
    row = await storeFile(
      quota.db,
      storage,
      { name, bytes: body, uploader: { id: caller.id, name: caller.fullname } },
      async (size) => {
        if (file.exceeded()) throw file.tooLarge();
        giveBack = await takeQuota(quota, size);
      },
    );
  } catch (error) {
    await giveBack?.();
    throw error;
  }
  const undo = async () => {
    await quota.db.deleteFrom('files').where('id', '=', row.id).execute();
    await storage.remove(row.storage_key);
    await giveBack?.();
  };
  const result: UploadResult = {
    success: true,
    fileId: row.id,
    fileName: row.name,
    size: Number(row.size),
    username: row.uploader_name,
    message: '',
  };
  return { result, undo };
}

const kilobytes = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/**
 * Infos of files by id, in the order asked; ids that do not exist, and files the viewer may
 * not read, are left out alike (their name and uploader are the file's business).
 */
export async function attachmentInfos(
  db: Db,
  viewer: AuthUser,
  ids: string[],
  timeZone: string,
): Promise<AttachmentInfo[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await db.selectFrom('files').selectAll().where('id', 'in', wanted).execute();
  const readable = await Promise.all(found.map((row) => mayReadFile(db, row, viewer)));
  const rows = found.filter((_, i) => readable[i]);
  return wanted.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return [];
    return [
      {
        id: row.id,
        name: row.name,
        size: kilobytes(Number(row.size)),
        bytes: Number(row.size),
        type: row.extension,
        username: row.uploader_name,
        createTime: formatDateTime(row.created_at, timeZone),
        extraProp: row.extra_prop,
      },
    ];
  });
}

/** PostgreSQL's foreign-key violation: the file is still linked from news or a tenant. */
const isStillReferenced = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23503';

/**
 * Deletes uploaded files: all of them or none. Only the uploader may delete a file, and the
 * admin any uploaded file; system files and files still linked from a record stay.
 */
export async function deleteAttachments(
  db: Db,
  storage: FileStorage,
  caller: AuthUser,
  ids: string[],
): Promise<number> {
  const wanted = [...new Set(ids)];
  const removed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('files')
      .select(['id', 'uploader_id', 'storage_key'])
      .where('id', 'in', wanted)
      .forUpdate()
      .execute();
    if (rows.length !== wanted.length) throw new UserError(404, 'server:fileNotFound');
    // Files nobody uploaded (logos, news pictures, invoices) belong to the system's records.
    if (rows.some((row) => row.uploader_id === null)) {
      throw new UserError(409, 'server:shell.systemFile');
    }
    if (!caller.seesEverything && rows.some((row) => row.uploader_id !== caller.id)) {
      throw new UserError(403, 'server:shell.fileNotYours');
    }
    try {
      await trx.deleteFrom('files').where('id', 'in', wanted).execute();
    } catch (error) {
      if (isStillReferenced(error)) throw new UserError(409, 'server:shell.fileInUse');
      throw error;
    }
    return rows;
  });
  // Bytes go after the rows are gone: a crash in between leaves an orphan, never a dead link.
  // A picture's variants go with it (server/domain/pictures.ts).
  for (const row of removed) {
    await storage.remove(row.storage_key);
    if (isResizable(extname(row.storage_key).slice(1)))
      for (const key of pictureKeys(row.id)) await storage.remove(key);
  }
  return removed.length;
}
