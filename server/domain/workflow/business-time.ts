import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/errors';

/**
 * "yyyy-MM-dd[ HH:mm[:ss]]" in the business time zone, read by PostgreSQL (which knows the
 * zone's rules for every date, summer time included).
 */
export async function businessTime(db: Db, text: string, timeZone: string): Promise<Date> {
  if (!/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(text.trim())) {
    throw badRequest('server:workflow.dateInvalid');
  }
  try {
    const result = await sql<{
      at: Date;
    }>`select (${text.trim()}::timestamp at time zone ${timeZone}) as at`.execute(db);
    return result.rows[0]!.at;
  } catch {
    throw badRequest('server:workflow.dateInvalid');
  }
}
