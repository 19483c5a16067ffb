import type { ImapFlow, ListResponse } from 'imapflow';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { SyncResult } from '../../../src/contract/mail';
import type { MailSettings } from '../../config';
import type { Db } from '../../db/database';
import type { MailFolderType, MailSettingRow } from '../../db/schema-mail';
import { storeFile } from '../files';
import type { FileStorage } from '../storage';
import { newId } from '../../lib/ids';
import { storableRow, storableText } from '../../lib/safe-input';
import { accountOf } from './accounts';
import { withImap } from './protocol';

/**
 * One sync of one mail account (docs/mail.md, "Sync"). First the changes made in the portal
 * go up (read marks, moves to the bin, final deletes), then each folder comes down:
 * - UIDVALIDITY changed: the folder's copies are dropped and fetched again;
 * - only messages with a UID above the last one seen are downloaded and parsed;
 * - \Seen and \Deleted of the messages we hold are taken from the server (a message
 *   expunged or flagged \Deleted elsewhere leaves the portal too).
 * The caller holds the account's sync lease (server/domain/mail/jobs.ts). What a message says is
 * stored as PostgreSQL can hold it (NUL dropped), and a message that still cannot be stored
 * is logged and skipped: one bad mail never stops the mailbox.
 */
export const folderTypes: MailFolderType[] = ['inbox', 'sent', 'drafts', 'deleted'];

const specialUseOf: Record<Exclude<MailFolderType, 'inbox'>, { flag: string; name: string }> = {
  sent: { flag: '\\Sent', name: 'Sent' },
  drafts: { flag: '\\Drafts', name: 'Drafts' },
  deleted: { flag: '\\Trash', name: 'Trash' },
};

/** Messages downloaded per FETCH command. */
const fetchBatch = 200;

/** What the sync route answers; skipped: messages that could not be stored (logged). */
export type { SyncResult };

/** Where sync tells what it passed over or why it failed (the server's logger). */
export interface MailLog {
  warn(data: object, text: string): void;
  error(data: object, text: string): void;
}

export const quietLog: MailLog = { warn: () => undefined, error: () => undefined };

/** Finds (or makes) the server's folder for each of ours. */
export async function resolveFolders(client: ImapFlow): Promise<Record<MailFolderType, string>> {
  const list: ListResponse[] = await client.list();
  const paths = { inbox: 'INBOX' } as Record<MailFolderType, string>;
  for (const type of ['sent', 'drafts', 'deleted'] as const) {
    const { flag, name } = specialUseOf[type];
    const found =
      list.find((box) => box.specialUse === flag) ??
      list.find((box) => box.path.toLowerCase() === name.toLowerCase());
    if (found) paths[type] = found.path;
    else {
      const created = await client.mailboxCreate(name);
      paths[type] = created.path;
    }
  }
  return paths;
}

async function saveFolders(db: Db, settingId: string, paths: Record<MailFolderType, string>) {
  for (const type of folderTypes) {
    // The server names its folders; the name is kept for reference, as PostgreSQL can hold it.
    const path = storableText(paths[type]);
    await db
      .insertInto('mail_folders')
      .values({ setting_id: settingId, type, path })
      .onConflict((conflict) => conflict.columns(['setting_id', 'type']).doUpdateSet({ path }))
      .execute();
  }
}

const uidSet = (uids: number[]) => uids.join(',');

