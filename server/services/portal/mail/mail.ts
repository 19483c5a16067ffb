import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  mailCalls,
  type MailMessage,
  type MailSummary,
  type Undelivered,
} from '../../../../src/contract/mail';
import type { MailFolderType, MailMessageRow } from '../../../db/schema-mail';
import { badRequest } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { translate } from '../../../i18n';
import { syncNow } from '../../../domain/mail/jobs';
import {
  folderCodes,
  folderOf,
  inFolder,
  markRead,
  ownMessage,
  removeMessages,
  sendMessage,
} from '../../../domain/mail/messages';
import { countConnection, ownSetting } from '../../../domain/mail/accounts';
import { folderTypes } from '../../../domain/mail/sync';
import { currentUser } from '../../../plugins/auth';
import { addRoute } from '../../contract';
import { idList, likePattern, pageOf, queryValue } from './common';
import { done } from '../../schemas';

/** PGlite and pg both parse jsonb; an older row has none. */
function undeliveredOf(value: unknown): Undelivered[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(list) ? (list as Undelivered[]) : [];
}

/** Mail: the mailbox tree, lists, one message, send, delete, sync (docs/mail.md). */
export async function mailRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, storage } = app.deps;
  const time = (value: Date) => formatDateTime(value, config.timeZone);

  const summary = (
    row: Omit<MailMessageRow, 'text_body' | 'html_body' | 'undelivered'>,
  ): MailSummary => ({
    id: row.id,
    setId: row.setting_id,
    types: folderCodes[row.pending === 'trash' ? 'deleted' : row.folder],
    subject: row.subject,
    senderAddress: row.from_address,
    senderName: row.from_name,
    receiverAddresses: row.to_addresses,
    receiverNames: row.to_names,
    copyToAddresses: row.cc_addresses,
    copyToNames: row.cc_names,
    bcCAddresses: row.bcc_addresses,
    bcCNames: row.bcc_names,
    mailDate: time(row.sent_at),
    isRead: row.seen ? 1 : 0,
    isReply: row.is_reply ? 1 : 0,
    hasAttachment: row.has_attachments ? 1 : 0,
    size: row.size,
  });

  addRoute(app, mailCalls.tree, async (request) => {
    const caller = currentUser(request);
    const settings = await db
      .selectFrom('mail_settings')
      .select(['id', 'address', 'nickname', 'is_default', 'last_sync_at', 'last_error'])
      .where('user_id', '=', caller.id)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .execute();
    const unread = await db
      .selectFrom('mail_messages')
      .select(['setting_id', 'folder', (eb) => eb.fn.countAll<number>().as('count')])
      .where('user_id', '=', caller.id)
      .where('seen', '=', false)
      .where('pending', 'is', null)
      .groupBy(['setting_id', 'folder'])
      .execute();
    const unreadOf = (setId: string, folder: MailFolderType) =>
      Number(unread.find((row) => row.setting_id === setId && row.folder === folder)?.count ?? 0);
    return settings.map((setting) => ({
      id: setting.id,
      name: setting.address,
      nickName: setting.nickname,
      isDefault: setting.is_default ? 1 : 0,
      lastSyncTime: setting.last_sync_at ? time(setting.last_sync_at) : '',
      lastError: setting.last_error,
      children: folderTypes.map((folder) => ({
        id: `${setting.id}-${folder}`,
        setId: setting.id,
        types: folderCodes[folder],
        folder,
        name: request.t(`server:mail.folder.${folder}`),
        unread: unreadOf(setting.id, folder),
      })),
    }));
  });

  addRoute(app, mailCalls.list, async (request) => {
    const caller = currentUser(request);
    const filter = request.body ?? {};
    const { page, pageSize, offset } = pageOf(filter);
    const types = queryValue(filter, 'types');
    const folder = folderOf(types || 'inbox');
    if (!folder) throw badRequest('server:invalidRequest');
    let query = db
      .selectFrom('mail_messages')
      .where('user_id', '=', caller.id)
      .where(inFolder(folder));
    const setId = queryValue(filter, 'setId');
    if (setId) query = query.where('setting_id', '=', setId);
    const subject = queryValue(filter, 'subject');
    if (subject) query = query.where('subject', 'ilike', likePattern(subject));
    const sender = queryValue(filter, 'senderAddress');
    if (sender) query = query.where('from_address', 'ilike', likePattern(sender));
    const isRead = queryValue(filter, 'isRead');
    if (isRead === '0' || isRead === '1') query = query.where('seen', '=', isRead === '1');
    const keyword = queryValue(filter, 'keyword');
    if (keyword) {
      const pattern = likePattern(keyword);
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
        .limit(pageSize)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(summary), total: Number(total.count), page, pageSize };
  });

  addRoute(app, mailCalls.get, async (request) => {
    const caller = currentUser(request);
    const row = await ownMessage(db, caller.id, request.query.id);
    const files = await db
      .selectFrom('mail_attachments')
      .select(['file_id', 'name', 'size'])
      .where('message_id', '=', row.id)
      .orderBy('name')
      .execute();
    const html = row.html_body !== '';
    const contentType: MailMessage['contentType'] = html ? 'html' : 'text';
    return {
      ...summary(row),
      content: Buffer.from(html ? row.html_body : row.text_body, 'utf8').toString('base64'),
      contentType,
      messageId: row.message_id,
      fileIds: files.map((file) => file.file_id).join(','),
      attachments: files.map((file) => ({ id: file.file_id, name: file.name, size: file.size })),
      undelivered: undeliveredOf(row.undelivered),
    };
  });

  addRoute(app, mailCalls.remove, async (request) => {
    const caller = currentUser(request);
    const ids = idList(request.query.ids);
    await removeMessages(db, caller.id, ids);
    return done(request, 'server:mail.removed');
  });

  addRoute(app, mailCalls.markRead, async (request) => {
    const caller = currentUser(request);
    const query = request.query;
    const seen = query.isRead ?? true;
    await markRead(db, caller.id, query.id, seen);
    return done(request, seen ? 'server:mail.marked' : 'server:mail.markedUnread');
  });

  addRoute(app, mailCalls.sync, async (request) => {
    const caller = currentUser(request);
    const setting = await ownSetting(db, caller.id, request.query.id);
    await countConnection(db, config.mail, caller.id);
    const result = await syncNow(
      db,
      storage,
      config.mail,
      setting.id,
      (error) => translate('zh-CN', error.key, error.params),
      request.log,
    );
    return { ...done(request, 'server:mail.synced', { count: result.added }), value: result };
  });

  addRoute(app, mailCalls.send, async (request) => {
    const caller = currentUser(request);
    const body = request.body;
    if (!/^[A-Za-z0-9+/=\s]*$/.test(body.content)) throw badRequest('server:mail.contentInvalid');
    const html = Buffer.from(body.content, 'base64').toString('utf8');
    const result = await sendMessage(
      app.deps,
      caller,
      {
        ...(body.id ? { id: body.id } : {}),
        setId: body.setId,
        subject: body.subject,
        html,
        to: body.receiverAddresses ?? '',
        ...(body.copyToAddresses ? { cc: body.copyToAddresses } : {}),
        ...(body.bcCAddresses ? { bcc: body.bcCAddresses } : {}),
        fileIds: idList(body.fileIds ?? ''),
        ...(body.replyId ? { replyId: body.replyId } : {}),
        isDraft: body.isDraft ?? false,
      },
      request.log,
    );
    if (result.refused.length > 0) {
      // Sent to the others: say so, and who did not get it and why, never plain success.
      return {
        state: true,
        message: request.t('server:mail.partlySent', {
          list: result.refused
            .map((each) => request.t('server:mail.refusedRecipient', { ...each }))
            .join(request.t('server:mail.listSeparator')),
        }),
        value: result.id,
        undelivered: result.refused,
      };
    }
    return {
      ...done(request, result.sent ? 'server:mail.sent' : 'server:mail.draftSaved'),
      value: result.id,
      undelivered: [],
    };
  });
}
