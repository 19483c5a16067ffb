import dayjs, { type Dayjs } from 'dayjs';
import { dateUnits, toDayjs, type DateUnit } from '../dates';
import { formulaFunctions, toNumber } from '../formula';
import {
  decimalToString,
  fromScaled,
  isZero,
  scaledDigits,
  toDecimal,
  type Decimal,
} from '../money';
import type { RuleFailure } from '../rules/types';

/**
 * The values, arithmetic and functions behind formula-expression.ts (docs/forms.md,
 * "Formulas"). Kept apart from the parser so that each file stays readable.
 *
 * - FormulaValue: what an expression computes: a number, a text, a boolean (comparisons),
 *   an array (a sub-table column) or null (nothing).
 * - numberOf / textOf / truthy: the coercions. Non-numbers count as 0 in arithmetic (spec:
 *   shell section 5), booleans as 1 and 0, a column as its total.
 * - add, subtract, multiply, divide, remainder: decimal-exact on the digits of each
 *   operand (0.1 + 0.2 = 0.3); a division or remainder by zero throws FormulaFailure with
 *   'forms:formula.divisionByZero', so that the field shows the formula error instead of
 *   a made-up Infinity or 0.
 * - functionsByName: every function a formula may call, by lower-case name, with its
 *   argument count. Dates are text: 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm:ss' once a time is
 *   involved; an empty or unreadable date makes a date function give '' (not an error:
 *   forms are filled in gradually).
 */

export type FormulaValue = number | string | boolean | null | FormulaValue[];

/** A failure while parsing or evaluating; the API turns it into `{ ok: false, error }`. */
export class FormulaFailure extends Error {
  constructor(readonly failure: RuleFailure) {
    super(failure.key);
  }
}

/** Longest text a formula may produce: nested replace() could otherwise grow without end. */
export const maxTextLength = 100_000;

export interface EvaluationContext {
  /** The clock for today() and now(). */
  now: () => Date;
}

// ---------------------------------------------------------------------------------------
// Coercions

/**
 * Text such as '1e500000000' would make money.ts write out half a billion digits. Any
 * exponent of four digits is far outside a double's range (where toNumber gives 0 for
 * Infinity anyway), so such text is the number 0 before it reaches the decimal code.
 */
const hugeExponent = /[eE][+-]?0*\d{4,}$/;
const amountNoise = /[\s,，¥￥$€£元]/g;

function tamed<Value>(value: Value): Value | 0 {
  return typeof value === 'string' && hugeExponent.test(value.replace(amountNoise, '')) ? 0 : value;
}

/** A text's decimal value, if it is a number (see tamed). */
function decimalOfText(text: string): Decimal | undefined {
  return toDecimal(tamed(text));
}

/** The same value with huge-exponent texts replaced by 0, a column's items too. */
function tamedDeep(value: FormulaValue): FormulaValue {
  return Array.isArray(value) ? value.map(tamedDeep) : tamed(value);
}

export function numberOf(value: FormulaValue | undefined): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return toNumber(tamedDeep(value ?? null));
}

function decimalOf(value: FormulaValue | undefined): Decimal {
  return toDecimal(numberOf(value)) ?? { negative: false, int: '0', frac: '' };
}

/** Plain text of a value: numbers without exponent noise, booleans as true/false. */
export function textOf(value: FormulaValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(',');
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return String(value);
}

/** Conditions: numbers other than 0, non-blank texts other than a numeric zero, true. */
export function truthy(value: FormulaValue | undefined): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') {
    if (value.trim() === '') return false;
    const decimal = decimalOfText(value);
    return decimal === undefined || !isZero(decimal);
  }
  if (Array.isArray(value)) return value.length > 0;
  return false;
}

function isNumeric(value: FormulaValue | undefined): boolean {
  if (typeof value === 'string') return decimalOfText(value) !== undefined;
  return true;
}

/**
 * Comparisons: two texts that are not both numbers compare as text (dates in the same
 * format therefore compare in time order); everything else compares as numbers.
 */
