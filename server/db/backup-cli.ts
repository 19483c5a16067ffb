import { dataDirFrom } from '../config';
import { BackupError, takeBackup } from './backup';

/**
 * `npm run backup -- <folder>`: the embedded database and the files of DATA_DIR into a new
 * folder, while the server runs or not (server/db/backup.ts, docs/operations.md).
 */
async function main() {
  const [target] = process.argv.slice(2);
  if (!target) throw new BackupError('usage: npm run backup -- <new folder>');
  const started = performance.now();
  const manifest = await takeBackup(
    {
      dataDir: dataDirFrom(process.env),
      storageUrl: process.env.STORAGE_URL,
      databaseUrl: process.env.DATABASE_URL,
    },
    target,
  );
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  const files = manifest.files;
  const bytes = (files ?? []).reduce((sum, file) => sum + file.bytes, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `backed up ${rows.toLocaleString('en-US')} rows in ${Object.keys(manifest.rows).length} tables` +
      ` (migration ${manifest.database.migration})` +
      (files ? ` and ${files.length} files (${(bytes / 1_048_576).toFixed(1)} MB)` : '') +
      ` to ${target} in ${seconds} s`,
  );
  if (!files)
    console.warn('the files live in the bucket of STORAGE_URL: back it up with its own tools');
  if (manifest.missingFiles.length > 0) {
    console.warn(
      `${manifest.missingFiles.length} files named by the database were deleted while the backup ran: ${manifest.missingFiles.join(', ')}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
});
