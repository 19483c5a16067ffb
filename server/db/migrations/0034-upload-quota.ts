import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Bytes each user stored by upload on each day of the business time zone (docs/decisions.md,
 * "Upload quota"): the daily allowance is reserved here, one conditional upsert per file,
 * so it holds across server processes and concurrent uploads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table upload_usage (
    user_id text not null,
    day date not null,
    bytes bigint not null check (bytes >= 0),
    primary key (user_id, day)
  );
`;
