import { sql } from 'kysely';
import type { Db } from '../db/database';
import { UserError } from '../lib/errors';
import { businessToday } from '../lib/time';
import { countHit, releaseHit, tooManyRequests, type Limit } from './rate-limit';

/**
 * How much one user may store by upload (docs/decisions.md, "Upload quota"): bytes per day of
 * the business time zone, and files per minute. Both are counted in the database, so they
 * hold across server processes, and both are taken before the file is stored by one atomic
 * statement each, so a hundred uploads at once cannot slip past them together. An upload that
 * is refused, or fails to be stored, gives back what it took.
 */
export interface UploadQuota {
  bytesPerDay: number;
  uploadsPerMinute: number;
}

const mib = 1024 * 1024;

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number`);
  return number;
}

/** The deployment's defaults: UPLOAD_MB_PER_DAY (200) and UPLOADS_PER_MINUTE (30). */
export function uploadQuotaFrom(env: NodeJS.ProcessEnv = process.env): UploadQuota {
  return {
    bytesPerDay: Math.round(positive(env.UPLOAD_MB_PER_DAY, 200, 'UPLOAD_MB_PER_DAY') * mib),
    uploadsPerMinute: Math.floor(positive(env.UPLOADS_PER_MINUTE, 30, 'UPLOADS_PER_MINUTE')),
  };
}

/** The system setting an administrator changes without a restart: `{mbPerDay, perMinute}`. */
export const uploadQuotaSetting = 'uploadQuota';

/** The quota in force: the administrator's system setting where it says, else the defaults. */
export async function quotaInForce(db: Db, defaults: UploadQuota): Promise<UploadQuota> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', uploadQuotaSetting)
    .executeTakeFirst();
  const setting = (row?.value ?? {}) as { mbPerDay?: unknown; perMinute?: unknown };
  const valid = (value: unknown): value is number =>
    typeof value === 'number' && Number.isFinite(value) && value > 0;
  return {
    bytesPerDay: valid(setting.mbPerDay)
      ? Math.round(setting.mbPerDay * mib)
      : defaults.bytesPerDay,
    uploadsPerMinute: valid(setting.perMinute)
      ? Math.floor(setting.perMinute)
      : defaults.uploadsPerMinute,
  };
}

const megabytes = (bytes: number) => Math.round((bytes / mib) * 10) / 10;

const minuteLimit = (userId: string, quota: UploadQuota): Limit => ({
  key: `upload:user:${userId}`,
  max: quota.uploadsPerMinute,
  windowSeconds: 60,
});

/** Bytes the user stored today, for the message and the early refusal. */
async function usedToday(db: Db, userId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('upload_usage')
    .select(sql<number>`bytes::float8`.as('bytes'))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row?.bytes ?? 0;
}

function dailyRefusal(quota: UploadQuota, used: number, size: number): UserError {
  return new UserError(429, 'server:shell.uploadQuotaDay', {
    limit: megabytes(quota.bytesPerDay),
    used: megabytes(used),
    size: megabytes(size),
  });
}

export interface QuotaContext {
  db: Db;
  quota: UploadQuota;
  userId: string;
  timeZone: string;
}

/**
 * Refuses before the body is read when nothing is left today: a user over the allowance
 * does not get to send another 50 MB first.
 */
export async function assertQuotaLeft(ctx: QuotaContext, now = new Date()): Promise<void> {
  const used = await usedToday(ctx.db, ctx.userId, businessToday(ctx.timeZone, now));
  if (used >= ctx.quota.bytesPerDay) throw dailyRefusal(ctx.quota, used, 0);
}

/**
 * Takes a file's place in the minute and its bytes from the day, or refuses (429, in the
 * user's language). Answers how to give them back.
 */
export async function takeQuota(
  ctx: QuotaContext,
  size: number,
  now = new Date(),
): Promise<() => Promise<void>> {
  const { db, quota, userId } = ctx;
  const limit = minuteLimit(userId, quota);
  if ((await countHit(db, limit, now.getTime())) > limit.max) {
    await releaseHit(db, limit, now.getTime());
    const wait = tooManyRequests(limit, now.getTime());
    throw new UserError(
      429,
      'server:shell.uploadQuotaMinute',
      { ...wait.params, max: limit.max },
      wait.headers,
    );
  }
  const day = businessToday(ctx.timeZone, now);
  const reserved = size <= quota.bytesPerDay && (await reserveBytes(db, userId, day, size, quota));
  if (!reserved) {
    await releaseHit(db, limit, now.getTime());
    throw dailyRefusal(quota, await usedToday(db, userId, day), size);
  }
  return async () => {
    await releaseHit(db, limit, now.getTime());
    await db
      .updateTable('upload_usage')
      .set({ bytes: sql`greatest(bytes - ${size}, 0)` })
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .execute();
  };
}

/**
 * Adds the bytes to the day's row only while the sum stays within the allowance; the row
 * lock of the upsert makes concurrent uploads take their turns. Earlier days go.
 */
async function reserveBytes(
  db: Db,
  userId: string,
  day: string,
  size: number,
  quota: UploadQuota,
): Promise<boolean> {
  const row = await db
    .insertInto('upload_usage')
    .values({ user_id: userId, day, bytes: size })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'day'])
        .doUpdateSet({ bytes: sql`upload_usage.bytes + excluded.bytes` })
        .where(sql<boolean>`upload_usage.bytes + excluded.bytes <= ${quota.bytesPerDay}`),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (row)
    await db
      .deleteFrom('upload_usage')
      .where('user_id', '=', userId)
      .where('day', '<', day)
      .execute();
  return Boolean(row);
}
