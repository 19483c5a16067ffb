import type { EdgeRow } from '../define-query';
import { dateTime } from '../format';

/** The staff-view columns every notice table has (migration 0035). */
export interface StaffViewColumns {
  staff_viewed_by?: string | null;
  staff_viewed_at?: Date | null;
  staff_viewers?: number;
}

/**
 * Who of the staff opened a notice, shown beside the merchant's own confirmation on the lists
 * staff read (issue 36, part 4): the latest staff viewer, when, and how many staff in all.
 */
export function staffViewFields(row: StaffViewColumns, timeZone: string): EdgeRow {
  return {
    STAFF_VIEWED_BY: row.staff_viewed_by ?? '',
    STAFF_VIEWED_AT: dateTime(row.staff_viewed_at ?? null, timeZone),
    STAFF_VIEWERS: row.staff_viewers ?? 0,
  };
}
