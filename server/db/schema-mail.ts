import type { Generated, Selectable } from 'kysely';
import type { Undelivered } from '../../src/contract/mail';
import type { DefaultTimestamp, NullableTimestamp, Timestamp } from './schema';

/** Mail tables (migration 0009, docs/mail.md). */
export type MailFolderType = 'inbox' | 'sent' | 'drafts' | 'deleted';
export type MailSecurity = 'ssl' | 'starttls' | 'none';

export interface MailSettingsTable {
  id: string;
  user_id: string;
  address: string;
  username: Generated<string>;
  nickname: Generated<string>;
  /** AES-256-GCM of the password (server/domain/mail/secret.ts); never leaves the server. */
  password_enc: string;
  mail_type: Generated<'imap' | 'pop3'>;
  receive_host: string;
  receive_port: number;
  receive_security: Generated<MailSecurity>;
  smtp_host: string;
  smtp_port: number;
  smtp_security: Generated<MailSecurity>;
  keep_on_server: Generated<boolean>;
  is_default: Generated<boolean>;
  last_sync_at: NullableTimestamp;
  last_error: Generated<string>;
  created_at: DefaultTimestamp;
}

export interface MailFoldersTable {
  setting_id: string;
  type: MailFolderType;
  path: string;
  uid_validity: Generated<number>;
  last_uid: Generated<number>;
}

export interface MailMessagesTable {
  id: string;
  setting_id: string;
  user_id: string;
  folder: MailFolderType;
  uid: number | null;
  message_id: Generated<string>;
  in_reply_to: Generated<string>;
  subject: Generated<string>;
  from_address: Generated<string>;
  from_name: Generated<string>;
  to_addresses: Generated<string>;
  to_names: Generated<string>;
  cc_addresses: Generated<string>;
  cc_names: Generated<string>;
  bcc_addresses: Generated<string>;
  bcc_names: Generated<string>;
  sent_at: Timestamp;
  text_body: Generated<string>;
  html_body: Generated<string>;
  seen: Generated<boolean>;
  server_seen: Generated<boolean>;
  pending: 'trash' | 'expunge' | null;
  has_attachments: Generated<boolean>;
  size: Generated<number>;
  is_reply: Generated<boolean>;
  /** Recipients the SMTP server refused when this mail was sent, and why (migration 0038). */
  undelivered: Generated<UndeliveredRecipient[] | string>;
  created_at: DefaultTimestamp;
}

/** Stored as the send and read routes answer it: the SMTP server's reply, one line. */
export type UndeliveredRecipient = Undelivered;

export interface MailAttachmentsTable {
  message_id: string;
  file_id: string;
  name: string;
  size: number;
}

export interface MailContactsTable {
  id: string;
  user_id: string;
  setting_id: string | null;
  name: Generated<string>;
  address: string;
  send_count: Generated<number>;
  last_sent_at: NullableTimestamp;
  created_at: DefaultTimestamp;
}

export interface MailTables {
  mail_settings: MailSettingsTable;
  mail_folders: MailFoldersTable;
  mail_messages: MailMessagesTable;
  mail_attachments: MailAttachmentsTable;
  mail_contacts: MailContactsTable;
}

export type MailSettingRow = Selectable<MailSettingsTable>;
export type MailMessageRow = Selectable<MailMessagesTable>;
