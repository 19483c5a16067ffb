import { badRequest } from '../../lib/errors';
import { filtersOf, type QueryFilterBody } from '../shell/queries/query-filter';

/** Paging and text filters of the directory's lists (docs/directory.md). */

/** The most rows one directory page answers, whatever the request asks for. */
export const maxDirectoryPageSize = 50;

export interface Paging {
  page: number;
  pageSize: number;
}

export function pagingOf(body: QueryFilterBody | null | undefined, defaultSize = 20): Paging {
  const page = Math.max(1, Math.min(10_000, Math.trunc(body?.pageBean?.page ?? 1) || 1));
  const asked = Math.trunc(body?.pageBean?.pageSize ?? defaultSize) || defaultSize;
  return { page, pageSize: Math.max(1, Math.min(maxDirectoryPageSize, asked)) };
}

/** The querys of a QueryFilter as text values, refusing properties the call does not know. */
export function textFilters(
  body: QueryFilterBody | null | undefined,
  known: readonly string[],
): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [property, value] of Object.entries(filtersOf(body))) {
    if (!known.includes(property))
      throw badRequest('server:shell.queryUnknownField', { field: property });
    if (typeof value !== 'string')
      throw badRequest('server:shell.queryBadValue', { field: property });
    // `ids` lists up to 100 ids (searchPeople's limit), each up to 64 characters.
    const limit = property === 'ids' ? 100 * 65 : 100;
    if (value.length > limit) throw badRequest('server:shell.queryBadValue', { field: property });
    filters[property] = value.trim();
  }
  return filters;
}

export interface PageList<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}
