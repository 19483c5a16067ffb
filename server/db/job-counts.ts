import { sql } from 'kysely';
import type { Db } from './database';

/**
 * The job queues by kind (workflow timers, reminders, mail syncs) and state, for the metrics:
 * `kind:pending` (not done yet) and `kind:failed` (parked, an incident).
 */
export async function jobCounts(db: Db): Promise<Record<string, number>> {
  const rows = await sql<{ kind: string; pending: number | string; failed: number | string }>`
    select kind,
      count(*) filter (where failed_at is null) as pending,
      count(*) filter (where failed_at is not null) as failed
    from wf_jobs where done_at is null group by kind`.execute(db);
  const counts: Record<string, number> = {};
  for (const row of rows.rows) {
    counts[`${row.kind}:pending`] = Number(row.pending);
    counts[`${row.kind}:failed`] = Number(row.failed);
  }
  return counts;
}
