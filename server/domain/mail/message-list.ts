import type { Db } from '../../db/database';
import type { MailFolderType, MailMessageRow } from '../../db/schema-mail';
import { containing } from '../../lib/like';
import type { Paging } from '../directory/paging';
import { inFolder } from './messages';

/** A message as lists show it: everything but its bodies and refused recipients. */
export type MessageSummaryRow = Omit<MailMessageRow, 'text_body' | 'html_body' | 'undelivered'>;

/** What a message list is narrowed by; empty text narrows nothing. */
export interface MessageFilters {
  folder: MailFolderType;
  setId: string;
  /** Text anywhere in the subject. */
  subject: string;
  /** Text anywhere in the sender's address. */
  sender: string;
  /** Read or unread only; null for both. */
  seen: boolean | null;
  /** Text anywhere in the subject, the sender's address or name, or the recipients. */
  keyword: string;
}

/** One page of the user's messages in a folder, newest first, and how many there are. */
export async function messagePage(
  db: Db,
  userId: string,
  filters: MessageFilters,
  paging: Paging,
): Promise<{ rows: MessageSummaryRow[]; total: number }> {
  let query = db
    .selectFrom('mail_messages')
    .where('user_id', '=', userId)
    .where(inFolder(filters.folder));
  if (filters.setId) query = query.where('setting_id', '=', filters.setId);
  if (filters.subject) query = query.where('subject', 'ilike', containing(filters.subject));
  if (filters.sender) query = query.where('from_address', 'ilike', containing(filters.sender));
  if (filters.seen !== null) query = query.where('seen', '=', filters.seen);
  if (filters.keyword) {
    const pattern = containing(filters.keyword);
    query = query.where((eb) =>
      eb.or([
        eb('subject', 'ilike', pattern),
        eb('from_address', 'ilike', pattern),
        eb('from_name', 'ilike', pattern),
        eb('to_addresses', 'ilike', pattern),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select([
        'id',
        'setting_id',
        'user_id',
        'folder',
        'uid',
        'message_id',
        'in_reply_to',
        'subject',
        'from_address',
        'from_name',
        'to_addresses',
        'to_names',
        'cc_addresses',
        'cc_names',
        'bcc_addresses',
        'bcc_names',
        'sent_at',
        'seen',
        'server_seen',
        'pending',
        'has_attachments',
        'size',
        'is_reply',
        'created_at',
      ])
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}

/** A message's attachments, by name. */
export function messageAttachments(db: Db, messageId: string) {
  return db
    .selectFrom('mail_attachments')
    .select(['file_id', 'name', 'size'])
    .where('message_id', '=', messageId)
    .orderBy('name')
    .execute();
}
