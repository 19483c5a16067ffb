import type { MailSettings } from '../config';
import type { Db } from '../db/database';
import type { MailSettingRow } from '../db/schema-mail';
import { notFound } from '../lib/errors';
import type { MailAccount } from './protocol';
import { openSecret } from './secret';

/** A mail account setting as the protocol adapters want it, its password opened. */
export function accountOf(settings: MailSettings, row: MailSettingRow): MailAccount {
  return {
    address: row.address,
    username: row.username,
    password: openSecret(settings.secretKey, row.password_enc),
    nickname: row.nickname,
    receive: { host: row.receive_host, port: row.receive_port, security: row.receive_security },
    smtp: { host: row.smtp_host, port: row.smtp_port, security: row.smtp_security },
    timeoutMs: settings.timeoutMs,
  };
}

/** One of the caller's own mail accounts; someone else's answers like one that does not exist. */
export async function ownSetting(db: Db, userId: string, id: string): Promise<MailSettingRow> {
  const row = await db
    .selectFrom('mail_settings')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('server:mail.settingNotFound');
  return row;
}
