import { sql } from 'kysely';
import type { MailSettings } from '../../config';
import type { Db } from '../../db/database';
import type { FileStorage } from '../storage';
import { UserError } from '../../lib/errors';
import { mailSyncFailures } from '../../lib/metrics';
import { publish } from '../../live/publish';
import { quietLog, syncAccount, type MailLog, type SyncResult } from './sync';
import { unreadMailCount } from './unread';

/**
 * Mail sync as jobs (docs/mail.md, "Sync jobs"). Each mail account has one row in wf_jobs
 * (kind 'mail-sync', payload.settingId), which never completes: run_at is the next automatic
 * sync. A process takes the job by setting lease_until in one UPDATE whose WHERE demands that
 * no lease runs, so of two processes (or a click and the poller) only one syncs a mailbox;
 * the other sees "sync already running". The lease ends when the sync ends, well or badly: a
 * wrong password is recorded on the account and the job simply waits for its next turn. A
 * process that dies mid-sync leaves a lease that expires after leaseMinutes.
 */
const leaseMinutes = 15;

export async function scheduleSync(db: Db, settingId: string, runAt = new Date()): Promise<void> {
  await db
    .insertInto('wf_jobs')
    .values({
      kind: 'mail-sync',
      inst_id: null,
      task_id: null,
      token_id: null,
      run_at: runAt,
      payload: JSON.stringify({ settingId }),
    })
    .onConflict((conflict) =>
      conflict
        .expression(sql`(payload ->> 'settingId')`)
        .where('kind', '=', 'mail-sync')
        .doUpdateSet({ run_at: runAt }),
    )
    .execute();
}

export async function unscheduleSync(db: Db, settingIds: string[]): Promise<void> {
  if (settingIds.length === 0) return;
  await db
    .deleteFrom('wf_jobs')
    .where('kind', '=', 'mail-sync')
    .where(sql<string>`payload ->> 'settingId'`, 'in', settingIds)
    .execute();
}

/** Takes the lease of one account's job; false when another sync holds it. */
async function takeLease(db: Db, settingId: string, now: Date): Promise<boolean> {
  await scheduleSync(db, settingId, now).catch(() => undefined);
  const taken = await db
    .updateTable('wf_jobs')
    .set({ lease_until: new Date(now.getTime() + leaseMinutes * 60_000) })
    .where('kind', '=', 'mail-sync')
    .where(sql<string>`payload ->> 'settingId'`, '=', settingId)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(taken);
}

async function releaseLease(
  db: Db,
  settingId: string,
  settings: MailSettings,
  error: string,
): Promise<void> {
  const now = new Date();
  await db
    .updateTable('wf_jobs')
    .set((eb) => ({
      lease_until: null,
      run_at: new Date(now.getTime() + settings.syncMinutes * 60_000),
      last_error: error || null,
      attempts: error ? eb('attempts', '+', 1) : 0,
    }))
    .where('kind', '=', 'mail-sync')
    .where(sql<string>`payload ->> 'settingId'`, '=', settingId)
    .execute();
  await db
    .updateTable('mail_settings')
    .set({ last_error: error, ...(error ? {} : { last_sync_at: now }) })
    .where('id', '=', settingId)
    .execute();
}

/**
 * Syncs one account now under its lease. Throws the mail server's failure as a UserError
 * (the lease is released first), or 'server:mail.syncBusy' when a sync already runs.
 */
export async function syncNow(
  db: Db,
  storage: FileStorage,
  settings: MailSettings,
  settingId: string,
  describe: (error: UserError) => string = (error) => error.key,
  log: MailLog = quietLog,
): Promise<SyncResult> {
  const setting = await db
    .selectFrom('mail_settings')
    .selectAll()
    .where('id', '=', settingId)
    .executeTakeFirst();
  if (!setting) throw new UserError(404, 'server:mail.settingNotFound');
  if (!(await takeLease(db, settingId, new Date()))) {
    throw new UserError(409, 'server:mail.syncBusy');
  }
  try {
    const result = await syncAccount(db, storage, settings, setting, log);
    await releaseLease(db, settingId, settings, '');
    // The owner's pages show the new count at once (docs/live.md).
    if (result.added + result.removed + result.flagged > 0) {
      await publish(db, setting.user_id, 'mail', {
        unread: await unreadMailCount(db, setting.user_id),
      });
    }
    return result;
  } catch (error) {
    // Our own failure (not the mail server's) is logged, and the user reads a plain one.
    if (!(error instanceof UserError)) log.error({ err: error, settingId }, 'mail: sync failed');
    const failure =
      error instanceof UserError ? error : new UserError(502, 'server:mail.syncFailed');
    mailSyncFailures.inc();
    await releaseLease(db, settingId, settings, describe(failure));
    throw failure;
  }
}

/** Syncs the accounts whose turn has come; answers how many were synced. */
export async function runDueMailSyncs(
  db: Db,
  storage: FileStorage,
  settings: MailSettings,
  options: {
    limit?: number;
    now?: Date;
    describe?: (error: UserError) => string;
    log?: MailLog;
  } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await db
    .selectFrom('wf_jobs')
    .select(sql<string>`payload ->> 'settingId'`.as('settingId'))
    .where('kind', '=', 'mail-sync')
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('run_at')
    .limit(options.limit ?? 20)
    .execute();
  let ran = 0;
  for (const job of due) {
    try {
      await syncNow(db, storage, settings, job.settingId, options.describe, options.log);
      ran++;
    } catch (error) {
      // Recorded on the account (last_error) and in the job; the next turn tries again.
      if (!(error instanceof UserError)) throw error;
    }
  }
  return ran;
}

export interface MailPoller {
  stop(): Promise<void>;
}

/** Started by server/main.ts next to the workflow poller; rounds never overlap. */
export function startMailSync(
  db: Db,
  storage: FileStorage,
  settings: MailSettings,
  log: MailLog,
  describe: (error: UserError) => string,
  intervalMs = 15_000,
): MailPoller {
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = runDueMailSyncs(db, storage, settings, { describe, log })
      .catch((error: unknown) => log.error({ err: error }, 'mail: sync round failed'))
      .finally(() => (busy = false));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
