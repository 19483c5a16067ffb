import { describe, it, expect } from 'vitest';
import {
  addToDate,
  contractWindow,
  dateUnits,
  formatDate,
  formatDateTime,
  isValidDate,
  isValidTime,
  salesWindow,
  statementWindow,
  toDayjs,
  type DateUnit,
} from '../../../src/core/dates';

/** Local time, like the module: the expectations hold in any TZ. */
const local = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0) =>
  new Date(year, month - 1, day, hour, minute, second);

describe('query windows', () => {
  it('statements: two months before to one month after', () => {
    expect(statementWindow(local(2026, 4, 15))).toEqual({
      startMonth: '2026-02',
      endMonth: '2026-05',
    });
    expect(statementWindow(local(2026, 1, 31))).toEqual({
      startMonth: '2025-11',
      endMonth: '2026-02',
    });
    expect(statementWindow(local(2026, 12, 1))).toEqual({
      startMonth: '2026-10',
      endMonth: '2027-01',
    });
  });

  it('sales: one month back to today', () => {
    expect(salesWindow(local(2026, 4, 15))).toEqual({ start: '2026-03-15', end: '2026-04-15' });
    expect(salesWindow(local(2026, 3, 31))).toEqual({ start: '2026-02-28', end: '2026-03-31' });
    expect(salesWindow(local(2024, 3, 31))).toEqual({ start: '2024-02-29', end: '2024-03-31' });
    expect(salesWindow(local(2026, 1, 10))).toEqual({ start: '2025-12-10', end: '2026-01-10' });
  });

  it('contracts: twelve months back to the current month', () => {
    expect(contractWindow(local(2026, 4, 15))).toEqual({
      startMonth: '2025-04',
      endMonth: '2026-04',
    });
    expect(contractWindow(local(2026, 1, 1))).toEqual({
      startMonth: '2025-01',
      endMonth: '2026-01',
    });
  });

  it('default to now', () => {
    const now = new Date();
    expect(salesWindow().end).toBe(formatDate(now));
  });
});

describe('isValidDate', () => {
  it('accepts real days', () => {
    for (const text of [
      '2024-02-29',
      '2000-02-29',
      '2026-01-31',
      '2026-04-30',
      '2026-12-31',
      '0001-01-01',
    ]) {
      expect(isValidDate(text), text).toBe(true);
    }
  });

  it('refuses impossible days and other formats', () => {
    for (const text of [
      '2026-02-29',
      '1900-02-29',
      '2100-02-29',
      '2026-04-31',
      '2026-00-10',
      '2026-13-01',
      '2026-01-00',
      '0000-01-01',
      '2026-1-1',
      '26-01-01',
      '2026/01/01',
      '2026-01-01 ',
      '',
    ]) {
      expect(isValidDate(text), text).toBe(false);
    }
    expect(isValidDate(20260101)).toBe(false);
  });
});

describe('isValidTime', () => {
  it('accepts HH:mm:ss on a 24-hour clock', () => {
    for (const text of ['00:00:00', '09:05:07', '23:59:59'])
      expect(isValidTime(text), text).toBe(true);
  });

  it('refuses the rest', () => {
    for (const text of [
      '24:00:00',
      '23:60:00',
      '23:59:60',
      '9:00:00',
      '12:00',
      '12:00:00 PM',
      '',
    ]) {
      expect(isValidTime(text), text).toBe(false);
    }
    expect(isValidTime(null)).toBe(false);
  });
});

describe('formatDate and formatDateTime', () => {
  it('formats dates, timestamps and text', () => {
    const date = local(2026, 3, 5, 14, 7, 9);
    expect(formatDate(date)).toBe('2026-03-05');
    expect(formatDate(date.getTime())).toBe('2026-03-05');
    expect(formatDate('2026-03-05 14:07:09')).toBe('2026-03-05');
    expect(formatDate('2026-03-05')).toBe('2026-03-05');
    expect(formatDateTime(date)).toBe('2026-03-05 14:07');
    expect(formatDateTime('2026-03-05T14:07')).toBe('2026-03-05 14:07');
    expect(formatDate('2026-03-05T14:07:09.000Z')).toBe(
      formatDate(new Date(Date.UTC(2026, 2, 5, 14, 7, 9))),
    );
  });

  it('is empty for empty or invalid values', () => {
    for (const value of [
      '',
      '   ',
      null,
      undefined,
      'abc',
      '2026-02-30',
      '2026-02-30T00:00:00Z',
      '2026-03-05 25:00',
      new Date(NaN),
      {},
    ]) {
      expect(formatDate(value), String(value)).toBe('');
      expect(formatDateTime(value), String(value)).toBe('');
    }
  });

  it('does not roll years below 100 into the 1900s', () => {
    expect(toDayjs('0099-01-01')?.year()).toBe(99);
  });
});

describe('addToDate', () => {
  it('adds every allowed unit', () => {
    const start = local(2026, 1, 31, 10, 0, 0);
    expect(dateUnits).toEqual(['year', 'month', 'day', 'hour', 'minute', 'second']);
    expect(addToDate(start, 1, 'year')).toEqual(local(2027, 1, 31, 10));
    expect(addToDate(start, 1, 'month')).toEqual(local(2026, 2, 28, 10));
    expect(addToDate(start, -1, 'day')).toEqual(local(2026, 1, 30, 10));
    expect(addToDate(start, 15, 'hour')).toEqual(local(2026, 2, 1, 1));
    expect(addToDate(start, 90, 'minute')).toEqual(local(2026, 1, 31, 11, 30));
    expect(addToDate(start, 61, 'second')).toEqual(local(2026, 1, 31, 10, 1, 1));
    expect(addToDate('2024-02-29', 1, 'year')).toEqual(local(2025, 2, 28));
  });

  it('refuses other units', () => {
    for (const unit of ['week', 'quarter', 'millisecond', 'days', '']) {
      expect(() => addToDate(local(2026, 1, 1), 1, unit as DateUnit), unit).toThrow(RangeError);
    }
  });

  it('gives undefined for an invalid date or amount', () => {
    expect(addToDate('2026-02-30', 1, 'day')).toBeUndefined();
    expect(addToDate(null, 1, 'day')).toBeUndefined();
    expect(addToDate(local(2026, 1, 1), NaN, 'day')).toBeUndefined();
  });
});
