import { describe, expect, it } from 'vitest';
import { fitLabels, shortNumber, type LabelShop } from '../../../src/ui/map/labels';

/** Which label each shop gets at a zoom: as much as fits inside it, never two touching. */
const shop = (x: number, overrides: Partial<LabelShop> = {}): LabelShop => ({
  width: 8,
  height: 20,
  x,
  y: 10,
  numberWidth: 34,
  shortWidth: 12,
  brandWidth: 40,
  ...overrides,
});

describe('map labels', () => {
  it('writes number and brand on a wide shop, the number alone, the short number, or nothing', () => {
    const row = [shop(4), shop(12), shop(20, { brandWidth: 0 })];
    expect(fitLabels(row, 8)).toEqual(['full', 'full', 'number']);
    // 8 m at 4.75 px/m is 38 px: the number fits, a brand of 40 px is cut, never below 52 px.
    expect(fitLabels(row, 4.75)).toEqual(['number', 'number', 'number']);
    expect(fitLabels(row, 2.1)).toEqual(['short', 'short', 'short']);
    expect(fitLabels(row, 1)).toEqual(['none', 'none', 'none']);
  });

  it('keeps labels apart: of two shops whose centres nearly meet, the larger is labelled', () => {
    const small = shop(10, { width: 8, height: 8 });
    const large = shop(10.5, { width: 12, height: 20 });
    expect(fitLabels([small, large], 8)).toEqual(['none', 'full']);
  });

  it('drops the floor from a number only when the number starts with it', () => {
    expect(shortNumber('L1-07', 'L1')).toBe('07');
    expect(shortNumber('l1-07', 'L1')).toBe('07');
    expect(shortNumber('B1-X2', 'L1')).toBe('B1-X2');
  });
});
