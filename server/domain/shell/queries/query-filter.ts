import type { QueryFilter } from '../../../../src/contract/envelope';
import { badRequest } from '../../../lib/errors';
import type { Filters } from './registry';

/** The parts of the platform's QueryFilter (the contract's) that named queries read. */
export type QueryFilterBody = Pick<QueryFilter, 'pageBean' | 'querys' | 'count'>;

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * Filters from the querys of a QueryFilter. A date range comes either as one BETWEEN with a
 * [from, to] value or as GREAT_EQUAL and LESS_EQUAL on the same property; every other
 * operation is a plain value (the named query decides substring or equality).
 */
export function filtersOf(body: QueryFilterBody | null | undefined): Filters {
  const filters: Filters = {};
  const ranges = new Map<string, [string, string]>();
  for (const query of body?.querys ?? []) {
    const operation = (query.operation ?? 'LIKE').toUpperCase();
    if (operation === 'BETWEEN') {
      const [from, to] = Array.isArray(query.value) ? query.value : [];
      filters[query.property] = [text(from), text(to)];
    } else if (operation === 'GREAT_EQUAL' || operation === 'LESS_EQUAL') {
      const range = ranges.get(query.property) ?? ['', ''];
      range[operation === 'GREAT_EQUAL' ? 0 : 1] = text(query.value);
      ranges.set(query.property, range);
    } else {
      if (Array.isArray(query.value) || (query.value !== null && typeof query.value === 'object')) {
        throw badRequest('server:shell.queryBadValue', { field: query.property });
      }
      filters[query.property] = text(query.value);
    }
  }
  for (const [property, range] of ranges) filters[property] = range;
  return filters;
}

export function pageOf(body: QueryFilterBody | null | undefined, defaultSize: number) {
  return {
    page: body?.pageBean?.page ?? 1,
    pageSize: body?.pageBean?.pageSize ?? defaultSize,
  };
}
