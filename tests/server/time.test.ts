import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../server/lib/time';

/** What Intl says, the way formatDateTime always answered before its quarter-hour cache. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const intl = (date: Date, timeZone: string) => {
  let found = formatters.get(timeZone);
  if (!found) {
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
  return found.format(date);
};

describe('formatDateTime in the business time zone', () => {
  it('answers as Intl does, across daylight-saving changes and odd offsets', () => {
    const zones = [
      'Asia/Shanghai',
      'UTC',
      'America/New_York',
      'Europe/London',
      'Australia/Lord_Howe', // a half-hour change
      'Asia/Kathmandu', // +05:45
      'America/St_Johns', // -03:30 with daylight saving
      'Pacific/Chatham', // +12:45 / +13:45
    ];
    // A second either side of every quarter hour of a year: both changes of each zone, and
    // the instants just before and after them.
    const start = Date.UTC(2026, 0, 1);
    const end = Date.UTC(2027, 0, 1);
    const wrong: string[] = [];
    for (const zone of zones) {
      for (let quarter = start; quarter < end; quarter += 15 * 60_000) {
        for (const ms of [quarter - 1000, quarter + 1000]) {
          const date = new Date(ms);
          if (formatDateTime(date, zone) !== intl(date, zone)) wrong.push(`${zone} ${ms}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('formats text instants, dates alone, empty values, and refuses invalid ones as before', () => {
    expect(formatDateTime('2026-11-24T01:02:03.999Z', 'Asia/Shanghai')).toBe('2026-11-24 09:02:03');
    expect(formatDate(new Date('2026-12-31T16:00:00Z'), 'Asia/Shanghai')).toBe('2027-01-01');
    expect(formatDateTime(null, 'Asia/Shanghai')).toBe('');
    expect(formatDateTime(undefined, 'Asia/Shanghai')).toBe('');
    expect(() => formatDateTime(new Date('nonsense'), 'Asia/Shanghai')).toThrow(RangeError);
  });
});
