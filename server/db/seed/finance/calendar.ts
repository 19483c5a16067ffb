/**
 * Months as 'YYYY-MM-01' text. The demo data follows today's date in the business time zone
 * (businessToday, server/lib/time.ts), so the pages' default windows (relative to the current
 * month) always show rows.
 */

export function firstOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(month: string, count: number): string {
  const year = Number(month.slice(0, 4));
  const index = year * 12 + Number(month.slice(5, 7)) - 1 + count;
  const y = Math.floor(index / 12);
  return `${String(y).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