export function compare(left: FormulaValue, right: FormulaValue): number {
  const asText =
    typeof left === 'string' &&
    typeof right === 'string' &&
    (!isNumeric(left) || !isNumeric(right));
  if (asText) return left < right ? -1 : left > right ? 1 : 0;
  const a = numberOf(left);
  const b = numberOf(right);
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------
// Decimal arithmetic

/** A computed number; Infinity (overflow) and NaN (sqrt(-1)) are formula errors. */
export function finite(value: number): number {
  if (!Number.isFinite(value)) throw new FormulaFailure({ key: 'forms:formula.notANumber' });
  return value;
}

/** The exact result, rounded once to the nearest double at the end. */
function toNumberExact(value: bigint, scale: number): number {
  return finite(Number(decimalToString(fromScaled(value, scale))));
}

/** Both operands as integers at one common scale. */
function aligned(left: FormulaValue, right: FormulaValue): [bigint, bigint, number] {
  const a = decimalOf(left);
  const b = decimalOf(right);
  const scale = Math.max(a.frac.length, b.frac.length);
  return [scaledDigits(a, scale), scaledDigits(b, scale), scale];
}

export function add(left: FormulaValue, right: FormulaValue): number {
  const [a, b, scale] = aligned(left, right);
  return toNumberExact(a + b, scale);
}

export function subtract(left: FormulaValue, right: FormulaValue): number {
  const [a, b, scale] = aligned(left, right);
  return toNumberExact(a - b, scale);
}

export function multiply(left: FormulaValue, right: FormulaValue): number {
  const a = decimalOf(left);
  const b = decimalOf(right);
  const product = scaledDigits(a, a.frac.length) * scaledDigits(b, b.frac.length);
  return toNumberExact(product, a.frac.length + b.frac.length);
}

const divisionByZero: RuleFailure = { key: 'forms:formula.divisionByZero' };

/**
 * Division with at least 20 significant digits before the result becomes a double, so
 * 0.3 / 0.1 = 3 and 1 / 3 = 0.3333333333333333 (the nearest double).
 */
export function divide(left: FormulaValue, right: FormulaValue): number {
  const [a, b] = aligned(left, right);
  if (b === 0n) throw new FormulaFailure(divisionByZero);
  const extra = 20 + (b < 0n ? -b : b).toString().length;
  return toNumberExact((a * 10n ** BigInt(extra)) / b, extra);
}

/** The remainder has the sign of the dividend, as in JavaScript: -7 % 3 = -1, 5.5 % 2 = 1.5. */
export function remainder(left: FormulaValue, right: FormulaValue): number {
  const [a, b, scale] = aligned(left, right);
  if (b === 0n) throw new FormulaFailure(divisionByZero);
  return toNumberExact(a % b, scale);
}

// ---------------------------------------------------------------------------------------
// Functions

export interface FormulaFunctionSpec {
  minArgs: number;
  /** Infinity for functions over any number of values (sum, concat). */
  maxArgs: number;
  /** Index of an argument that must be a date unit (checked at parse time when literal). */
  unitArg?: number;
  call: (args: FormulaValue[], context: EvaluationContext) => FormulaValue;
}

export function isDateUnit(unit: unknown): unit is DateUnit {
  return typeof unit === 'string' && (dateUnits as readonly string[]).includes(unit);
}

function unitOf(value: FormulaValue): DateUnit {
  if (isDateUnit(value)) return value;
  throw new FormulaFailure({ key: 'forms:formula.badUnit', params: { unit: textOf(value) } });
}

/** A date argument: only text; a number is not taken for a timestamp. */
function dateOf(value: FormulaValue): Dayjs | undefined {
  return typeof value === 'string' ? toDayjs(value) : undefined;
}

function hasTime(value: FormulaValue): boolean {
  return typeof value === 'string' && /\d:\d/.test(value);
}

const dateFormat = 'YYYY-MM-DD';
const dateTimeFormat = 'YYYY-MM-DD HH:mm:ss';
const timeUnits: readonly DateUnit[] = ['hour', 'minute', 'second'];

function dateAdd(date: FormulaValue, amount: FormulaValue, unitValue: FormulaValue): string {
  const unit = unitOf(unitValue);
  const start = dateOf(date);
  if (!start) return '';
  // dayjs rounds fractions (1.6 months → 2); whole units are easier to predict.
  const result = start.add(Math.trunc(numberOf(amount)), unit);
  if (!result.isValid() || result.year() < 1 || result.year() > 9999) return '';
  return result.format(hasTime(date) || timeUnits.includes(unit) ? dateTimeFormat : dateFormat);
}

/** Whole units from `from` to `to`, truncated towards zero (negative when to is earlier). */
function dateDiff(from: FormulaValue, to: FormulaValue, unitValue: FormulaValue): number | string {
  const unit = unitOf(unitValue);
  const start = dateOf(from);
  const end = dateOf(to);
  if (!start || !end) return '';
  return end.diff(start, unit);
}

function datePart(value: FormulaValue, part: 'year' | 'month' | 'date'): number | string {
  const date = dateOf(value);
  if (!date) return '';
  return part === 'month' ? date.month() + 1 : date[part]();
}

function formatDate(value: FormulaValue, pattern: FormulaValue): string {
  const date = dateOf(value);
  const text = textOf(pattern);
  if (!date || text.length > 64) return '';
  return date.format(text);
}

/** Texts counted in code points, so 中 and 😀 are one character each. */
function characters(value: FormulaValue): string[] {
  return Array.from(textOf(value));
}

function countOf(value: FormulaValue): number {
  return Math.max(0, Math.trunc(numberOf(value)));
}

function tooLong(): FormulaFailure {
  return new FormulaFailure({ key: 'forms:formula.textTooLong', params: { max: maxTextLength } });
}

function limited(text: string): string {
  if (text.length > maxTextLength) throw tooLong();
  return text;
}

function replaceAll(text: FormulaValue, find: FormulaValue, by: FormulaValue): string {
  const source = textOf(text);
  const target = textOf(find);
  if (target === '') return source;
  const parts = source.split(target);
  const replacement = textOf(by);
  // Checked before joining: the joined text could be far larger than any limit.
  if (source.length + (parts.length - 1) * replacement.length > maxTextLength) throw tooLong();
  return parts.join(replacement);
}

function concat(values: FormulaValue[]): string {
  let text = '';
  for (const value of values) text = limited(text + textOf(value));
  return text;
}

function numeric(name: string, minArgs: number, maxArgs: number): FormulaFunctionSpec {
  const implementation = formulaFunctions[name];
  if (!implementation) throw new Error(`formula.ts has no ${name}`);
  return {
    minArgs,
    maxArgs,
    // Booleans (comparison results) count as 1 and 0 here too.
    call: (args) => {
      const result = implementation(
        ...args.map((arg) => (typeof arg === 'boolean' ? Number(arg) : tamedDeep(arg))),
      );
      return typeof result === 'number' ? finite(result) : result;
    },
  };
}

function fixedArity(
  count: number,
  call: (args: FormulaValue[], context: EvaluationContext) => FormulaValue,
  unitArg?: number,
): FormulaFunctionSpec {
  return { minArgs: count, maxArgs: count, call, unitArg };
}

const at = (args: FormulaValue[], index: number): FormulaValue => args[index] ?? null;

/** By lower-case name; formulas may write SUM or dateAdd, the lookup ignores case. */
export const functionsByName: ReadonlyMap<string, FormulaFunctionSpec> = new Map([
  ['sum', numeric('sum', 0, Infinity)],
  ['average', numeric('average', 0, Infinity)],
  ['count', numeric('count', 0, Infinity)],
  ['min', numeric('min', 0, Infinity)],
  ['max', numeric('max', 0, Infinity)],
  ['round', numeric('round', 1, 2)],
  ['ceil', numeric('ceil', 1, 2)],
  ['floor', numeric('floor', 1, 2)],
  ['abs', numeric('abs', 1, 1)],
  ['sqrt', numeric('sqrt', 1, 1)],
  ['fixed', numeric('fixed', 1, 2)],
  ['capitals', numeric('capitals', 1, 1)],
  ['today', fixedArity(0, (_args, context) => dayjs(context.now()).format(dateFormat))],
  ['now', fixedArity(0, (_args, context) => dayjs(context.now()).format(dateTimeFormat))],
  ['dateadd', fixedArity(3, (args) => dateAdd(at(args, 0), at(args, 1), at(args, 2)), 2)],
  ['datediff', fixedArity(3, (args) => dateDiff(at(args, 0), at(args, 1), at(args, 2)), 2)],
  ['year', fixedArity(1, (args) => datePart(at(args, 0), 'year'))],
  ['month', fixedArity(1, (args) => datePart(at(args, 0), 'month'))],
  ['day', fixedArity(1, (args) => datePart(at(args, 0), 'date'))],
  ['dateformat', fixedArity(2, (args) => formatDate(at(args, 0), at(args, 1)))],
  ['concat', { minArgs: 0, maxArgs: Infinity, call: concat }],
  ['len', fixedArity(1, (args) => characters(at(args, 0)).length)],
  [
    'left',
    fixedArity(2, (args) =>
      characters(at(args, 0))
        .slice(0, countOf(at(args, 1)))
        .join(''),
    ),
  ],
  [
    'right',
    fixedArity(2, (args) => {
      const count = countOf(at(args, 1));
      return count === 0 ? '' : characters(at(args, 0)).slice(-count).join('');
    }),
  ],
  [
    'mid',
    // mid(text, start, count): start counts from 1, as in spreadsheets.
    fixedArity(3, (args) => {
      const start = Math.max(1, Math.trunc(numberOf(at(args, 1))));
      return characters(at(args, 0))
        .slice(start - 1, start - 1 + countOf(at(args, 2)))
        .join('');
    }),
  ],
  ['upper', fixedArity(1, (args) => limited(textOf(at(args, 0)).toUpperCase()))],
  ['lower', fixedArity(1, (args) => limited(textOf(at(args, 0)).toLowerCase()))],
  ['trim', fixedArity(1, (args) => textOf(at(args, 0)).trim())],
  ['replace', fixedArity(3, (args) => replaceAll(at(args, 0), at(args, 1), at(args, 2)))],
]);
