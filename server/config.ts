import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { BlockList } from 'node:net';
import { join, resolve } from 'node:path';
import type { LoginGuardSettings } from './domain/login-guard';
import { rangeList, type OutboundPolicy } from './lib/outbound';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data, the generated JWT secret and uploaded files live here. */
  dataDir: string;
  /** Where uploaded files live (server/domain/storage.ts); unset: DATA_DIR/files. */
  storageUrl?: string;
  /** A PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string;
  /** Connections each server process keeps to PostgreSQL (unset: server/cluster.ts decides). */
  databasePoolSize?: number;
  jwtSecret: Uint8Array;
  /** The secret was generated into DATA_DIR, not set (JWT_SECRET): one machine's own. */
  jwtSecretGenerated: boolean;
  /** The `{product}` path segment (`/bpm/{product}Script/...`). */
  product: string;
  /** Business time zone for dates shown to users. */
  timeZone: string;
  /** BUSINESS_DATE: the business day pinned (tests, a demo kept on its data's day); unset: the clock's. */
  businessDate?: string;
  /** Lifetime of a sign-in token. */
  tokenTtlSeconds: number;
  /** Idle minutes before a session ends, unless the user has their own (overTime). */
  defaultIdleMinutes: number;
  /** Built front end (dist/); served when present. */
  staticDir: string;
  /** Where text messages go: the outbox table (development) or an HTTP gateway. */
  sms: SmsSettings;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDRs). Empty: the socket's
   * address is the caller's, whatever the headers say.
   */
  trustProxy: string[];
  /** Origins besides our own that may show the portal in a frame (CSP frame-ancestors). */
  frameAncestors: string[];
  /** Largest accepted upload. */
  maxUploadBytes: number;
  /** Failed sign-ins allowed per 5 minutes (server/domain/login-guard.ts). */
  loginAttempts: LoginGuardSettings;
  /** Lifetime of a signed print link (docs/print.md). */
  printLinkTtlSeconds: number;
  logLevel: string;
  /** Where connections a user directs may go (OUTBOUND_ALLOW, OUTBOUND_DENY). */
  outbound: OutboundPolicy;
  /** Mail (docs/mail.md). */
  mail: MailSettings;
  /** Who may read /metrics: these addresses (METRICS_ALLOW), or the bearer METRICS_TOKEN. */
  metrics: { ranges: BlockList; token: string };
  /**
   * How long a stopping process lets its requests in flight finish (SHUTDOWN_SECONDS) before
   * it closes their connections (server/main.ts, server/cluster.ts).
   */
  shutdownMs: number;
  /** Live streams one user may hold, and one process (docs/live.md). */
  liveStreams: { perUser: number; perProcess: number };
}

export interface MailSettings {
  /** 32-byte key that encrypts mail account passwords at rest. */
  secretKey: Buffer;
  /** Minutes between automatic syncs of one mail account. */
  syncMinutes: number;
  /** Mails one user may send per hour. */
  sendPerHour: number;
  /** Milliseconds to wait for a mail server to answer. */
  timeoutMs: number;
  /** Connection tests, saves and syncs one user may start per hour (each reaches a server). */
  connectsPerHour: number;
  /** Where mail servers may be: the server's outbound policy (server/lib/outbound.ts). */
  outbound: OutboundPolicy;
}

/**
 * MAIL_SECRET (any text; its SHA-256 is the key) encrypts mail passwords. Without it the key
 * is derived from the JWT secret (HKDF), which is stable for one data folder: fine for a
 * demo, but a deployment sets MAIL_SECRET so the two secrets can be changed apart.
 */
function mailKeyFrom(env: NodeJS.ProcessEnv, jwtSecret: Uint8Array): Buffer {
  if (env.MAIL_SECRET) return createHash('sha256').update(env.MAIL_SECRET, 'utf8').digest();
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'atrium', 'mail passwords', 32));
}

export type SmsSettings =
  | { provider: 'outbox' }
  | { provider: 'http'; url: string; key: string; template: string; timeoutMs: number };

/** A comma- or space-separated setting as a list. */
const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

