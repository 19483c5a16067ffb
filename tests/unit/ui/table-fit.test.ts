import { describe, expect, it } from 'vitest';
import { columnWidth, fitWidths, type Column } from '../../../src/ui/table/columns';

type Row = Record<string, unknown>;

/**
 * Issue 36, part 1: a table wider than its box keeps every amount, date and action whole and
 * brings its widest text columns down to a common width (never below what their header and
 * a few characters need), so a laptop sees every amount without scrolling sideways.
 */
const text = (key: string, width: number): Column<Row> => ({ key, title: key, width });
const money = (key: string): Column<Row> => ({ key, title: key, width: 100, kind: 'money' });

describe('fitting columns to their box', () => {
  const columns = [text('store', 150), text('merchant', 220), money('a'), money('b')];
  const widths = [150, 220, 100, 100];

  it('leaves columns that fit as they are', () => {
    expect(fitWidths(columns, widths, 800)).toEqual(widths);
    expect(fitWidths(columns, widths, 0)).toEqual(widths);
  });

  it('takes from the widest text column first, amounts untouched', () => {
    const fitted = fitWidths(columns, widths, 500);
    expect(fitted.slice(2)).toEqual([100, 100]);
    expect(fitted.reduce((sum, width) => sum + width, 0)).toBeLessThanOrEqual(500);
    // The merchant (220) came down to the store's width before the store gave anything.
    expect(fitted[0]).toBe(150);
    expect(fitted[1]).toBe(150);
  });

  it('stops at each text column’s minimum, and never widens a column', () => {
    const fitted = fitWidths([...columns, text('month', 80)], [...widths, 80], 300);
    // The first column says what the row is (pinned at the left): it keeps its width.
    expect(fitted).toEqual([150, 96, 100, 100, 80]);
  });

  it('never cuts the column that says what the row is', () => {
    const contract = text('contract', 180);
    const fitted = fitWidths([contract, text('merchant', 220), money('a')], [180, 220, 100], 300);
    expect(fitted[0]).toBe(180);
    const pinnedLater: Column<Row>[] = [
      { ...text('merchant', 220), pin: false },
      { ...contract, pin: 'start' },
    ];
    expect(fitWidths(pinnedLater, [220, 180], 300)).toEqual([120, 180]);
    const later: Column<Row>[] = [
      text('store', 150),
      text('merchant', 220),
      { ...contract, whole: true },
    ];
    expect(fitWidths(later, [150, 220, 180], 400)[2]).toBe(180);
  });

  it('keeps a status whole: a code column is as wide as its longest word and never gives way', () => {
    const status: Column<Row> = {
      key: 'status',
      title: 'Status',
      width: 90,
      codes: { '1': 'Confirmed', '0': 'Not confirmed' },
    };
    const width = columnWidth(status);
    expect(width).toBeGreaterThanOrEqual(Math.ceil(13 * 8.5 + 20));
    const fitted = fitWidths(
      [text('store', 150), text('merchant', 220), status],
      [150, 220, width],
      300,
    );
    expect(fitted[2]).toBe(width);
  });

  it('keeps columns with buttons or links as wide as asked', () => {
    const linked: Column<Row> = { ...text('brand', 200), render: () => null };
    expect(fitWidths([linked, money('a')], [200, 100], 150)).toEqual([200, 100]);
  });
});
