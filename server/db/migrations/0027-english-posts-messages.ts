import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { runScript } from '../sql-script';

/**
 * The last Chinese an English reader met (issue 13 item 10):
 * - post names in the directory (总经理, 出纳, …), which get an English name as the org names
 *   did in 0024; empty means "no English" and the Chinese is shown;
 * - the workflow messages the server composes (urging, due time, incidents), which were
 *   written once, in Chinese, before anyone read them: each now keeps its English beside it.
 *   Messages written before this migration have none and stay Chinese.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
  await fillSeededPostNames(db);
}

/** Gives the seeded posts their English where they have none (an administrator's stays). */
export async function fillSeededPostNames(db: Kysely<unknown>): Promise<void> {
  for (const [code, name] of Object.entries(seededPostNames)) {
    await sql`update posts set name_en = ${name} where code = ${code} and name_en = ''`.execute(db);
  }
}

const script = `
  alter table posts add column name_en text not null default '';
  alter table wf_messages add column text_en text not null default '';
`;

// Written out, not imported from the seed: a migration must not change when the seed does.
// Exported for the test that the seed gives the same English.
export const seededPostNames: Record<string, string> = {
  'JT-ZJL': 'General manager',
  'ZJB-MS': 'Secretary to the general manager',
  'XX-FZR': 'Head of IT',
  'XX-JL': 'IT manager',
  'XX-RJGCS': 'Software engineer',
  'XX-XTGLY': 'System administrator',
  'YY-ZJ': 'Operations director',
  'YY-ZG': 'Operations supervisor',
  'FW-JL': 'Legal manager',
  'CW-JL': 'Finance manager',
  'CW-CN': 'Cashier',
  'RL-JL': 'Human resources manager',
  'RL-RSJL': 'Personnel manager',
  'XXZX-ZG': 'IT centre supervisor',
  'MD-YYZG': 'Store operations supervisor',
  'MD-SHDJ': 'Merchant liaison',
  'ZS-HTZY': 'Contract specialist',
  'CW-WLKJ': 'Accounts receivable accountant',
  'MD-YYZL': 'Operations assistant',
};
