import type { RuleFailure } from './rules/types';

/**
 * Money helpers shared by the browser and the server. Every calculation works on decimal
 * text (digits held as strings, arithmetic on BigInt) rather than on binary floats, so that
 * 1.005 rounds to 1.01 and 0.1 + 0.2 adds up to 0.3.
 */

/** The currency helper's maximum (spec: merchant-finance section 9). */
export const moneyMax = 99999999999.99;
const moneyMaxText = '99999999999.99';

/** A decimal number held as text so that no binary rounding ever touches it. */
export interface Decimal {
  negative: boolean;
  /** Integer digits without leading zeros; '0' for zero. */
  int: string;
  /** Fraction digits exactly as written, trailing zeros included (they matter for 整). */
  frac: string;
}

export type RoundingMode = 'halfAwayFromZero' | 'ceil' | 'floor' | 'truncate';

const decimalPattern = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
/** Characters an amount may carry that say nothing about its value. */
const amountNoise = /[\s,，¥￥$€£元]/g;

/** Parses plain decimal text (sign, digits, dot, optional exponent); nothing else is accepted. */
export function parseDecimalText(text: string): Decimal | undefined {
  const match = decimalPattern.exec(text);
  if (!match) return undefined;
  const [, sign, intDigits = '', fracDigits = '', exponent] = match;
  if (intDigits === '' && fracDigits === '') return undefined;
  const negative = sign === '-';
  if (exponent === undefined) return makeDecimal(negative, intDigits, fracDigits);
  return shiftPoint(negative, intDigits + fracDigits, intDigits.length + Number(exponent));
}

/** Builds a Decimal from all its digits and the position of the point within them. */
function shiftPoint(negative: boolean, digits: string, pointAt: number): Decimal {
  if (pointAt <= 0) return makeDecimal(negative, '', '0'.repeat(-pointAt) + digits);
  if (pointAt >= digits.length) return makeDecimal(negative, digits.padEnd(pointAt, '0'), '');
  return makeDecimal(negative, digits.slice(0, pointAt), digits.slice(pointAt));
}

function makeDecimal(negative: boolean, intDigits: string, frac: string): Decimal {
  return { negative, int: intDigits.replace(/^0+/, '') || '0', frac };
}

/**
 * Reads a number or an amount text as a Decimal. Numbers go through String(), which gives
 * the shortest text that reads back as the same double (1.005 stays "1.005"); exponent
 * notation is expanded. Text loses thousands separators, spaces, currency signs and 元.
 */
export function toDecimal(value: unknown): Decimal | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? parseDecimalText(String(value)) : undefined;
  }
  if (typeof value === 'bigint') return parseDecimalText(value.toString());
  if (typeof value !== 'string') return undefined;
  return parseDecimalText(value.replace(amountNoise, ''));
}

/** Strips thousands separators, spaces, currency signs and 元; anything else non-numeric is NaN. */
export function parseAmount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  const decimal = toDecimal(value);
  return decimal ? Number(decimalToString(decimal)) : NaN;
}

export function isZero(decimal: Decimal): boolean {
  return decimal.int === '0' && !/[1-9]/.test(decimal.frac);
}

/** Plain text without exponent ("-1234.5"); a zero never carries a minus sign. */
export function decimalToString(decimal: Decimal): string {
  const sign = decimal.negative && !isZero(decimal) ? '-' : '';
  return sign + decimal.int + (decimal.frac ? `.${decimal.frac}` : '');
}

/** Compares absolute values: -1, 0 or 1. */
export function compareMagnitude(a: Decimal, b: Decimal): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1;
  if (a.int !== b.int) return a.int < b.int ? -1 : 1;
  const width = Math.max(a.frac.length, b.frac.length);
  const fracA = a.frac.padEnd(width, '0');
  const fracB = b.frac.padEnd(width, '0');
  if (fracA === fracB) return 0;
  return fracA < fracB ? -1 : 1;
}

/** The digits of a Decimal as one BigInt, scaled by 10^scale (scale >= frac length). */
export function scaledDigits(decimal: Decimal, scale: number): bigint {
  const magnitude = BigInt(decimal.int + decimal.frac.padEnd(scale, '0'));
  return decimal.negative ? -magnitude : magnitude;
}

