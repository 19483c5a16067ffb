import { sql, type ExpressionBuilder } from 'kysely';
import addressparser from 'nodemailer/lib/addressparser';
import type { Readable } from 'node:stream';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { MailFolderType, MailMessageRow, MailSettingRow } from '../../db/schema-mail';
import { readableFile } from '../files';
import { enforceLimits } from '../rate-limit';
import type { AuthUser } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { storableRow } from '../../lib/safe-input';
import { accountOf, ownSetting } from './accounts';
import { scheduleSync } from './jobs';
import { plainText } from './plain-text';
import { composeMessage, sendRaw, withImap, type RefusedRecipient } from './protocol';
import { resolveFolders } from './sync';

/** The platform's folder codes (types): 1 inbox, 2 sent, 3 drafts, 4 deleted. */
export const folderCodes: Record<MailFolderType, number> = {
  inbox: 1,
  sent: 2,
  drafts: 3,
  deleted: 4,
};

export function folderOf(code: string | number | undefined): MailFolderType | undefined {
  const text = String(code ?? '');
  const entry = Object.entries(folderCodes).find(
    ([name, number]) => text === name || text === String(number),
  );
  return entry?.[0] as MailFolderType | undefined;
}

type MessageEb = ExpressionBuilder<Database, 'mail_messages'>;

/**
 * Rows shown in a folder: a message waiting to go to the bin is already in the bin, one
 * waiting to be deleted for good is nowhere.
 */
export function inFolder(folder: MailFolderType) {
  return (eb: MessageEb) =>
    folder === 'deleted'
      ? eb.or([
          eb.and([eb('folder', '=', 'deleted'), eb('pending', 'is', null)]),
          eb('pending', '=', 'trash'),
        ])
      : eb.and([eb('folder', '=', folder), eb('pending', 'is', null)]);
}

export async function ownMessage(db: Db, userId: string, id: string): Promise<MailMessageRow> {
  const row = await db
    .selectFrom('mail_messages')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('pending', 'is', null), eb('pending', '!=', 'expunge')]))
    .executeTakeFirst();
  if (!row) throw notFound('server:mail.messageNotFound');
  return row;
}

/** "a@x.com, Name <b@y.com>; c@z" as checked addresses. */
export function parseAddresses(text: string | undefined): { name: string; address: string }[] {
  if (!text?.trim()) return [];
  const list = addressparser(text.replace(/;/g, ','), { flatten: true });
  for (const entry of list) {
    if (!/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/.test(entry.address ?? '')) {
      throw badRequest('server:mail.addressInvalid', { address: entry.address || entry.name });
    }
  }
  return list.slice(0, 200);
}

/** Marks read (or unread); the change goes up to the server with the next sync, due now. */
export async function markRead(db: Db, userId: string, id: string, seen: boolean): Promise<void> {
  const row = await ownMessage(db, userId, id);
  await db.updateTable('mail_messages').set({ seen }).where('id', '=', row.id).execute();
  if (row.uid !== null) await scheduleSync(db, row.setting_id);
}

/**
 * Deletes messages of the caller: from any folder they go to the bin, from the bin they go
 * for good (docs/mail.md). Where a message is comes from our rows, not from the request.
 */
export async function removeMessages(db: Db, userId: string, ids: string[]): Promise<number> {
  const rows = await db
    .selectFrom('mail_messages')
    .select(['id', 'setting_id', 'folder', 'uid', 'pending'])
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('pending', 'is', null), eb('pending', '!=', 'expunge')]))
    .execute();
  const touched = new Set<string>();
  for (const row of rows) {
    const inBin = row.folder === 'deleted' || row.pending === 'trash';
    if (row.uid === null) {
      if (inBin) await db.deleteFrom('mail_messages').where('id', '=', row.id).execute();
      else {
        await db
          .updateTable('mail_messages')
          .set({ folder: 'deleted' })
          .where('id', '=', row.id)
          .execute();
      }
      continue;
    }
    await db
      .updateTable('mail_messages')
      .set({ pending: inBin ? 'expunge' : 'trash' })
      .where('id', '=', row.id)
      .execute();
    touched.add(row.setting_id);
  }
  for (const settingId of touched) await scheduleSync(db, settingId);
  return rows.length;
}

export interface Outgoing {
  id?: string;
  setId: string;
  subject: string;
  /** HTML, already decoded from the request's Base64. */
  html: string;
  to: string;
  cc?: string;
  bcc?: string;
  fileIds: string[];
  replyId?: string;
  isDraft: boolean;
}

