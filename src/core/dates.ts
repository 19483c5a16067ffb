import dayjs, { type Dayjs } from 'dayjs';

/**
 * Date helpers. Everything is in local time: the browser's zone in the front end, the
 * process's zone (TZ) on the server. Query windows therefore follow the user's calendar.
 */

export type DateInput = Date | Dayjs | string | number | null | undefined;

/** The only units date calculations accept (spec: workflow-office section 5). */
export const dateUnits = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DateUnit = (typeof dateUnits)[number];

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const timePattern = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** ISO timestamps with milliseconds or a zone, as servers send them. */
const isoWithZonePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDay(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Strict yyyy-mm-dd that exists in the calendar: 2024-02-29 yes, 2026-02-29 no. */
export function isValidDate(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  const match = datePattern.exec(text);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Strict HH:mm:ss on a 24-hour clock (00:00:00 to 23:59:59). */
export function isValidTime(text: unknown): boolean {
  return typeof text === 'string' && timePattern.test(text);
}

/**
 * Reads "yyyy-mm-dd" or "yyyy-mm-dd HH:mm[:ss]" strictly, in local time. dayjs alone would
 * roll 2026-02-30 over into March and read year 0099 as 1999.
 */
function parseLocalText(match: RegExpExecArray): Dayjs | undefined {
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (year === undefined || month === undefined || day === undefined) return undefined;
  if (!isRealDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(2000, 0, 1, hour, minute, second);
  date.setFullYear(year, month - 1, day);
  return dayjs(date);
}

/**
 * A valid Dayjs for a Date, a timestamp (ms), a Dayjs or text (see parseLocalText, plus
 * ISO timestamps with a zone); undefined for empty or invalid input.
 */
export function toDayjs(value: unknown): Dayjs | undefined {
  if (dayjs.isDayjs(value)) return value.isValid() ? value : undefined;
  if (value instanceof Date || typeof value === 'number') {
    const parsed = dayjs(value);
    return parsed.isValid() ? parsed : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const match = dateTimePattern.exec(text);
  if (match) return parseLocalText(match);
  if (isoWithZonePattern.test(text) && isValidDate(text.slice(0, 10))) return dayjs(text);
  return undefined;
}

/** 'YYYY-MM-DD', or '' for empty or invalid input. */
export function formatDate(value: unknown): string {
  return toDayjs(value)?.format('YYYY-MM-DD') ?? '';
}

/** 'YYYY-MM-DD HH:mm', or '' for empty or invalid input. */
export function formatDateTime(value: unknown): string {
  return toDayjs(value)?.format('YYYY-MM-DD HH:mm') ?? '';
}

/**
 * Adds `amount` units (dayjs semantics: month ends clamp, 2026-01-31 + 1 month is
 * 2026-02-28). Any unit outside dateUnits is refused with a RangeError; an invalid date or
 * a non-finite amount gives undefined.
 */
export function addToDate(date: DateInput, amount: number, unit: DateUnit): Date | undefined {
  if (!(dateUnits as readonly string[]).includes(unit)) {
    throw new RangeError(`Unsupported date unit: ${String(unit)}`);
  }
  const start = toDayjs(date);
  if (!start || !Number.isFinite(amount)) return undefined;
  return start.add(amount, unit).toDate();
}

/** Statements: from two months before the current month to one month after. */
export function statementWindow(now: Date = new Date()): { startMonth: string; endMonth: string } {
  const today = dayjs(now);
  return {
    startMonth: today.subtract(2, 'month').format('YYYY-MM'),
    endMonth: today.add(1, 'month').format('YYYY-MM'),
  };
}

/** Sales query: from one month back (same day, clamped at month end) to today. */
export function salesWindow(now: Date = new Date()): { start: string; end: string } {
  const today = dayjs(now);
  return {
    start: today.subtract(1, 'month').format('YYYY-MM-DD'),
    end: today.format('YYYY-MM-DD'),
  };
}

/** Contract list: from twelve months back to the current month. */
export function contractWindow(now: Date = new Date()): { startMonth: string; endMonth: string } {
  const today = dayjs(now);
  return {
    startMonth: today.subtract(12, 'month').format('YYYY-MM'),
    endMonth: today.format('YYYY-MM'),
  };
}
