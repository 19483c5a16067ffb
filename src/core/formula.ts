import {
  decimalToString,
  fromScaled,
  parseAmount,
  roundDecimal,
  scaledDigits,
  toChineseCapitalsStrict,
  toDecimal,
  type Decimal,
  type RoundingMode,
} from './money';
import { isBlank } from './rules/types';

/**
 * Formula helpers for form calculations (spec: shell section 5, "Formula helpers").
 *
 * - Thousands separators, spaces, currency signs and 元 are stripped; anything that is
 *   still not a number counts as 0.
 * - sum, average, count, min and max take any number of arguments, each a value or a
 *   (nested) array such as a sub-table column. count, average, min and max skip empty
 *   values (undefined, null, '', blanks); a non-empty non-number still counts, as 0.
 * - Where one number is expected (round, ceil, floor, abs, sqrt, fixed, capitals), an array
 *   stands for the total of its values, so round(column, 2) rounds the column's sum.
 * - Arithmetic is decimal-exact where it matters: sum adds decimal digits (0.1 + 0.2 = 0.3)
 *   and round/ceil/floor/fixed work on the decimal text (round(1.005, 2) = 1.01,
 *   ceil(1.1, 1) = 1.1). round goes half away from zero; negative digits round to tens...
 * - sqrt of a negative number is NaN, which the form engine reports as a formula error.
 */

type FormulaValue = unknown;

/** All values of the arguments, arrays flattened at any depth. */
function flatten(values: FormulaValue[]): FormulaValue[] {
  return values.flatMap((value) => (Array.isArray(value) ? flatten(value) : [value]));
}

function decimalOf(value: FormulaValue): Decimal {
  if (Array.isArray(value)) return sumDecimal(flatten(value));
  return toDecimal(value) ?? { negative: false, int: '0', frac: '' };
}

function sumDecimal(values: FormulaValue[]): Decimal {
  const decimals = values.map(decimalOf);
  const scale = Math.max(0, ...decimals.map((decimal) => decimal.frac.length));
  const total = decimals.reduce((sum, decimal) => sum + scaledDigits(decimal, scale), 0n);
  return fromScaled(total, scale);
}

function numberOf(decimal: Decimal): number {
  return Number(decimalToString(decimal));
}

/** One value as a number: separators and currency signs stripped, non-numbers 0, an array its total. */
export function toNumber(value: FormulaValue): number {
  if (Array.isArray(value)) return numberOf(decimalOf(value));
  const amount = parseAmount(value);
  return Number.isFinite(amount) ? amount : 0;
}

function present(values: FormulaValue[]): FormulaValue[] {
  return flatten(values).filter((value) => !isBlank(value));
}

export function sum(...values: FormulaValue[]): number {
  return numberOf(sumDecimal(flatten(values)));
}

/** How many non-empty values there are. */
export function count(...values: FormulaValue[]): number {
  return present(values).length;
}

/** The mean of the non-empty values; 0 when there are none. */
export function average(...values: FormulaValue[]): number {
  const filled = present(values);
  if (filled.length === 0) return 0;
  // 15 significant digits drop the binary tail a division leaves (0.6 / 3 → 0.2).
  return Number((sum(filled) / filled.length).toPrecision(15));
}

export function min(...values: FormulaValue[]): number {
  const numbers = present(values).map(toNumber);
  return numbers.length === 0 ? 0 : Math.min(...numbers);
}

export function max(...values: FormulaValue[]): number {
  const numbers = present(values).map(toNumber);
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

/** Whole digits between -20 and 20; anything else counts as 0. */
function digitsOf(digits: FormulaValue): number {
  const whole = Math.trunc(toNumber(digits));
  return Math.max(-20, Math.min(20, whole));
}

function rounded(value: FormulaValue, digits: FormulaValue, mode: RoundingMode): Decimal {
  return roundDecimal(decimalOf(value), digitsOf(digits), mode);
}

/** Half away from zero: round(2.5) = 3, round(-2.5) = -3, round(1.005, 2) = 1.01. */
export function round(value: FormulaValue, digits: FormulaValue = 0): number {
  return numberOf(rounded(value, digits, 'halfAwayFromZero'));
}

/** Towards +∞ at the given decimal: ceil(1.21, 1) = 1.3, ceil(-1.29, 1) = -1.2. */
export function ceil(value: FormulaValue, digits: FormulaValue = 0): number {
  return numberOf(rounded(value, digits, 'ceil'));
}

/** Towards -∞ at the given decimal: floor(1.29, 1) = 1.2, floor(-1.21, 1) = -1.3. */
export function floor(value: FormulaValue, digits: FormulaValue = 0): number {
  return numberOf(rounded(value, digits, 'floor'));
}

export function abs(value: FormulaValue): number {
  return Math.abs(toNumber(value));
}

export function sqrt(value: FormulaValue): number {
  return Math.sqrt(toNumber(value));
}

/** Rounded half away from zero and written with exactly `digits` decimals: fixed(1.5, 2) = "1.50". */
export function fixed(value: FormulaValue, digits: FormulaValue = 0): string {
  const places = digitsOf(digits);
  const result = rounded(value, places, 'halfAwayFromZero');
  const frac = places > 0 ? result.frac.padEnd(places, '0') : '';
  return decimalToString({ ...result, frac });
}

/**
 * The amount in Chinese capitals (the strict converter: max 99999999999.99, two decimals);
 * '' when it cannot be converted (negative, too large, not a number). Currency signs and
 * spaces are dropped first; commas stay, since the converter checks their grouping.
 */
export function capitals(value: FormulaValue): string {
  if (Array.isArray(value)) return toChineseCapitalsStrict(sum(value)).text;
  if (typeof value === 'number') return toChineseCapitalsStrict(value).text;
  if (typeof value !== 'string') return toChineseCapitalsStrict(null).text;
  return toChineseCapitalsStrict(value.replace(/[\s¥￥$€£元]/g, '')).text;
}

export type FormulaFunction = (...args: FormulaValue[]) => number | string;

/** The functions by name, for a form engine that evaluates formula text. */
export const formulaFunctions: Record<string, FormulaFunction> = {
  sum,
  average,
  count,
  min,
  max,
  round: (value, digits) => round(value, digits),
  ceil: (value, digits) => ceil(value, digits),
  floor: (value, digits) => floor(value, digits),
  abs: (value) => abs(value),
  sqrt: (value) => sqrt(value),
  fixed: (value, digits) => fixed(value, digits),
  capitals: (value) => capitals(value),
};