/** The inverse of scaledDigits. */
export function fromScaled(value: bigint, scale: number): Decimal {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString();
  return shiftPoint(negative, digits, digits.length - scale);
}

/**
 * Rounds to `digits` decimals (negative digits round to tens, hundreds...). Works on the
 * digits themselves, so there is no binary error: 1.005 → 1.01, ceil(1.1, 1) stays 1.1.
 */
export function roundDecimal(decimal: Decimal, digits: number, mode: RoundingMode): Decimal {
  const scale = decimal.frac.length;
  if (scale <= digits) return decimal;
  const divisor = 10n ** BigInt(scale - digits);
  const magnitude = BigInt(decimal.int + decimal.frac);
  let kept = magnitude / divisor;
  const rest = magnitude % divisor;
  if (rest > 0n && shouldRoundUp(mode, decimal.negative, rest * 2n >= divisor)) kept += 1n;
  const signed = decimal.negative ? -kept : kept;
  if (digits >= 0) return fromScaled(signed, digits);
  return fromScaled(signed * 10n ** BigInt(-digits), 0);
}

/** Whether the magnitude moves away from zero; ceil and floor depend on the sign. */
function shouldRoundUp(mode: RoundingMode, negative: boolean, atLeastHalf: boolean): boolean {
  switch (mode) {
    case 'halfAwayFromZero':
      return atLeastHalf;
    case 'ceil':
      return !negative;
    case 'floor':
      return negative;
    case 'truncate':
      return false;
  }
}

function groupThousands(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+$)/g, ',');
}

const moneyMaxDecimal = parseDecimalText(moneyMaxText) as Decimal;

/**
 * "1,234.50": two decimals, half away from zero, thousands separators. Empty for anything
 * that is not a number and for absolute values above moneyMax (checked before rounding).
 */
export function formatCurrency(value: unknown): string {
  const decimal = toDecimal(value);
  if (!decimal || compareMagnitude(decimal, moneyMaxDecimal) > 0) return '';
  const rounded = roundDecimal(decimal, 2, 'halfAwayFromZero');
  const sign = rounded.negative && !isZero(rounded) ? '-' : '';
  return `${sign}${groupThousands(rounded.int)}.${rounded.frac.padEnd(2, '0')}`;
}

// ---------------------------------------------------------------------------------------
// Chinese capitals (大写金额)

const capitalDigits = '零壹贰叁肆伍陆柒捌玖';
const sectionUnits = ['', '拾', '佰', '仟'];
const fractionUnits = ['角', '分', '厘', '毫'];
const tooLarge: RuleFailure = { key: 'common:money.tooLarge' };
const notANumber: RuleFailure = { key: 'rules:form.number' };

function capitalDigit(digit: string): string {
  return capitalDigits.charAt(Number(digit));
}

/** Reads 1–4 digits without leading zeros: a run of inner zeros is one 零, trailing zeros vanish. */
function readSection(digits: string): string {
  let text = '';
  let zeroPending = false;
  for (let index = 0; index < digits.length; index += 1) {
    const digit = digits.charAt(index);
    if (digit === '0') {
      zeroPending = true;
      continue;
    }
    if (zeroPending) text += '零';
    zeroPending = false;
    text += capitalDigit(digit) + sectionUnits[digits.length - 1 - index];
  }
  return text;
}

/**
 * Reads a positive integer without leading zeros. Above 8 digits it splits at 亿, above 4 at
 * 万, so 1e12 reads 壹万亿 and 100010000 reads 壹亿零壹万, the way nzh does.
 */
function readInteger(digits: string): string {
  if (digits.length > 8) return readInteger(digits.slice(0, -8)) + '亿' + readLow(digits.slice(-8));
  if (digits.length > 4) return readInteger(digits.slice(0, -4)) + '万' + readLow(digits.slice(-4));
  return readSection(digits);
}

/** The part below a 亿 or 万: empty when all zeros, led by 零 when it starts with a zero. */
function readLow(digits: string): string {
  const significant = digits.replace(/^0+/, '');
  if (significant === '') return '';
  return (significant.length < digits.length ? '零' : '') + readInteger(significant);
}

/**
 * 角 分 厘 毫. A zero between something already read (the 元, or an earlier fraction digit)
 * and a later non-zero digit becomes one 零; leading zeros after a zero integer do not.
 */
