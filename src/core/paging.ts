import type { RuleFailure } from './rules/types';

/** Print pages: settlement lines and invoicing-confirmation lines per page. */
export const settlementLinesPerPage = 9;
export const invoicingLinesPerPage = 7;

/** Pages needed for `total` lines; an empty list still prints one (blank) page. */
export function pageCount(total: number, perPage: number): number {
  if (!(perPage > 0) || !(total > 0)) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/** The lines of one page, counting pages from 1; empty outside the range. */
export function pageItems<T>(items: readonly T[], page: number, perPage: number): T[] {
  if (!Number.isInteger(page) || page < 1 || !(perPage > 0)) return [];
  return items.slice((page - 1) * perPage, page * perPage);
}

export type PageTurn = { page: number } | { alert: RuleFailure };

/** The page after a previous/next click, or the alert to show when there is none. */
export function turnPage(current: number, total: number, direction: 'previous' | 'next'): PageTurn {
  if (total <= 1) {
    const key =
      direction === 'previous' ? 'common:paging.onlyOnePrevious' : 'common:paging.onlyOneNext';
    return { alert: { key } };
  }
  if (direction === 'previous') {
    return current <= 1
      ? { alert: { key: 'common:paging.first' } }
      : { page: Math.min(current, total) - 1 };
  }
  return current >= total
    ? { alert: { key: 'common:paging.last' } }
    : { page: Math.max(current, 0) + 1 };
}
