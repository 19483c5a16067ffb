/** Formats instants in the business time zone the way the platform does ("yyyy-MM-dd HH:mm:ss"). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    // The Swedish locale writes ISO-like "2026-11-22 09:05:00".
    found = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/**
 * Offsets from UTC per time zone and quarter hour: every zone's offset, and every change of
 * it, falls on a quarter hour of UTC, so one Intl call per quarter hour serves every instant
 * in it (lists format thousands of instants; Intl costs microseconds each, issue 18).
 */
const quarterHour = 15 * 60_000;
const offsets = new Map<string, Map<number, number>>();

function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(ms / quarterHour);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const start = quarter * quarterHour;
    const [date, time] = formatter(timeZone).format(new Date(start)).split(' ');
    offset = Date.parse(`${date}T${time}Z`) - start;
    if (zone.size >= 4096) zone.clear();
    zone.set(quarter, offset);
  }
  return offset;
}

export function formatDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  const ms = date.getTime();
  const shifted = ms + (Number.isNaN(ms) ? 0 : offsetAt(ms, timeZone));
  // Years 0-9999 read as ISO text; others (and invalid dates: Intl throws) take the slow way.
  if (!(shifted >= -62_167_219_200_000 && shifted < 253_402_300_800_000)) {
    return formatter(timeZone).format(date);
  }
  const iso = new Date(shifted).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

export function formatDate(value: Date | string | null | undefined, timeZone: string): string {
  return formatDateTime(value, timeZone).slice(0, 10);
}

/** Today in the business time zone, as 'YYYY-MM-DD', by the clock. */
export function businessToday(timeZone: string, now = new Date()): string {
  return formatDate(now, timeZone);
}

/** The business time zone and the day it is there: what a page's dates are relative to. */
export interface BusinessCalendar {
  timeZone: string;
  today: string;
}

/**
 * The one "today" of the server's pages: the day BUSINESS_DATE pins (a test run keeps the day
 * its data was seeded for, even past midnight in the business time zone), else the clock's.
 */
export function businessCalendar(config: {
  timeZone: string;
  businessDate?: string | undefined;
}): BusinessCalendar {
  return {
    timeZone: config.timeZone,
    today: config.businessDate ?? businessToday(config.timeZone),
  };
}
