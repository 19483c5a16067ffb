import { parseAmount } from '../../core/money';
import { isNumeric, rawValue, type Column } from './columns';

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

const collator = new Intl.Collator(['zh-CN', 'en-US'], { numeric: true });

/** Empty values sort last in both directions; numbers as numbers, text by collation. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: Column<Row>[],
  sort: SortState | null,
): readonly Row[] {
  if (!sort) return rows;
  const column = columns.find((candidate) => candidate.key === sort.key);
  if (!column) return rows;
  const numeric = isNumeric(column.kind);
  const sign = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => {
    const value = rawValue(column, row);
    const empty = value === null || value === undefined || value === '';
    return { row, index, empty, value: numeric ? parseAmount(value) : String(value ?? '') };
  });
  keyed.sort((a, b) => {
    if (a.empty !== b.empty) return a.empty ? 1 : -1;
    const order = numeric
      ? (a.value as number) - (b.value as number)
      : collator.compare(a.value as string, b.value as string);
    return order * sign || a.index - b.index;
  });
  return keyed.map((entry) => entry.row);
}

/** asc → desc → unsorted, as users expect from a header click. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}
