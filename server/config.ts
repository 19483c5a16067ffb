import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite data, the generated JWT secret and uploaded files live here. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded PGlite. */
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  /** The `{product}` path segment (`/bpm/{product}Script/...`). */
  product: string;
  /** Business time zone for dates shown to users. */
  timeZone: string;
  /** Lifetime of a sign-in token. */
  tokenTtlSeconds: number;
  /** Idle minutes before a session ends, unless the user has their own (overTime). */
  defaultIdleMinutes: number;
  /** Built front end (dist/); served when present. */
  staticDir: string;
  /** Show the SMS outbox at /dev/sms-outbox (the default provider only writes there). */
  devOutbox: boolean;
  /** Largest accepted upload. */
  maxUploadBytes: number;
  /** Sign-in attempts allowed per 5 minutes, per account and per address. */
  loginAttempts: { perAccount: number; perAddress: number };
  /** Lifetime of a signed print link (docs/print.md). */
  printLinkTtlSeconds: number;
  logLevel: string;
}

function secretFrom(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  // Generated once and kept with the data, so restarts keep users signed in.
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    jwtSecret: secretFrom(env, dataDir),
    product: env.PRODUCT ?? 'atrium',
    timeZone: env.TIME_ZONE ?? 'Asia/Shanghai',
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 8 * 3600),
    defaultIdleMinutes: Number(env.IDLE_MINUTES ?? 30),
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    devOutbox: (env.SMS_PROVIDER ?? 'outbox') === 'outbox',
    maxUploadBytes: Number(env.MAX_UPLOAD_MB ?? 50) * 1024 * 1024,
    loginAttempts: {
      perAccount: Number(env.LOGIN_ATTEMPTS_PER_ACCOUNT ?? 10),
      perAddress: Number(env.LOGIN_ATTEMPTS_PER_ADDRESS ?? 30),
    },
    printLinkTtlSeconds: Number(env.PRINT_LINK_TTL_SECONDS ?? 600),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
