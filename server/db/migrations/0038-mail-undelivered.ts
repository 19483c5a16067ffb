import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/** What a sent mail did not deliver: the recipients the SMTP server refused, with its reason. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  alter table mail_messages add column undelivered jsonb not null default '[]'::jsonb;
`;
