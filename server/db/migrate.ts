import { Migrator } from 'kysely';
import type { Db } from './database';
import { migrationProvider } from './migrations';

export async function migrateToLatest(db: Db): Promise<void> {
  // Features land in parallel, each with its own migration number: a database that already
  // ran a later number still takes an earlier one that arrives afterwards.
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
