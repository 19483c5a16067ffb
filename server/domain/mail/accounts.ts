import type { MailSettings } from '../../config';
import type { Db } from '../../db/database';
import type { MailSecurity, MailSettingRow } from '../../db/schema-mail';
import { enforceLimits } from '../rate-limit';
import { notFound } from '../../lib/errors';
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
    outbound: settings.outbound,
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

/** Where and as whom a password is used: the login name and both servers. */
export interface MailDestination {
  address: string;
  username: string;
  receive: { host: string; port: number; security: MailSecurity };
  smtp: { host: string; port: number; security: MailSecurity };
}

const loginOf = (destination: MailDestination) => destination.username || destination.address;
const sameServer = (a: MailDestination['smtp'], b: MailDestination['smtp']) =>
  a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port && a.security === b.security;

/**
 * A stored password goes only where it was saved for: the same login name (the address when
 * there is none) on the same servers, ports and security. Anything else must be typed again,
 * or an account's id and another host would carry the stored secret to that host.
 */
export function sameDestination(saved: MailDestination, asked: MailDestination): boolean {
  return (
    loginOf(saved) === loginOf(asked) &&
    sameServer(saved.receive, asked.receive) &&
    sameServer(saved.smtp, asked.smtp)
  );
}

export const destinationOfRow = (row: MailSettingRow): MailDestination => ({
  address: row.address,
  username: row.username,
  receive: { host: row.receive_host, port: row.receive_port, security: row.receive_security },
  smtp: { host: row.smtp_host, port: row.smtp_port, security: row.smtp_security },
});

/**
 * Counts one connection a user starts (a test, a new server saved, a sync) against their
 * hourly budget (MAIL_CONNECTS_PER_HOUR): 429 beyond it. Mail servers are the user's choice,
 * so the budget is what keeps the portal from being anyone's port scanner.
 */
export function countConnection(db: Db, settings: MailSettings, userId: string): Promise<void> {
  return enforceLimits(db, [
    { key: `mail:connect:${userId}`, max: settings.connectsPerHour, windowSeconds: 3600 },
  ]);
}

/**
 * The turn changes to one user's mail accounts take (`inTurn`), so "is this address already
 * added" and "is there a default" are answered and acted on without another request slipping
 * in between (the unique indexes stay the last line).
 */
export const settingsTurn = (userId: string): string => `mail-settings:${userId}`;
