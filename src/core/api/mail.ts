import type { BodyOf } from '../../contract/call';
import type { MailSetting, mailCalls } from '../../contract/mail';
import { toBase64 } from '../base64';
import { send } from '../http';

/**
 * Mail calls (reference/mail-api.md, docs/mail.md) under {portal}/mail/mail/...: the
 * mailbox tree and lists, one message (content Base64), send, delete, sync; contacts; and
 * the user's mail accounts. Their shapes are the contract's (src/contract/mail.ts).
 */
export type {
  Contact,
  FolderType,
  MailFolder,
  Mailbox,
  MailMessage,
  MailSetting,
  MailSummary,
  Security,
  Suggestion,
  Undelivered,
} from '../../contract/mail';

/** Folder codes of the platform (types). */
export const folderCodes = { inbox: 1, sent: 2, drafts: 3, deleted: 4 } as const;

/** The list calls' page: one page, its total counted. */
const pageBean = (page: number, pageSize: number) => ({ page, pageSize, showTotal: true });

export const mailTree = () =>
  send<typeof mailCalls.tree>(
    'portal',
    { method: 'GET', path: '/mail/mail/mail/v1/getMailTreeData' },
    {},
  );

export function mailList(options: {
  setId: string;
  types: number;
  page: number;
  pageSize: number;
  keyword?: string;
}) {
  const querys = [
    { property: 'setId', value: options.setId, operation: 'EQUAL' },
    { property: 'types', value: options.types, operation: 'EQUAL' },
    ...(options.keyword
      ? [{ property: 'keyword', value: options.keyword, operation: 'LIKE' }]
      : []),
  ];
  return send<typeof mailCalls.list>(
    'portal',
    { method: 'POST', path: '/mail/mail/mail/v1/listJson' },
    { body: { pageBean: pageBean(options.page, options.pageSize), querys } },
  );
}

export const mailGet = (id: string) =>
  send<typeof mailCalls.get>(
    'portal',
    { method: 'GET', path: '/mail/mail/mail/v1/getJson' },
    { query: { id } },
  );

export const markRead = (id: string, isRead = true) =>
  send<typeof mailCalls.markRead>(
    'portal',
    { method: 'GET', path: '/mail/mail/mail/v1/isRead' },
    { query: { id, isRead } },
    { quiet: true },
  );

export async function removeMail(ids: string[], types: number): Promise<string> {
  const answer = await send<typeof mailCalls.remove>(
    'portal',
    { method: 'GET', path: '/mail/mail/mail/v1/remove' },
    // The folder's code, as text: the query string carries it so either way.
    { query: { ids: ids.join(','), type: String(types) } },
  );
  return answer.message;
}

export async function syncMail(
  id: string,
  quiet = false,
): Promise<{ message: string; added: number }> {
  const answer = await send<typeof mailCalls.sync>(
    'portal',
    { method: 'POST', path: '/mail/mail/mail/v1/sync' },
    { query: { id } },
    { quiet },
  );
  return { message: answer.message, added: answer.value.added };
}

/**
 * A mail as the composer has it: the send call's body, but its HTML as it is (the body's
 * `content` is its Base64) and its attachments' file ids as a list (the body joins them).
 */
export type Outgoing = Omit<BodyOf<typeof mailCalls.send>, 'content' | 'fileIds'> & {
  html: string;
  fileIds?: string[];
};

/**
 * Sends (or saves a draft). The server may have taken the mail for some recipients and not
 * others: `undelivered` names those, and `message` says so instead of plain success.
 */
export async function sendMail(mail: Outgoing) {
  const { html, fileIds, ...rest } = mail;
  const answer = await send<typeof mailCalls.send>(
    'portal',
    { method: 'POST', path: '/mail/mail/mail/v1/send' },
    { body: { ...rest, content: toBase64(html), fileIds: (fileIds ?? []).join(',') } },
    { quiet: true },
  );
  return { message: answer.message, undelivered: answer.undelivered };
}

export const suggestAddresses = (query: string) =>
  send<typeof mailCalls.suggest>(
    'portal',
    { method: 'GET', path: '/mail/mail/mailLinkman/v1/getMailAndUserData' },
    { query: { query } },
    { quiet: true },
  );

export function contactList(options: { page: number; pageSize: number; keyword?: string }) {
  return send<typeof mailCalls.contacts>(
    'portal',
    { method: 'POST', path: '/mail/mail/mailLinkman/v1/listJson' },
    {
      body: {
        pageBean: pageBean(options.page, options.pageSize),
        querys: options.keyword
          ? [{ property: 'linkName', value: options.keyword, operation: 'LIKE' }]
          : [],
      },
    },
  );
}

export const contactGet = (id: string) =>
  send<typeof mailCalls.contact>(
    'portal',
    { method: 'GET', path: '/mail/mail/mailLinkman/v1/getJson' },
    { query: { id } },
  );

export async function saveContact(contact: {
  id?: string;
  linkName: string;
  linkAddress: string;
}): Promise<string> {
  const answer = await send<typeof mailCalls.saveContact>(
    'portal',
    { method: 'POST', path: '/mail/mail/mailLinkman/v1/save' },
    { body: contact },
    { quiet: true },
  );
  return answer.message;
}

export async function removeContacts(ids: string[]): Promise<string> {
  const answer = await send<typeof mailCalls.removeContacts>(
    'portal',
    { method: 'DELETE', path: '/mail/mail/mailLinkman/v1/remove' },
    { query: { ids: ids.join(',') } },
  );
  return answer.message;
}

/** An account as the settings form edits it (the body's type checks what is sent). */
export type SettingInput = Omit<
  MailSetting,
  'id' | 'isDefault' | 'lastSyncTime' | 'lastError' | 'mailType' | 'createTime'
> & { id?: string; mailPass?: string; mailType: 'imap'; isDefault?: boolean };

export const settingList = () =>
  send<typeof mailCalls.settings>(
    'portal',
    { method: 'POST', path: '/mail/mail/mailSetting/v1/listJson' },
    { body: { pageBean: { page: 1, pageSize: 100 } } },
  );

export const settingGet = (id: string) =>
  send<typeof mailCalls.setting>(
    'portal',
    { method: 'GET', path: '/mail/mail/mailSetting/v1/getJson' },
    { query: { id } },
  );

/** isOriginPwd: keep the stored password (the form's password box was left empty). */
export async function saveSetting(setting: SettingInput, isOriginPwd: boolean): Promise<string> {
  const answer = await send<typeof mailCalls.saveSetting>(
    'portal',
    { method: 'POST', path: '/mail/mail/mailSetting/v1/save' },
    { query: { isOriginPwd }, body: setting },
    { quiet: true },
  );
  return answer.message;
}

export async function testSetting(setting: SettingInput, isOriginPwd: boolean): Promise<string> {
  const answer = await send<typeof mailCalls.testSetting>(
    'portal',
    { method: 'POST', path: '/mail/mail/mailSetting/v1/test' },
    { query: { isOriginPwd }, body: setting },
    { quiet: true },
  );
  return answer.message;
}

export async function setDefaultSetting(id: string): Promise<string> {
  const answer = await send<typeof mailCalls.setDefault>(
    'portal',
    { method: 'POST', path: '/mail/mail/mailSetting/v1/setDefault' },
    { query: { id } },
  );
  return answer.message;
}

export async function removeSettings(ids: string[]): Promise<string> {
  const answer = await send<typeof mailCalls.removeSettings>(
    'portal',
    { method: 'DELETE', path: '/mail/mail/mailSetting/v1/remove' },
    { query: { ids: ids.join(',') } },
  );
  return answer.message;
}