/** Read marks, moves to the bin and final deletes made in the portal go to the server. */
async function pushChanges(
  db: Db,
  client: ImapFlow,
  setting: MailSettingRow,
  paths: Record<MailFolderType, string>,
): Promise<number> {
  const changed = await db
    .selectFrom('mail_messages')
    .select(['id', 'folder', 'uid', 'seen', 'server_seen', 'pending'])
    .where('setting_id', '=', setting.id)
    .where('uid', 'is not', null)
    .where((eb) => eb.or([eb('pending', 'is not', null), eb('seen', '!=', eb.ref('server_seen'))]))
    .execute();
  let pushed = 0;
  for (const type of folderTypes) {
    const rows = changed.filter((row) => row.folder === type);
    if (rows.length === 0) continue;
    const lock = await client.getMailboxLock(paths[type]);
    try {
      const uidsOf = (test: (row: (typeof rows)[number]) => boolean) =>
        rows.filter(test).map((row) => Number(row.uid));
      const read = uidsOf((row) => !row.pending && row.seen && !row.server_seen);
      const unread = uidsOf((row) => !row.pending && !row.seen && row.server_seen);
      if (read.length) await client.messageFlagsAdd(uidSet(read), ['\\Seen'], { uid: true });
      if (unread.length) await client.messageFlagsRemove(uidSet(unread), ['\\Seen'], { uid: true });
      for (const row of rows.filter((row) => !row.pending)) {
        await db
          .updateTable('mail_messages')
          .set({ server_seen: row.seen })
          .where('id', '=', row.id)
          .execute();
      }
      const expunge = uidsOf((row) => row.pending === 'expunge');
      if (expunge.length) {
        await client.messageDelete(uidSet(expunge), { uid: true });
        await db
          .deleteFrom('mail_messages')
          .where(
            'id',
            'in',
            rows.filter((row) => row.pending === 'expunge').map((row) => row.id),
          )
          .execute();
      }
      for (const row of rows.filter((row) => row.pending === 'trash')) {
        const moved = await client.messageMove(String(row.uid), paths.deleted, { uid: true });
        const newUid = moved && moved.uidMap?.get(Number(row.uid));
        if (newUid) {
          await db
            .updateTable('mail_messages')
            .set({ folder: 'deleted', uid: newUid, pending: null })
            .where('id', '=', row.id)
            .execute();
        } else {
          // No COPYUID from the server: the copy in the bin comes down as a new message.
          await db.deleteFrom('mail_messages').where('id', '=', row.id).execute();
        }
      }
      pushed += rows.length;
    } finally {
      lock.release();
    }
  }
  return pushed;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((item) => item.value);

const joined = (field: AddressObject | AddressObject[] | undefined, key: 'address' | 'name') =>
  addressesOf(field)
    .map((entry) => entry[key] ?? '')
    .join(',');

/** A date mailparser read, unless it could not read one. */
const validDate = (date: Date | undefined) =>
  date && !Number.isNaN(date.getTime()) ? date : undefined;

/**
 * Stores one parsed message and its attachments (files of the mailbox owner) in one
 * transaction: a message is there whole or not at all.
 */
export async function storeParsed(
  db: Db,
  storage: FileStorage,
  owner: { id: string; name: string },
  target: { settingId: string; folder: MailFolderType; uid: number | null; seen: boolean },
  parsed: ParsedMail,
  size: number,
  fallbackDate: Date,
): Promise<string> {
  const id = newId();
  const attachments = parsed.attachments.filter((item) => !item.related);
  const sender = addressesOf(parsed.from)[0];
  const row = storableRow({
    id,
    setting_id: target.settingId,
    user_id: owner.id,
    folder: target.folder,
    uid: target.uid,
    message_id: (parsed.messageId ?? '').slice(0, 998),
    in_reply_to: (parsed.inReplyTo ?? '').slice(0, 998),
    subject: parsed.subject ?? '',
    from_address: sender?.address ?? '',
    from_name: sender?.name ?? '',
    to_addresses: joined(parsed.to, 'address'),
    to_names: joined(parsed.to, 'name'),
    cc_addresses: joined(parsed.cc, 'address'),
    cc_names: joined(parsed.cc, 'name'),
    bcc_addresses: joined(parsed.bcc, 'address'),
    bcc_names: joined(parsed.bcc, 'name'),
    sent_at: validDate(parsed.date) ?? fallbackDate,
    text_body: parsed.text ?? '',
    html_body: typeof parsed.html === 'string' ? parsed.html : '',
    seen: target.seen,
    server_seen: target.seen,
    pending: null,
    has_attachments: attachments.length > 0,
    size,
    is_reply: Boolean(parsed.inReplyTo),
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_messages')
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(['setting_id', 'folder', 'uid']).where('uid', 'is not', null).doNothing(),
      )
      .execute();
    for (const item of attachments) {
      const file = await storeFile(trx, storage, {
        name: storableText(item.filename ?? 'attachment').slice(0, 200) || 'attachment',
        bytes: item.content,
        uploader: owner,
      });
      await trx
        .insertInto('mail_attachments')
        .values({ message_id: id, file_id: file.id, name: file.name, size: item.content.length })
        .execute();
    }
  });
  return id;
}

