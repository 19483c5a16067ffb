import { toBase64 } from '../base64';
import { http, type CommonResult } from '../http';

/**
 * Mail calls (reference/mail-api.md, docs/mail.md) under {portal}/mail/mail/...: the
 * mailbox tree and lists, one message (content Base64), send, delete, sync; contacts; and
 * the user's mail accounts.
 */
const mailBase = '/mail/mail/mail/v1';
const linkmanBase = '/mail/mail/mailLinkman/v1';
const settingBase = '/mail/mail/mailSetting/v1';

/** Folder codes of the platform (types). */
export const folderCodes = { inbox: 1, sent: 2, drafts: 3, deleted: 4 } as const;
export type FolderType = keyof typeof folderCodes;

export interface MailFolder {
  id: string;
  setId: string;
  types: number;
  folder: FolderType;
  name: string;
  unread: number;
}

export interface Mailbox {
  id: string;
  name: string;
  nickName: string;
  isDefault: number;
  lastSyncTime: string;
  lastError: string;
  children: MailFolder[];
}

export interface MailSummary {
  id: string;
  setId: string;
  types: number;
  subject: string;
  senderAddress: string;
  senderName: string;
  receiverAddresses: string;
  receiverNames: string;
  copyToAddresses: string;
  bcCAddresses: string;
  mailDate: string;
  isRead: number;
  isReply: number;
  hasAttachment: number;
}

/** A recipient the SMTP server refused when the mail was sent, with its reply. */
export interface Undelivered {
  address: string;
  reason: string;
}

export interface MailMessage extends MailSummary {
  content: string;
  contentType: 'html' | 'text';
  messageId: string;
  attachments: { id: string; name: string; size: number }[];
  /** A sent mail: who did not get it (an older server sends none). */
  undelivered?: Undelivered[];
}

export interface PageList<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const mailTree = () => http.get<Mailbox[]>('portal', `${mailBase}/getMailTreeData`);

export function mailList(options: {
  setId: string;
  types: number;
  page: number;
  pageSize: number;
  keyword?: string;
}): Promise<PageList<MailSummary>> {
  const querys = [
    { property: 'setId', value: options.setId, operation: 'EQUAL' },
    { property: 'types', value: options.types, operation: 'EQUAL' },
    ...(options.keyword
      ? [{ property: 'keyword', value: options.keyword, operation: 'LIKE' }]
      : []),
  ];
  return http.post('portal', `${mailBase}/listJson`, {
    pageBean: { page: options.page, pageSize: options.pageSize, showTotal: true },
    querys,
  });
}

export const mailGet = (id: string) =>
  http.get<MailMessage>('portal', `${mailBase}/getJson`, { id });

export const markRead = (id: string, isRead = true) =>
  http.get<CommonResult>('portal', `${mailBase}/isRead`, { id, isRead }, { quiet: true });

export async function removeMail(ids: string[], types: number): Promise<string> {
  const answer = await http.get<CommonResult>('portal', `${mailBase}/remove`, {
    ids: ids.join(','),
    type: types,
  });
  return answer.message ?? '';
}

export async function syncMail(
  id: string,
  quiet = false,
): Promise<{ message: string; added: number }> {
  const answer = await http.post<CommonResult<{ added: number }>>(
    'portal',
    `${mailBase}/sync`,
    undefined,
    { params: { id }, quiet },
  );
  return { message: answer.message ?? '', added: answer.value?.added ?? 0 };
}

export interface Outgoing {
  id?: string;
  setId: string;
  subject: string;
  html: string;
  receiverAddresses: string;
  copyToAddresses?: string;
  bcCAddresses?: string;
  fileIds?: string[];
  replyId?: string;
  isDraft?: boolean;
}

/**
 * Sends (or saves a draft). The server may have taken the mail for some recipients and not
 * others: `undelivered` names those, and `message` says so instead of plain success.
 */
