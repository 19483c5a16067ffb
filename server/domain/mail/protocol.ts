import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { UserError } from '../../lib/errors';
import { outboundAddress, type OutboundPolicy } from '../../lib/outbound';
import type { Undelivered } from '../../../src/contract/mail';
import type { MailSecurity } from '../../db/schema-mail';

/**
 * The protocol adapters (DESIGN.md, "Mail"): nodemailer sends, imapflow reads. Everything
 * else in server/domain/mail talks to these few functions, and every failure of a mail server comes
 * out of here as a UserError with a clear message (wrong password, server unreachable,
 * timeout, refused), never as a 500. Every connection goes to an address the outbound guard
 * checked (server/lib/outbound.ts), and the only remote text a user ever reads is a mail
 * server's own refusal of a command (an IMAP NO or BAD, an SMTP 4xx or 5xx reply), never
 * what some other service on the port said.
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
  /** Where servers may be (OUTBOUND_ALLOW, OUTBOUND_DENY). */
  outbound: OutboundPolicy;
}

/** Failures that mean no mail server answered there: nothing connected, or not a mail server. */
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
  'EPROTOCOL',
  'NoConnection',
  'EConnectionClosed',
  'ClosedAfterConnectTLS',
  'ClosedAfterConnectText',
  'InvalidResponse',
  'UnexpectedTag',
  'MissingTag',
  'LineTooLarge',
]);
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
]);

interface ProtocolError {
  code?: string;
  severity?: string;
  authenticationFailed?: boolean;
  /** IMAP: the status of the server's answer to a command (NO, BAD, BYE). */
  responseStatus?: string;
  responseText?: string;
  /** SMTP: the reply code and line. */
  responseCode?: number;
  response?: unknown;
  message?: string;
}

/** Control, line and direction characters: a server's text is shown as one plain line. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const unprintable = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]+/g;
const oneLine = (text: string) => text.replace(unprintable, ' ').trim().slice(0, 200);

/**
 * What a mail server said when it refused one of our commands, or '' when the failure is not
 * such an answer (a greeting of something else, a dropped connection, our own error).
 */
function refusalOf(failure: ProtocolError): string {
  if (failure.responseStatus === 'NO' || failure.responseStatus === 'BAD') {
    return oneLine(failure.responseText ?? '');
  }
  const code = Number(failure.responseCode);
  const smtpReply = failure.code === 'EENVELOPE' || failure.code === 'EMESSAGE';
  if (smtpReply && code >= 400 && code < 600 && typeof failure.response === 'string') {
    return oneLine(failure.response);
  }
  return '';
}

/**
 * One mail server failure as the message the user reads. Anything that is not a mail
 * server's doing (a database error while storing, a bug) comes back unchanged, to be logged
 * and answered as our own failure, never worded as the mail server's.
 */
export function mailFailure(error: unknown, endpoint: MailEndpoint): Error {
  if (error instanceof UserError) return error;
  const failure = (typeof error === 'object' && error ? error : {}) as ProtocolError;
  const own = error instanceof Error ? error : new Error(String(error));
  if (failure.severity && /^[0-9A-Z]{5}$/.test(failure.code ?? '')) return own; // the database
  const server = `${endpoint.host}:${endpoint.port}`;
  if (failure.authenticationFailed || failure.code === 'EAUTH' || failure.responseCode === 535) {
    return new UserError(400, 'server:mail.authFailed', { server });
  }
  const detail = refusalOf(failure);
  if (detail) return new UserError(502, 'server:mail.refused', { server, detail });
  const code = failure.code ?? '';
  const text = String(failure.message ?? '');
  if (timeoutCodes.has(code) || /timeout|timed out/i.test(text)) {
    return new UserError(502, 'server:mail.timeout', { server });
  }
  if (code === 'ETLS' || /^ERR_(TLS|SSL)|CERT|SIGNATURE/.test(code)) {
    return new UserError(502, 'server:mail.tlsFailed', { server });
  }
  if (
    networkCodes.has(code) ||
    code.startsWith('ParserError') ||
    failure.responseStatus === 'BYE'
  ) {
    return new UserError(502, 'server:mail.unreachable', { server });
  }
  if (/certificate|tls|ssl/i.test(text))
    return new UserError(502, 'server:mail.tlsFailed', { server });
  if (/connect|socket|closed|greeting/i.test(text)) {
    return new UserError(502, 'server:mail.unreachable', { server });
  }
  return own;
}

/** The checked address to connect to, and the name TLS must verify (server/lib/outbound.ts). */
async function reach(account: MailAccount, endpoint: MailEndpoint) {
  const address = await outboundAddress(account.outbound, endpoint.host, endpoint.port);
  return { host: address, servername: isIP(endpoint.host) ? undefined : endpoint.host };
}

function imapOptions(account: MailAccount, host: string, servername?: string): ImapFlowOptions {
  const { receive } = account;
  return {
    host,
    ...(servername ? { servername } : {}),
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
  const target = await reach(account, account.receive);
  const client = new ImapFlow(imapOptions(account, target.host, target.servername));
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

async function transportOf(account: MailAccount) {
  const { smtp } = account;
  const target = await reach(account, smtp);
  return nodemailer.createTransport({
    host: target.host,
    ...(target.servername ? { servername: target.servername } : {}),
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
  const transport = await transportOf(account);
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

/**
 * A recipient the SMTP server refused while taking the mail for the others, with its reply to
 * RCPT TO (one line): the send route answers these as they are.
 */
export type RefusedRecipient = Undelivered;

interface RecipientError {
  recipient?: string;
  response?: unknown;
  responseCode?: number;
}

/**
 * Sends the bytes to the envelope's recipients. The server may take the mail for some and
 * refuse others (an unknown mailbox): those come back, with its reply, so the sender is told;
 * a mail refused for every recipient is a failure like any other.
 */
export async function sendRaw(
  account: MailAccount,
  envelope: { from: string; to: string[] },
  raw: Buffer,
): Promise<{ refused: RefusedRecipient[] }> {
  const transport = await transportOf(account);
  try {
    const info = (await transport.sendMail({ envelope, raw })) as {
      rejected?: unknown[];
      rejectedErrors?: RecipientError[];
    };
    const errors = info.rejectedErrors ?? [];
    const refused = (info.rejected ?? []).map((entry) => {
      const address = String(
        typeof entry === 'object' && entry ? (entry as { address?: string }).address : entry,
      );
      const error = errors.find((each) => each.recipient?.toLowerCase() === address.toLowerCase());
      const reply = typeof error?.response === 'string' ? oneLine(error.response) : '';
      return { address, reason: reply || String(error?.responseCode ?? '') };
    });
    return { refused };
  } catch (error) {
    throw mailFailure(error, account.smtp);
  } finally {
    transport.close();
  }
}