function readFraction(frac: string, afterYuan: boolean): string {
  let text = '';
  let zeroPending = false;
  for (let index = 0; index < frac.length; index += 1) {
    const digit = frac.charAt(index);
    if (digit === '0') {
      zeroPending = afterYuan || text !== '';
      continue;
    }
    if (zeroPending) text += '零';
    zeroPending = false;
    text += capitalDigit(digit) + fractionUnits[index];
  }
  return text;
}

/**
 * The wording shared by both converters, following nzh's toMoney: 整 only when the amount
 * was written without decimals (so "1.00" reads 壹元), 零元 is left out when there are 角/分,
 * and an explicit minus sign gives 负, even on zero ("-0" → 负零元整, as nzh does).
 */
function readAmount(decimal: Decimal): string {
  const integerText = decimal.int === '0' ? '' : readInteger(decimal.int);
  const fractionText = readFraction(decimal.frac, integerText !== '');
  let text = integerText === '' && fractionText !== '' ? '' : `${integerText || '零'}元`;
  text += fractionText;
  if (decimal.frac === '') text += '整';
  return (decimal.negative ? '负' : '') + text;
}

/**
 * Number → decimal text for the notice converter. String() already gives clean text for
 * literals below 1e15; when it shows more than 4 decimals only because of binary noise
 * (0.3 - 0.1 = 0.19999999999999998) the value snaps to 4 decimals, otherwise the extra
 * digits are cut like any other beyond the 4th.
 */
function noticeDecimalFromNumber(value: number): Decimal | undefined {
  const decimal = toDecimal(value);
  if (!decimal || decimal.frac.length <= 4) return decimal;
  const snapped = value.toFixed(4);
  const noise = Math.abs(Number(snapped) - value);
  if (noise <= Math.abs(value) * 4 * Number.EPSILON) return parseDecimalText(snapped);
  return decimal;
}

/**
 * The notice converter: accepts absolute values below 1e15 with up to 4 decimals (角 分 厘 毫);
 * digits beyond the 4th are ignored. Strings may carry separators and currency signs.
 */
export function toChineseCapitals(value: number | string): { text: string; failure?: RuleFailure } {
  const decimal = typeof value === 'number' ? noticeDecimalFromNumber(value) : toDecimal(value);
  if (!decimal) return { text: '', failure: notANumber };
  if (decimal.int.length > 15) return { text: '', failure: tooLarge };
  return { text: readAmount({ ...decimal, frac: decimal.frac.slice(0, 4) }) };
}

const zeroYuan = '零元整';
const groupedInteger = /^\d{1,3}(,\d{3})+$/;

/**
 * The shared library's stricter variant: only digits, commas and one dot; grouped
 * ("1,234,567.89") or plain; at most 99999999999.99; decimals past the second are ignored;
 * an empty input or a zero amount reads 零元整. Surrounding spaces are ignored.
 */
export function toChineseCapitalsStrict(input: string | number | null | undefined): {
  text: string;
  failure?: RuleFailure;
} {
  const text = strictInputText(input);
  if (text === '') return { text: zeroYuan };
  if (/[^\d,.]/.test(text) || text.indexOf('.') !== text.lastIndexOf('.')) {
    return { text: '', failure: { key: 'rules:money.characters' } };
  }
  const [intPart = '', fracPart = ''] = text.split('.');
  const badGrouping = intPart.includes(',') && !groupedInteger.test(intPart);
  if (badGrouping || fracPart.includes(',') || (intPart === '' && fracPart === '')) {
    return { text: '', failure: { key: 'rules:money.format' } };
  }
  const decimal = makeDecimal(false, intPart.replace(/,/g, ''), fracPart.slice(0, 2));
  if (compareMagnitude(decimal, moneyMaxDecimal) > 0) return { text: '', failure: tooLarge };
  return { text: isZero(decimal) ? zeroYuan : readAmount(decimal) };
}

function strictInputText(input: string | number | null | undefined): string {
  if (input === null || input === undefined) return '';
  if (typeof input === 'number') {
    const decimal = toDecimal(input);
    // NaN and Infinity are not amounts; 'NaN' trips the character check below.
    return decimal ? decimalToString(decimal) : String(input);
  }
  return input.trim();
}