export async function sendMail(
  mail: Outgoing,
): Promise<{ message: string; undelivered: Undelivered[] }> {
  const { html, fileIds, ...rest } = mail;
  const answer = await http.post<CommonResult<string> & { undelivered?: Undelivered[] }>(
    'portal',
    `${mailBase}/send`,
    { ...rest, content: toBase64(html), fileIds: (fileIds ?? []).join(',') },
    { quiet: true },
  );
  return { message: answer.message ?? '', undelivered: answer.undelivered ?? [] };
}

export interface Suggestion {
  name: string;
  address: string;
  type: 'linkman' | 'user';
}

export const suggestAddresses = (query: string) =>
  http.get<Suggestion[]>('portal', `${linkmanBase}/getMailAndUserData`, { query }, { quiet: true });

export interface Contact {
  id: string;
  linkName: string;
  linkAddress: string;
  mailId: string;
  appCount: number;
  sendTime: string;
}

export function contactList(options: {
  page: number;
  pageSize: number;
  keyword?: string;
}): Promise<PageList<Contact>> {
  return http.post('portal', `${linkmanBase}/listJson`, {
    pageBean: { page: options.page, pageSize: options.pageSize, showTotal: true },
    querys: options.keyword
      ? [{ property: 'linkName', value: options.keyword, operation: 'LIKE' }]
      : [],
  });
}

export const contactGet = (id: string) =>
  http.get<Contact>('portal', `${linkmanBase}/getJson`, { id });

export async function saveContact(contact: {
  id?: string;
  linkName: string;
  linkAddress: string;
}): Promise<string> {
  const answer = await http.post<CommonResult>('portal', `${linkmanBase}/save`, contact, {
    quiet: true,
  });
  return answer.message ?? '';
}

export async function removeContacts(ids: string[]): Promise<string> {
  const answer = await http.delete<CommonResult>('portal', `${linkmanBase}/remove`, {
    params: { ids: ids.join(',') },
  });
  return answer.message ?? '';
}

export type Security = 'ssl' | 'starttls' | 'none';

export interface MailSetting {
  id: string;
  mailAddress: string;
  nickName: string;
  userName: string;
  mailType: string;
  imapHost: string;
  imapPort: number;
  imapSecurity: Security;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: Security;
  keepOnServer: boolean;
  isDefault: number;
  lastSyncTime: string;
  lastError: string;
}

export type SettingInput = Omit<
  MailSetting,
  'id' | 'isDefault' | 'lastSyncTime' | 'lastError' | 'mailType'
> & { id?: string; mailPass?: string; mailType: 'imap'; isDefault?: boolean };

export const settingList = () =>
  http.post<PageList<MailSetting>>('portal', `${settingBase}/listJson`, {
    pageBean: { page: 1, pageSize: 100 },
  });

export const settingGet = (id: string) =>
  http.get<MailSetting>('portal', `${settingBase}/getJson`, { id });

/** isOriginPwd: keep the stored password (the form's password box was left empty). */
export async function saveSetting(setting: SettingInput, isOriginPwd: boolean): Promise<string> {
  const answer = await http.post<CommonResult>('portal', `${settingBase}/save`, setting, {
    params: { isOriginPwd },
    quiet: true,
  });
  return answer.message ?? '';
}

export async function testSetting(setting: SettingInput, isOriginPwd: boolean): Promise<string> {
  const answer = await http.post<CommonResult>('portal', `${settingBase}/test`, setting, {
    params: { isOriginPwd },
    quiet: true,
  });
  return answer.message ?? '';
}

export async function setDefaultSetting(id: string): Promise<string> {
  const answer = await http.post<CommonResult>('portal', `${settingBase}/setDefault`, undefined, {
    params: { id },
  });
  return answer.message ?? '';
}

export async function removeSettings(ids: string[]): Promise<string> {
  const answer = await http.delete<CommonResult>('portal', `${settingBase}/remove`, {
    params: { ids: ids.join(',') },
  });
  return answer.message ?? '';
}
