import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * English texts for what the product writes itself (issue 13 item 10): the top bar's general
 * greetings (the slogan), festival names (the greeting overlay's title) and the form
 * reminders the server composes. Empty means "no English": the Chinese text is shown, as it
 * is for texts a user typed (a user's own greeting).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  alter table greetings add column text_en text not null default '';
  alter table festivals add column name_en text not null default '';
  alter table form_reminders add column subject_en text not null default '';
  alter table form_reminders add column content_en text not null default '';
`;
