import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { FileRow } from '../db/schema';
import type { AuthUser } from '../lib/context';
import { mayReadInvoiceFile } from './finance/invoice-files';
import { newsVisibleTo } from './news';
import { viewableBy } from './workflow/access';

/**
 * Who may read a file (docs/decisions.md, "File access"), decided per file from what it
 * belongs to, never from knowing its id:
 * 1. a public file (a logo, an attachment of a public announcement): anyone;
 * 2. otherwise only a signed-in user; an attachment of mail only its mailbox owner; else
 *    - the designated user who sees everything,
 *    - the user who uploaded it,
 *    - whoever may read a record it belongs to: a news item it is linked to (file_links,
 *      by the news audience), a workflow instance one of whose actions attached it (by
 *      instance access), an invoice whose PDF, XML or OFD it is (by statement scope).
 * A file of nobody (the finance seal, system pictures) that no record links is the
 * administrator's alone: print answers embed the seal, nobody downloads it.
 */
export async function mayReadFile(
  db: Db,
  file: Pick<FileRow, 'id' | 'public' | 'uploader_id'>,
  viewer: AuthUser | null,
): Promise<boolean> {
  if (file.public) return true;
  if (!viewer) return false;
  // A mail attachment is its mailbox owner's alone, whoever else may see everything.
  const mailOwners = await mailOwnersOf(db, file.id);
  if (mailOwners.length > 0) return mailOwners.includes(viewer.id);
  if (viewer.seesEverything || file.uploader_id === viewer.id) return true;
  if (await readableThroughNews(db, file.id, viewer)) return true;
  if (await readableThroughWorkflow(db, file.id, viewer)) return true;
  return (await mayReadInvoiceFile(db, file.id, viewer)) === true;
}

/** Owners of the mail messages a file is attached to (docs/mail.md). */
async function mailOwnersOf(db: Db, fileId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_attachments as a')
    .innerJoin('mail_messages as m', 'm.id', 'a.message_id')
    .select('m.user_id')
    .where('a.file_id', '=', fileId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Attached to an action of a workflow instance the viewer may read. */
async function readableThroughWorkflow(db: Db, fileId: string, viewer: AuthUser): Promise<boolean> {
  const row = await db
    .selectFrom('file_links as l')
    .select('l.record_id')
    .where('l.file_id', '=', fileId)
    .where('l.kind', '=', 'workflow')
    .where(sql<SqlBool>`${viewableBy(sql.ref('l.record_id'), viewer.id)}`)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

async function readableThroughNews(db: Db, fileId: string, viewer: AuthUser): Promise<boolean> {
  const row = await db
    .selectFrom('file_links as l')
    .innerJoin('news as n', 'n.id', 'l.record_id')
    .select('n.id')
    .where('l.file_id', '=', fileId)
    .where('l.kind', '=', 'news')
    .where('n.published', '=', true)
    .where(newsVisibleTo(viewer, 'n'))
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Records that a file belongs to a record (its access follows that record's). */
export async function linkFile(
  db: Db,
  link: { fileId: string; kind: 'news'; recordId: string },
): Promise<void> {
  await db
    .insertInto('file_links')
    .values({ file_id: link.fileId, kind: link.kind, record_id: link.recordId })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}