async function pullFolder(
  db: Db,
  storage: FileStorage,
  client: ImapFlow,
  setting: MailSettingRow,
  owner: { id: string; name: string },
  type: MailFolderType,
  path: string,
  result: SyncResult,
  log: MailLog,
): Promise<void> {
  const lock = await client.getMailboxLock(path);
  try {
    const mailbox = client.mailbox;
    if (!mailbox) return;
    const uidValidity = Number(mailbox.uidValidity);
    const folder = await db
      .selectFrom('mail_folders')
      .selectAll()
      .where('setting_id', '=', setting.id)
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    let lastUid = folder.last_uid;
    if (folder.uid_validity !== uidValidity) {
      // The server renumbered the folder: our UIDs mean nothing there any more.
      await db
        .deleteFrom('mail_messages')
        .where('setting_id', '=', setting.id)
        .where('folder', '=', type)
        .where('uid', 'is not', null)
        .execute();
      lastUid = 0;
    }
    const onServer = new Map<number, Set<string>>();
    if (mailbox.exists > 0) {
      for await (const message of client.fetch('1:*', { uid: true, flags: true })) {
        onServer.set(message.uid, message.flags ?? new Set());
      }
    }
    const held = await db
      .selectFrom('mail_messages')
      .select(['id', 'uid', 'seen', 'server_seen'])
      .where('setting_id', '=', setting.id)
      .where('folder', '=', type)
      .where('uid', 'is not', null)
      .execute();
    const heldUids = new Set<number>();
    const gone: string[] = [];
    const nowRead: string[] = [];
    const nowUnread: string[] = [];
    for (const row of held) {
      const uid = Number(row.uid);
      heldUids.add(uid);
      const flags = onServer.get(uid);
      if (!flags || flags.has('\\Deleted')) {
        gone.push(row.id);
        continue;
      }
      const serverSeen = flags.has('\\Seen');
      if (serverSeen !== row.server_seen) (serverSeen ? nowRead : nowUnread).push(row.id);
    }
    for (let start = 0; start < gone.length; start += 1000) {
      await db
        .deleteFrom('mail_messages')
        .where('id', 'in', gone.slice(start, start + 1000))
        .execute();
    }
    for (const [ids, seen] of [
      [nowRead, true],
      [nowUnread, false],
    ] as const) {
      for (let start = 0; start < ids.length; start += 1000) {
        await db
          .updateTable('mail_messages')
          .set({ seen, server_seen: seen })
          .where('id', 'in', ids.slice(start, start + 1000))
          .execute();
      }
    }
    result.removed += gone.length;
    result.flagged += nowRead.length + nowUnread.length;
    const fresh = [...onServer.entries()]
      .filter(([uid, flags]) => uid > lastUid && !heldUids.has(uid) && !flags.has('\\Deleted'))
      .map(([uid]) => uid)
      .sort((a, b) => a - b);
    let highest = lastUid;
    const saveProgress = (lastSeen: number) =>
      db
        .updateTable('mail_folders')
        .set({ uid_validity: uidValidity, last_uid: lastSeen })
        .where('setting_id', '=', setting.id)
        .where('type', '=', type)
        .execute();
    for (let start = 0; start < fresh.length; start += fetchBatch) {
      const batch = fresh.slice(start, start + fetchBatch);
      for await (const message of client.fetch(
        uidSet(batch),
        { uid: true, flags: true, source: true, internalDate: true, size: true },
        { uid: true },
      )) {
        if (!message.source) continue;
        try {
          const parsed = await simpleParser(message.source);
          const internal = message.internalDate;
          await storeParsed(
            db,
            storage,
            owner,
            {
              settingId: setting.id,
              folder: type,
              uid: message.uid,
              seen: message.flags?.has('\\Seen') ?? false,
            },
            parsed,
            message.size ?? message.source.length,
            internal instanceof Date ? internal : new Date(),
          );
          result.added++;
        } catch (error) {
          // Passed over for good (the last UID moves past it): the next ones still come down.
          log.warn(
            { err: error, settingId: setting.id, folder: type, uid: message.uid },
            'mail: a message could not be stored and was skipped',
          );
          result.skipped++;
        }
      }
      highest = Math.max(highest, ...batch);
      // Progress is kept per batch: an interrupted first sync goes on where it stopped.
      await saveProgress(highest);
    }
    // A loop, not Math.max(...): a folder may hold more UIDs than a call takes arguments.
    for (const uid of onServer.keys()) if (uid > highest) highest = uid;
    await saveProgress(highest);
  } finally {
    lock.release();
  }
}

/** Syncs one mail account; the caller holds its lease. */
export async function syncAccount(
  db: Db,
  storage: FileStorage,
  settings: MailSettings,
  setting: MailSettingRow,
  log: MailLog = quietLog,
): Promise<SyncResult> {
  const owner = await db
    .selectFrom('users')
    .select(['id', 'fullname as name'])
    .where('id', '=', setting.user_id)
    .executeTakeFirstOrThrow();
  const result: SyncResult = { added: 0, removed: 0, flagged: 0, skipped: 0 };
  await withImap(accountOf(settings, setting), async (client) => {
    const paths = await resolveFolders(client);
    await saveFolders(db, setting.id, paths);
    await pushChanges(db, client, setting, paths);
    for (const type of folderTypes) {
      await pullFolder(db, storage, client, setting, owner, type, paths[type], result, log);
    }
  });
  return result;
}
