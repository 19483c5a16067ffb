import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { UserError } from '../lib/errors';
import type { MailSecurity } from '../db/schema-mail';

/**
 * The protocol adapters (DESIGN.md, "Mail"): nodemailer sends, imapflow reads. Everything
 * else in server/mail talks to these few functions, and every failure of a mail server comes
 * out of here as a UserError with a clear message (wrong password, server unreachable,
 * timeout, refused), never as a 500.
 */
export interface MailEndpoint {
  host: string;
  port: number;
  security: MailSecurity;
}

export interface MailAccount {
  address: string;
  /** Login name; the address when empty. */
  username: string;
  password: string;
  nickname: string;
  receive: MailEndpoint;
  smtp: MailEndpoint;
  timeoutMs: number;
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
  'NoConnection',
  'ClosedAfterConnectTLS',
  'ClosedAfterConnectText',
]);

interface ProtocolError {
  code?: string;
  authenticationFailed?: boolean;
  responseCode?: number;
  responseText?: string;
  response?: string;
  message?: string;
}

/** One mail server failure as the message the user reads. */
export function mailFailure(error: unknown, endpoint: MailEndpoint): UserError {
  if (error instanceof UserError) return error;
  const failure = (typeof error === 'object' && error ? error : {}) as ProtocolError;
  const server = `${endpoint.host}:${endpoint.port}`;
  if (failure.authenticationFailed || failure.code === 'EAUTH' || failure.responseCode === 535) {
    return new UserError(400, 'server:mail.authFailed', { server });
  }
  const text = String(failure.message ?? '');
  if (failure.code === 'ETIMEDOUT' || /timeout|timed out/i.test(text)) {
    return new UserError(502, 'server:mail.timeout', { server });
  }
  if ((failure.code && networkCodes.has(failure.code)) || /connect|socket|closed/i.test(text)) {
    return new UserError(502, 'server:mail.unreachable', { server });
  }
  if (failure.code === 'ETLS' || /certificate|tls|ssl/i.test(text)) {
    return new UserError(502, 'server:mail.tlsFailed', { server });
  }
  const detail = (failure.responseText ?? failure.response ?? text).slice(0, 200);
  return new UserError(502, 'server:mail.refused', { server, detail });
}

function imapOptions(account: MailAccount): ImapFlowOptions {
  const { receive } = account;
  return {
    host: receive.host,
    port: receive.port,
    secure: receive.security === 'ssl',
    ...(receive.security === 'starttls' ? { doSTARTTLS: true } : {}),
    ...(receive.security === 'none' ? { doSTARTTLS: false } : {}),
    auth: { user: account.username || account.address, pass: account.password },
    logger: false,
    connectionTimeout: account.timeoutMs,
    greetingTimeout: account.timeoutMs,
    socketTimeout: Math.max(account.timeoutMs, 60_000),
    disableAutoIdle: true,
  };
}

/** A connected, signed-in IMAP client; the caller logs out. */
export async function openImap(account: MailAccount): Promise<ImapFlow> {
  const client = new ImapFlow(imapOptions(account));
  // A dropped connection emits 'error'; the pending command rejects with it as well.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (error) {
    client.close();
    throw mailFailure(error, account.receive);
  }
}

/** Runs work on a signed-in IMAP client and always leaves the server. */
export async function withImap<T>(
  account: MailAccount,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = await openImap(account);
  try {
    return await work(client);
  } catch (error) {
    throw mailFailure(error, account.receive);
  } finally {
    await client.logout().catch(() => client.close());
  }
}

function transportOf(account: MailAccount) {
  const { smtp } = account;
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.security === 'ssl',
    requireTLS: smtp.security === 'starttls',
    ignoreTLS: smtp.security === 'none',
    auth: { user: account.username || account.address, pass: account.password },
    connectionTimeout: account.timeoutMs,
    greetingTimeout: account.timeoutMs,
    socketTimeout: Math.max(account.timeoutMs, 60_000),
  });
}

/** Checks that both servers accept the account: IMAP sign-in, then SMTP sign-in. */
export async function testAccount(account: MailAccount): Promise<void> {
  await withImap(account, async () => undefined);
  const transport = transportOf(account);
  try {
    await transport.verify();
  } catch (error) {
    throw mailFailure(error, account.smtp);
  } finally {
    transport.close();
  }
}

/** The message as RFC 5322 bytes: the same bytes go to SMTP and to the Sent folder. */
export async function composeMessage(options: Mail.Options): Promise<Buffer> {
  return new MailComposer(options).compile().build();
}

export async function sendRaw(
  account: MailAccount,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<void> {
  const transport = transportOf(account);
  try {
    await transport.sendMail({ envelope, raw });
  } catch (error) {
    throw mailFailure(error, account.smtp);
  } finally {
    transport.close();
  }
}
