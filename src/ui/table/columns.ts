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
   * A code column: each stored code and the words shown for it in the reader's language
   * (`{ '1': '已确认', '0': '未确认' }`); exports write the same words (issue 36).
   */
  codes?: Record<string, string>;
  /** Its values are identifiers read whole (a contract number): never narrowed to fit. */
  whole?: boolean;
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
  /**
   * On a phone's card every value wraps (the card grows) and is cut with "…" after three
   * lines. A column that is the point of the row and runs long (a request's subject, the steps
   * and people it waits on) asks for its lines here: a field with more than one takes a whole
   * line of the card, and keeps its lines if it asks for more than three.
   */
  cardLines?: number;
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
  if (column.codes) return column.codes[String(value)] ?? String(value);
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

/** Estimated width of bold 14 px text: about 15 px per CJK character and 8.5 px per other. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2e80-\uffff]/.test(char) ? 15 : 8.5;
  return width;
}

/**
 * A column is at least as wide as its header: widths are set for the Chinese titles, and the
 * English ones are often longer. A header may take two lines (its words and its sort mark
 * wrap), so it needs its longest word and half of the whole title; estimated, not measured
 * (no layout pass per header), with 20 px of cell padding. A header drawn wider than this
 * widens its column (Table measures them once drawn).
 */
export function headerWidth<Row>(column: Column<Row>): number {
  const longest = Math.max(...column.title.split(/\s+/).map(textWidth));
  const mark = isSortable(column) ? 14 : 0;
  return Math.ceil(Math.max(longest, (textWidth(column.title) + mark) / 2, mark) + 20);
}

export function columnWidth<Row>(column: Column<Row>): number {
  // A code column shows one of a few known words (已确认, Not confirmed): room for the longest.
  const words = column.codes ? Object.values(column.codes).map((word) => textWidth(word) + 20) : [];
  return Math.ceil(Math.max(column.width ?? 140, headerWidth(column), ...words));
}

/**
 * Free text columns (names) give way so that amounts, dates, statuses (code columns) and
 * actions stay in view.
 */
export const givesWay = <Row>(column: Column<Row>) =>
  (column.kind ?? 'text') === 'text' &&
  !column.render &&
  !column.whole &&
  !column.codes &&
  !isActions(column);

/** The narrowest a text column is fitted to: its header, and room for a few characters. */
const fittedMinimum = <Row>(column: Column<Row>) => Math.max(headerWidth(column), 96);

/**
 * Widths that fit `available` px where they can: when the columns are wider, the widest text
 * columns (a merchant's name first) are brought down to a common width, never below their
 * minimum, and show the rest of their text in a tooltip; amounts, dates and actions keep
 * their width, and so does the pinned column that says what the row is, so a laptop sees
 * every amount without scrolling sideways.
 */
export function fitWidths<Row>(
  columns: readonly Column<Row>[],
  widths: readonly number[],
  available: number,
  /** Widths measured as needed (a header drawn wider than estimated): never gone below. */
  floors: readonly number[] = [],
): number[] {
  // What the row is (the pinned identity column: a contract number) is never cut either.
  const sides = pinSides(columns);
  const at = (level: number) =>
    widths.map((width, i) =>
      givesWay(columns[i]!) && sides[i] !== 'start'
        ? Math.min(width, Math.max(fittedMinimum(columns[i]!), floors[i] ?? 0, level))
        : width,
    );
  const sum = (list: number[]) => list.reduce((total, width) => total + width, 0);
  if (available <= 0 || sum([...widths]) <= available) return [...widths];
  // The highest common width that fits, found by halving (widths are a few hundred px).
  let low = 0;
  let high = Math.max(...widths);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (sum(at(middle)) <= available) low = middle;
    else high = middle;
  }
  return at(low);
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

/** Which side each column is kept at while the table scrolls sideways, if any. */
function pinSides<Row>(columns: readonly Column<Row>[]): ('start' | 'end' | null)[] {
  const explicit = columns.some((column) => column.pin !== undefined);
  const identity = columns.findIndex((column) => column.kind !== 'index');
  return columns.map((column, index) => {
    if (explicit) return column.pin || null;
    if (isActions(column)) return 'end';
    return index <= identity ? 'start' : null;
  });
}

/**
 * Which columns stay in view when the table scrolls sideways, and their offsets from the edge.
 * Without an explicit `pin`, the index column and the first column after it stay at the left
 * (what the row is) and the actions at the right (what can be done with it).
 */
export function pinsOf<Row>(
  columns: readonly Column<Row>[],
  widths: readonly number[],
): ({ side: 'left' | 'right'; offset: number } | null)[] {
  const sides = pinSides(columns);
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