async function attachmentsOf(deps: AppDeps, viewer: AuthUser, fileIds: string[]) {
  const files = [];
  let total = 0;
  for (const fileId of [...new Set(fileIds)].slice(0, 50)) {
    const file = await readableFile(deps.db, fileId, viewer, () => notFound('server:fileNotFound'));
    total += Number(file.size);
    files.push(file);
  }
  if (total > deps.config.maxUploadBytes) {
    throw badRequest('server:mail.attachmentsTooLarge', {
      mb: Math.round(deps.config.maxUploadBytes / 1024 / 1024),
    });
  }
  return files;
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const names = (list: { name: string; address: string }[]) => list.map((entry) => entry.name);
const addresses = (list: { name: string; address: string }[]) => list.map((entry) => entry.address);

/** Saves a draft, or sends: SMTP first, then a copy to the server's Sent folder. */
export async function sendMessage(
  deps: AppDeps,
  viewer: AuthUser,
  mail: Outgoing,
  log: { warn(data: unknown, text: string): void },
): Promise<{ id: string; sent: boolean; refused: RefusedRecipient[] }> {
  const { db, storage, config } = deps;
  const setting: MailSettingRow = await ownSetting(db, viewer.id, mail.setId);
  const to = parseAddresses(mail.to);
  const cc = parseAddresses(mail.cc);
  const bcc = parseAddresses(mail.bcc);
  const files = await attachmentsOf(deps, viewer, mail.fileIds);
  const draft = mail.id ? await ownMessage(db, viewer.id, mail.id) : null;
  if (draft && draft.folder !== 'drafts') throw notFound('server:mail.messageNotFound');
  const replyTo = mail.replyId ? await ownMessage(db, viewer.id, mail.replyId) : null;
  if (!mail.isDraft && to.length + cc.length + bcc.length === 0) {
    throw badRequest('server:mail.noRecipient');
  }
  let account;
  try {
    account = accountOf(config.mail, setting);
  } catch {
    throw badRequest('server:mail.passwordUnreadable');
  }
  const messageId = `<${newId()}@${setting.address.split('@')[1] ?? 'atrium'}>`;
  let uid: number | null = null;
  let refused: RefusedRecipient[] = [];
  if (!mail.isDraft) {
    await enforceLimits(db, [
      { key: `mail:send:${viewer.id}`, max: config.mail.sendPerHour, windowSeconds: 3600 },
    ]);
    const attachments = [];
    for (const file of files) {
      attachments.push({
        filename: file.name,
        content: await bytesOf(await storage.read(file.storage_key)),
      });
    }
    const raw = await composeMessage({
      from: { name: setting.nickname || viewer.fullname, address: setting.address },
      to,
      cc,
      bcc,
      subject: mail.subject,
      html: mail.html,
      // The same words as plain text: plain-text readers and spam filters want both.
      text: plainText(mail.html),
      attachments,
      messageId,
      ...(replyTo?.message_id
        ? { inReplyTo: replyTo.message_id, references: [replyTo.message_id] }
        : {}),
    });
    ({ refused } = await sendRaw(
      account,
      { from: setting.address, to: [...to, ...cc, ...bcc].map((entry) => entry.address) },
      raw,
    ));
    try {
      uid = await withImap(account, async (client) => {
        const paths = await resolveFolders(client);
        const appended = await client.append(paths.sent, raw, ['\\Seen'], new Date());
        return appended && appended.uid ? appended.uid : null;
      });
    } catch (error) {
      // Sent all the same; the portal keeps its own copy in Sent.
      log.warn({ err: error }, 'mail: the sent copy could not be appended to the Sent folder');
    }
  }
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_messages')
      // The HTML came as Base64, past the request guard's NUL check: stored as PostgreSQL can.
      .values(
        storableRow({
          id,
          setting_id: setting.id,
          user_id: viewer.id,
          folder: mail.isDraft ? 'drafts' : 'sent',
          uid,
          message_id: messageId,
          in_reply_to: replyTo?.message_id ?? '',
          subject: mail.subject,
          from_address: setting.address,
          from_name: setting.nickname || viewer.fullname,
          to_addresses: addresses(to).join(','),
          to_names: names(to).join(','),
          cc_addresses: addresses(cc).join(','),
          cc_names: names(cc).join(','),
          bcc_addresses: addresses(bcc).join(','),
          bcc_names: names(bcc).join(','),
          sent_at: new Date(),
          html_body: mail.html,
          seen: true,
          server_seen: uid !== null,
          pending: null,
          has_attachments: files.length > 0,
          size: Buffer.byteLength(mail.html),
          is_reply: Boolean(replyTo),
          undelivered: JSON.stringify(refused),
        }),
      )
      .execute();
    for (const file of files) {
      await trx
        .insertInto('mail_attachments')
        .values({ message_id: id, file_id: file.id, name: file.name, size: Number(file.size) })
        .execute();
    }
    if (draft) await trx.deleteFrom('mail_messages').where('id', '=', draft.id).execute();
    if (!mail.isDraft) {
      const delivered = [...to, ...cc, ...bcc].filter(
        (entry) =>
          !refused.some((each) => each.address.toLowerCase() === entry.address.toLowerCase()),
      );
      for (const entry of delivered) {
        await trx
          .insertInto('mail_contacts')
          .values({
            id: newId(),
            user_id: viewer.id,
            setting_id: setting.id,
            name: entry.name || entry.address.split('@')[0] || entry.address,
            address: entry.address,
            send_count: 1,
            last_sent_at: new Date(),
          })
          .onConflict((conflict) =>
            conflict.expression(sql`user_id, lower(address)`).doUpdateSet({
              send_count: sql`mail_contacts.send_count + 1`,
              last_sent_at: new Date(),
            }),
          )
          .execute();
      }
    }
  });
  return { id, sent: !mail.isDraft, refused };
}