function smsFrom(env: NodeJS.ProcessEnv): SmsSettings {
  const provider = env.SMS_PROVIDER ?? 'outbox';
  if (provider === 'outbox') return { provider };
  if (provider !== 'http')
    throw new Error(`SMS_PROVIDER must be "outbox" or "http", not "${provider}"`);
  if (!env.SMS_GATEWAY_URL) throw new Error('SMS_PROVIDER=http needs SMS_GATEWAY_URL');
  return {
    provider,
    url: env.SMS_GATEWAY_URL,
    key: env.SMS_GATEWAY_KEY ?? '',
    template: env.SMS_TEMPLATE ?? '',
    timeoutMs: Number(env.SMS_GATEWAY_TIMEOUT_MS ?? 10_000),
  };
}

/** The session key generated into DATA_DIR when JWT_SECRET is not set (a backup keeps it). */
export const generatedSecretFile = 'jwt-secret';

function secretFrom(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  // Generated once and kept with the data, so restarts keep users signed in.
  const file = join(dataDir, generatedSecretFile);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function poolSizeFrom(value: string): number {
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 1000) {
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "${value}"`);
  }
  return size;
}

function shutdownSecondsFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 20;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`SHUTDOWN_SECONDS must be a whole number from 1 to 3600, not "${value}"`);
  }
  return seconds;
}

/** The business time zone (TIME_ZONE): dates of statements, subjects and reminders. */
export const timeZoneFrom = (env: NodeJS.ProcessEnv): string => env.TIME_ZONE ?? 'Asia/Shanghai';

function businessDateFrom(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
    throw new Error(`BUSINESS_DATE must be a date written YYYY-MM-DD, not "${value}"`);
  }
  return value;
}

/** DATA_DIR, absolute: what loadConfig uses, for commands that must not generate a key there. */
export const dataDirFrom = (env: NodeJS.ProcessEnv): string => resolve(env.DATA_DIR ?? './data');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = dataDirFrom(env);
  const jwtSecret = secretFrom(env, dataDir);
  const outbound: OutboundPolicy = {
    allow: rangeList(listOf(env.OUTBOUND_ALLOW), 'OUTBOUND_ALLOW'),
    deny: rangeList(listOf(env.OUTBOUND_DENY), 'OUTBOUND_DENY'),
  };
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.STORAGE_URL ? { storageUrl: env.STORAGE_URL } : {}),
    ...(env.DATABASE_POOL_SIZE ? { databasePoolSize: poolSizeFrom(env.DATABASE_POOL_SIZE) } : {}),
    jwtSecret,
    jwtSecretGenerated: !env.JWT_SECRET,
    product: env.PRODUCT ?? 'atrium',
    timeZone: timeZoneFrom(env),
    ...(env.BUSINESS_DATE ? { businessDate: businessDateFrom(env.BUSINESS_DATE) } : {}),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 8 * 3600),
    defaultIdleMinutes: Number(env.IDLE_MINUTES ?? 30),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    sms: smsFrom(env),
    trustProxy: listOf(env.TRUST_PROXY),
    frameAncestors: listOf(env.FRAME_ANCESTORS),
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 50) * 1024 * 1024,
    loginAttempts: {
      perAccount: Number(env.LOGIN_ATTEMPTS_PER_ACCOUNT ?? 10),
      perAddress: Number(env.LOGIN_ATTEMPTS_PER_ADDRESS ?? 30),
      perAccountAddress: Number(env.LOGIN_ATTEMPTS_PER_ACCOUNT_ADDRESS ?? 5),
    },
    printLinkTtlSeconds: Number(env.PRINT_LINK_TTL_SECONDS ?? 600),
    logLevel: env.LOG_LEVEL ?? 'info',
    outbound,
    metrics: {
      ranges: rangeList(
        env.METRICS_ALLOW === undefined ? ['127.0.0.1', '::1'] : listOf(env.METRICS_ALLOW),
        'METRICS_ALLOW',
      ),
      token: env.METRICS_TOKEN ?? '',
    },
    shutdownMs: shutdownSecondsFrom(env.SHUTDOWN_SECONDS) * 1000,
    liveStreams: {
      perUser: Number(env.LIVE_STREAMS_PER_USER ?? 8),
      perProcess: Number(env.LIVE_STREAMS_PER_PROCESS ?? 5000),
    },
    mail: {
      secretKey: mailKeyFrom(env, jwtSecret),
      syncMinutes: Number(env.MAIL_SYNC_MINUTES ?? 5),
      sendPerHour: Number(env.MAIL_SEND_PER_HOUR ?? 60),
      timeoutMs: Number(env.MAIL_TIMEOUT_MS ?? 20_000),
      connectsPerHour: Number(env.MAIL_CONNECTS_PER_HOUR ?? 120),
      outbound,
    },
  };
}
