import { resolve } from 'node:path';
import { BackupError, restoreBackup } from './backup';

/**
 * `npm run restore -- <backup folder> <new DATA_DIR>`: a backup made by `npm run backup` into
 * a fresh data folder, checked as it goes (server/db/backup.ts); start the server on it with
 * DATA_DIR set to that folder.
 */
async function main() {
  const [backup, dataDir] = process.argv.slice(2);
  if (!backup || !dataDir) {
    throw new BackupError('usage: npm run restore -- <backup folder> <new data folder>');
  }
  const manifest = await restoreBackup(resolve(backup), resolve(dataDir));
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  console.info(
    `restored ${rows.toLocaleString('en-US')} rows and ${manifest.files?.length ?? 0} files` +
      ` of ${manifest.createdAt} into ${dataDir}; start the server with DATA_DIR=${dataDir}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
});
