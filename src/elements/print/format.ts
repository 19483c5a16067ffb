import { formatCurrency, toChineseCapitals } from '../../core/money';
import type { Translate } from '../../ui/i18n';

/** Amounts on the printed forms (spec section 5). */

export const isZeroOrEmpty = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || Number(value) === 0;

/** An amount line: a dash when zero or empty, else 1,234.50. */
export function amountText(value: unknown): string {
  if (isZeroOrEmpty(value)) return '-';
  return formatCurrency(value) || '-';
}

/**
 * A total in Chinese capitals with the notices' converter. Past its limit the converter
 * gives no text but its message (超出最大处理数字), which then stands in its place.
 */
export function capitalsText(value: unknown, t: Translate): string {
  const amount = typeof value === 'number' ? value : Number(value ?? 0);
  const { text, failure } = toChineseCapitals(Number.isFinite(amount) ? amount : 0);
  return failure ? t(failure.key, failure.params) : text;
}

/** Plain text of a field ('' for null). */
export const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/** A rate such as 0.18 as 18.00%. */
export function percentText(value: unknown): string {
  const rate = Number(value);
  return Number.isFinite(rate) ? `${(rate * 100).toFixed(2)}%` : '';
}

/** Splits items into groups of `size` (pages of lines, pairs of records). */
export function groups<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += size) {
    result.push(items.slice(index, index + size));
  }
  return result.length > 0 ? result : [[]];
}
