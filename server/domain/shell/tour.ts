import type { TourState } from '../../../src/contract/shell';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';

/** The system setting that holds the version of the guided tour. */
export const tourVersionKey = 'guideTourVersion';

export async function currentTourVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('system_settings')
    .select('value')
    .where('key', '=', tourVersionKey)
    .executeTakeFirst();
  const version = Number(row?.value);
  return Number.isInteger(version) && version > 0 ? version : 1;
}

/**
 * Our rule (the spec leaves it open): the tour is due on first login, when the caller has no
 * record, or when the tour version is newer than the one they completed or exited. Exiting
 * counts like completing: the tour is not forced on anyone twice for the same version.
 */
export async function tourState(db: Db, caller: AuthUser): Promise<TourState> {
  const [version, run] = await Promise.all([
    currentTourVersion(db),
    db
      .selectFrom('guide_tour_runs')
      .select(['version', 'outcome'])
      .where('user_id', '=', caller.id)
      .executeTakeFirst(),
  ]);
  const seenVersion = run?.version ?? 0;
  return { due: seenVersion < version, version, seenVersion, outcome: run?.outcome ?? '' };
}

/** Records that the caller completed or exited the current tour version. */
export async function recordTour(
  db: Db,
  caller: AuthUser,
  outcome: 'complete' | 'exit',
): Promise<TourState> {
  const version = await currentTourVersion(db);
  await db
    .insertInto('guide_tour_runs')
    .values({ user_id: caller.id, version, outcome })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({ version, outcome, recorded_at: new Date() }),
    )
    .execute();
  return { due: false, version, seenVersion: version, outcome };
}
