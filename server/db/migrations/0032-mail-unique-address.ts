import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * One mail account per address and user, kept by the database (issue 34, item 11): the save
 * checked first and inserted after, so 100 saves at once stored 27 copies of one address.
 *
 * Copies already stored are merged first: of each user's accounts with one address (in any
 * case) the default one stays, else the oldest; the others go with the mail the portal holds
 * for them (their messages and folders cascade, their contacts lose the account, their sync
 * jobs are removed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  delete from mail_settings s
  using (
    select id, row_number() over (
      partition by user_id, lower(address)
      order by is_default desc, created_at, id
    ) as rank
    from mail_settings
  ) ranked
  where ranked.id = s.id and ranked.rank > 1;

  delete from wf_jobs j
  where j.kind = 'mail-sync'
    and not exists (select 1 from mail_settings s where s.id = j.payload ->> 'settingId');

  create unique index mail_settings_address on mail_settings (user_id, lower(address));
`;
