import type { ReactNode } from 'react';
import { formatDate } from '../../core/dates';
import { formatCurrency, parseAmount } from '../../core/money';

/** How a column's values look, sort and export. */
export type ColumnKind = 'text' | 'money' | 'number' | 'date' | 'index';

export interface Column<Row> {
  /** Field of the row (the API's name, e.g. HTH). */
  key: string;
  title: string;
  width?: number;
  kind?: ColumnKind;
  /** Header click sorts by this column (default: yes, except index and render-only columns). */
  sortable?: boolean;
  /** A custom cell (links, buttons); such columns are left out of exports unless `value` is set. */
  render?: (row: Row, index: number) => ReactNode;
  /** The value to sort and export when it differs from `row[key]`. */
  value?: (row: Row) => unknown;
  /**
   * Kept in view while the table scrolls sideways: 'start' on the left, 'end' on the right.
   * By default the first identity column (with the index before it) and the row actions are.
   */
  pin?: 'start' | 'end' | false;
  /**
   * On a phone's card (Cards.tsx), this column is the title: the full width, above the other
   * fields. By default the first column is (a list's own name for the row, in most lists);
   * a task list's first column is its type badge, and its subject says what the row is.
   */
  cardTitle?: boolean;
}

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function rawValue<Row>(column: Column<Row>, row: Row): unknown {
  return column.value ? column.value(row) : (row as Record<string, unknown>)[column.key];
}

/** The text a cell shows: amounts with thousands separators and two decimals, dates as YYYY-MM-DD. */
export function cellText<Row>(column: Column<Row>, row: Row, index: number): string {
  if (column.kind === 'index') return String(index + 1);
  const value = rawValue(column, row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'money':
      return formatCurrency(value);
    case 'number': {
      const number = parseAmount(value);
      return Number.isNaN(number) ? String(value) : integerFormat.format(number);
    }
    case 'date':
      return formatDate(value) || String(value);
    default:
      return String(value);
  }
}

/**
 * A column is at least as wide as its header: widths are set for the Chinese titles, and the
 * English ones are often longer. Estimated, not measured (no layout pass per header): bold
 * 14 px text, about 15 px per CJK character and 8.5 px per other, 24 px of cell padding and
 * 16 px for the sort mark.
 */
export function columnWidth<Row>(column: Column<Row>): number {
  let text = 0;
  for (const char of column.title) text += /[\u2e80-\uffff]/.test(char) ? 15 : 8.5;
  const header = Math.ceil(text + 24 + (isSortable(column) ? 16 : 0));
  return Math.max(column.width ?? 140, header);
}

export const isNumeric = (kind: ColumnKind | undefined) => kind === 'money' || kind === 'number';

export function isSortable<Row>(column: Column<Row>): boolean {
  if (column.sortable !== undefined) return column.sortable;
  return column.kind !== 'index' && (!column.render || Boolean(column.value));
}

export function isExportable<Row>(column: Column<Row>): boolean {
  return column.kind === 'index' || !column.render || Boolean(column.value);
}

/** The row actions column (打印, 发票, 删除 ...): kept at the right edge and at a card's foot. */
export const isActions = <Row>(column: Column<Row>) => column.key === 'actions';

/**
 * Which columns stay in view when the table scrolls sideways, and their offsets from the edge.
 * Without an explicit `pin`, the index column and the first column after it stay at the left
 * (what the row is) and the actions at the right (what can be done with it).
 */
export function pinsOf<Row>(
  columns: readonly Column<Row>[],
  widths: readonly number[],
): ({ side: 'left' | 'right'; offset: number } | null)[] {
  const explicit = columns.some((column) => column.pin !== undefined);
  const identity = columns.findIndex((column) => column.kind !== 'index');
  const side = (column: Column<Row>, index: number) => {
    if (explicit) return column.pin || null;
    if (isActions(column)) return 'end';
    return index <= identity ? 'start' : null;
  };
  const sides = columns.map(side);
  return sides.map((pin, index) => {
    if (pin === 'start') {
      const before = widths.slice(0, index).filter((_, i) => sides[i] === 'start');
      return { side: 'left', offset: before.reduce((sum, width) => sum + width, 0) };
    }
    if (pin === 'end') {
      const after = widths.slice(index + 1).filter((_, i) => sides[index + 1 + i] === 'end');
      return { side: 'right', offset: after.reduce((sum, width) => sum + width, 0) };
    }
    return null;
  });
}
