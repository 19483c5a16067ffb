import { describe, it, expect } from 'vitest';
import { greetingKey } from '../../../src/core/greeting';
import {
  invoicingLinesPerPage,
  pageCount,
  pageItems,
  settlementLinesPerPage,
  turnPage,
} from '../../../src/core/paging';

describe('greetingKey', () => {
  it('follows the spec boundaries, "up to N" meaning hour <= N', () => {
    const expected: [number, string][] = [
      [0, 'earlyMorning'],
      [6, 'earlyMorning'],
      [7, 'morning'],
      [8, 'morning'],
      [9, 'forenoon'],
      [11, 'forenoon'],
      [12, 'noon'],
      [13, 'noon'],
      [14, 'afternoon'],
      [18, 'afternoon'],
      [19, 'evening'],
      [23, 'evening'],
    ];
    for (const [hour, name] of expected)
      expect(greetingKey(hour), String(hour)).toBe(`common:greeting.${name}`);
  });

  it('defaults to the current hour', () => {
    expect(greetingKey()).toBe(greetingKey(new Date().getHours()));
  });
});

describe('paging', () => {
  it('has the print page sizes', () => {
    expect(settlementLinesPerPage).toBe(9);
    expect(invoicingLinesPerPage).toBe(7);
  });

  it('pageCount is at least 1', () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(1, 9)).toBe(1);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
    expect(pageCount(18, 9)).toBe(2);
    expect(pageCount(19, 9)).toBe(3);
    expect(pageCount(15, 7)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });

  it('pageItems slices one page, counting from 1', () => {
    const items = Array.from({ length: 20 }, (_, index) => index + 1);
    expect(pageItems(items, 1, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageItems(items, 2, 9)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(pageItems(items, 3, 9)).toEqual([19, 20]);
    expect(pageItems(items, 4, 9)).toEqual([]);
    expect(pageItems(items, 0, 9)).toEqual([]);
    expect(pageItems(items, 1.5, 9)).toEqual([]);
  });

  it('turnPage moves within the range', () => {
    expect(turnPage(2, 3, 'previous')).toEqual({ page: 1 });
    expect(turnPage(2, 3, 'next')).toEqual({ page: 3 });
    expect(turnPage(1, 2, 'next')).toEqual({ page: 2 });
  });

  it('turnPage alerts at the ends', () => {
    expect(turnPage(1, 3, 'previous')).toEqual({ alert: { key: 'common:paging.first' } });
    expect(turnPage(3, 3, 'next')).toEqual({ alert: { key: 'common:paging.last' } });
  });

  it('turnPage alerts when there is only one page', () => {
    expect(turnPage(1, 1, 'previous')).toEqual({ alert: { key: 'common:paging.onlyOnePrevious' } });
    expect(turnPage(1, 1, 'next')).toEqual({ alert: { key: 'common:paging.onlyOneNext' } });
  });
});
