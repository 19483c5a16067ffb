import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  mailCalls,
  type MailMessage,
  type MailSummary,
  type Undelivered,
} from '../../../../src/contract/mail';
import type { MailFolderType } from '../../../db/schema-mail';
import { badRequest } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/time';
import { translate } from '../../../i18n';
import { syncNow } from '../../../domain/mail/jobs';
import {
  messageAttachments,
  messagePage,
  type MessageSummaryRow,
} from '../../../domain/mail/message-list';
import {
  folderCodes,
  folderOf,
  markRead,
  ownMessage,
  removeMessages,
  sendMessage,
} from '../../../domain/mail/messages';
import { countConnection, ownSetting } from '../../../domain/mail/accounts';
import { settingsForTree } from '../../../domain/mail/setting-list';
import { unreadByFolder } from '../../../domain/mail/unread';
import { folderTypes } from '../../../domain/mail/sync';
import { currentUser } from '../../../plugins/auth';
import { addRoute } from '../../contract';
import { idList, pageOf, queryValue } from './common';
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

  const summary = (row: MessageSummaryRow): MailSummary => ({
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
    const settings = await settingsForTree(db, caller.id);
    const unread = await unreadByFolder(db, caller.id);
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
    const paging = pageOf(filter);
    const types = queryValue(filter, 'types');
    const folder = folderOf(types || 'inbox');
    if (!folder) throw badRequest('server:invalidRequest');
    const isRead = queryValue(filter, 'isRead');
    const { rows, total } = await messagePage(
      db,
      caller.id,
      {
        folder,
        setId: queryValue(filter, 'setId'),
        subject: queryValue(filter, 'subject'),
        sender: queryValue(filter, 'senderAddress'),
        seen: isRead === '0' || isRead === '1' ? isRead === '1' : null,
        keyword: queryValue(filter, 'keyword'),
      },
      paging,
    );
    return { rows: rows.map(summary), total, page: paging.page, pageSize: paging.pageSize };
  });

  addRoute(app, mailCalls.get, async (request) => {
    const caller = currentUser(request);
    const row = await ownMessage(db, caller.id, request.query.id);
    const files = await messageAttachments(db, row.id);
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
