import { describe, it, expect } from 'vitest';
import {
  abs,
  average,
  capitals,
  ceil,
  count,
  fixed,
  floor,
  formulaFunctions,
  max,
  min,
  round,
  sqrt,
  sum,
  toNumber,
} from '../../../src/core/formula';

describe('toNumber', () => {
  it('strips separators and currency signs', () => {
    expect(toNumber('1,234.5')).toBe(1234.5);
    expect(toNumber('¥ 1,000元')).toBe(1000);
    expect(toNumber('-$3.5')).toBe(-3.5);
    expect(toNumber(7)).toBe(7);
  });

  it('counts non-numbers as 0', () => {
    for (const value of ['abc', '', null, undefined, true, {}, NaN, Infinity]) {
      expect(toNumber(value), String(value)).toBe(0);
    }
  });

  it('reads an array as its total', () => {
    expect(toNumber(['1', 2, ['3']])).toBe(6);
    expect(toNumber([])).toBe(0);
  });
});

describe('aggregates', () => {
  const column = ['1,000.10', '', '2.20', 'n/a', null];

  it('sum adds decimals exactly and mixes values with columns', () => {
    expect(sum(0.1, 0.2)).toBe(0.3);
    expect(sum(column)).toBe(1002.3);
    expect(sum(1, [2, [3, '4']], '¥5')).toBe(15);
    expect(sum()).toBe(0);
    expect(sum(-1.1, 1.1)).toBe(0);
  });

  it('count counts non-empty values', () => {
    expect(count(column)).toBe(3);
    expect(count(0, '', '  ', null, undefined, [1, [2]])).toBe(3);
    expect(count()).toBe(0);
  });

  it('average divides by the non-empty values', () => {
    expect(average(column)).toBe(334.1);
    expect(average(0.1, 0.2, 0.3)).toBe(0.2);
    expect(average(1, 2)).toBe(1.5);
    expect(average('', null)).toBe(0);
  });

  it('min and max skip empty values and count non-numbers as 0', () => {
    expect(min(column)).toBe(0);
    expect(max(column)).toBe(1000.1);
    expect(min(5, ['', 3], '7')).toBe(3);
    expect(max(-5, [-3, ''])).toBe(-3);
    expect(min()).toBe(0);
    expect(max('', null)).toBe(0);
  });
});

describe('rounding', () => {
  it('round goes half away from zero on the decimal digits', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(2.5)).toBe(3);
    expect(round(-2.5)).toBe(-3);
    expect(round(2.4)).toBe(2);
    expect(round('1,234.5678', 2)).toBe(1234.57);
    expect(round(1250, -2)).toBe(1300);
    expect(round(1.45, '1')).toBe(1.5);
    expect(round('abc', 2)).toBe(0);
    expect(round([0.125, 0.125], 2)).toBe(0.25);
  });

  it('ceil and floor move towards +∞ and -∞', () => {
    expect(ceil(1.1, 1)).toBe(1.1);
    expect(ceil(1.21, 1)).toBe(1.3);
    expect(ceil(-1.29, 1)).toBe(-1.2);
    expect(ceil(1.01)).toBe(2);
    expect(floor(1.29, 1)).toBe(1.2);
    expect(floor(-1.21, 1)).toBe(-1.3);
    expect(floor(1.99)).toBe(1);
    expect(floor(0.7, 1)).toBe(0.7);
  });

  it('fixed writes exactly the decimals asked for', () => {
    expect(fixed(1.5, 2)).toBe('1.50');
    expect(fixed(1.005, 2)).toBe('1.01');
    expect(fixed(-1.005, 2)).toBe('-1.01');
    expect(fixed(2.5)).toBe('3');
    expect(fixed('1,234.5', 1)).toBe('1234.5');
    expect(fixed('x', 2)).toBe('0.00');
    expect(fixed(-0.001, 2)).toBe('0.00');
  });
});

describe('abs, sqrt, capitals', () => {
  it('abs and sqrt', () => {
    expect(abs('-1,234.5')).toBe(1234.5);
    expect(abs(3)).toBe(3);
    expect(sqrt(16)).toBe(4);
    expect(sqrt('2.25')).toBe(1.5);
    expect(sqrt(-4)).toBeNaN();
    expect(sqrt('abc')).toBe(0);
  });

  it('capitals uses the strict converter', () => {
    expect(capitals(1234.5)).toBe('壹仟贰佰叁拾肆元伍角');
    expect(capitals('¥1,234.50')).toBe('壹仟贰佰叁拾肆元伍角');
    expect(capitals([100, '0.05'])).toBe('壹佰元零伍分');
    expect(capitals('')).toBe('零元整');
    expect(capitals(null)).toBe('零元整');
    expect(capitals(1.239)).toBe('壹元贰角叁分');
    expect(capitals(100000000000)).toBe('');
    expect(capitals(-5)).toBe('');
    expect(capitals('abc')).toBe('');
  });
});

describe('formulaFunctions', () => {
  it('looks every function up by name', () => {
    expect(Object.keys(formulaFunctions).sort()).toEqual([
      'abs',
      'average',
      'capitals',
      'ceil',
      'count',
      'fixed',
      'floor',
      'max',
      'min',
      'round',
      'sqrt',
      'sum',
    ]);
    expect(formulaFunctions.sum?.(1, [2, 3])).toBe(6);
    expect(formulaFunctions.round?.(2.5)).toBe(3);
    expect(formulaFunctions.round?.(1.005, 2)).toBe(1.01);
    expect(formulaFunctions.fixed?.(1, 2)).toBe('1.00');
    expect(formulaFunctions.capitals?.(10)).toBe('壹拾元整');
  });
});
