import type { Db } from '../db/database';
import type { PasswordPolicy } from '../../src/core/rules/password';

/** The default policy row, in the platform's shape; null when none is configured. */
export async function defaultPolicy(db: Db): Promise<PasswordPolicy | null> {
  const row = await db
    .selectFrom('password_policies')
    .select(['enabled', 'rule', 'min_length'])
    .where('is_default', '=', true)
    .executeTakeFirst();
  return row ? { enable: row.enabled, pwdRule: row.rule, pwdLength: row.min_length } : null;
}
