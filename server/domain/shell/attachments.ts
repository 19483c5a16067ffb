import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { UserError } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { mayReadFile } from '../file-access';
import { storeFile } from '../files';
import { takeQuota, type QuotaContext } from '../upload-quota';
import type { FileStorage } from '../storage';
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

/** An attachment as the list of the control shows it (spec/shell.md section 3). */
export interface AttachmentInfo {
  id: string;
  name: string;
  /** Kilobytes with 2 decimals, as the spec shows them. */
  size: number;
  bytes: number;
  /** The extension. */
  type: string;
  username: string;
  createTime: string;
  /** The file's extra property (updateFileExtraProp); '' when none. */
  extraProp: string;
}

/**
 * Stores an upload that passes its checks and the uploader's quota (taken just before the
 * file is stored, given back if storing fails).
 */
export async function acceptUpload(
  quota: QuotaContext,
  storage: FileStorage,
  caller: AuthUser,
  file: { name: string; bytes: Buffer },
  allowed: string[],
): Promise<UploadResult> {
  // The name is checked as it will be stored: shortening must not change its extension.
  const name = storedName(file.name);
  await checkUpload(name, file.bytes, allowed);
  const giveBack = await takeQuota(quota, file.bytes.length);
  let row: Awaited<ReturnType<typeof storeFile>>;
  try {
    row = await storeFile(quota.db, storage, {
      name,
      bytes: file.bytes,
      uploader: { id: caller.id, name: caller.fullname },
    });
  } catch (error) {
    await giveBack();
    throw error;
  }
  return {
    success: true,
    fileId: row.id,
    fileName: row.name,
    size: Number(row.size),
    username: row.uploader_name,
    message: '',
  };
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
  const keys = await db.transaction().execute(async (trx) => {
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
    return rows.map((row) => row.storage_key);
  });
  // Bytes go after the rows are gone: a crash in between leaves an orphan, never a dead link.
  for (const key of keys) await storage.remove(key);
  return keys.length;
}
