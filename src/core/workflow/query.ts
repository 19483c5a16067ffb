import type { QueryFilter } from '../../contract/envelope';

export type { QueryFilter };

/** A condition a list sends: the contract's QueryField, with the operations lists use. */
interface SentField {
  property: string;
  value: unknown;
  operation: 'EQUAL' | 'LIKE' | 'IN' | 'BETWEEN' | 'GREAT_EQUAL' | 'LESS_EQUAL';
  relation: 'AND' | 'OR';
  group: string;
}

export interface ListQuery {
  page: number;
  pageSize: number;
  /** Text typed in the search box, matched (LIKE) against any of `searchIn`. */
  search?: string;
  searchIn?: string[];
  /** Exact filters (procDefKey of a /{defKey} route, orgId of a leader's org, ...). */
  equal?: Record<string, string | undefined>;
  sort?: { property: string; direction: 'ASC' | 'DESC' };
  /** false: the server skips the count (total -1); the caller keeps the one it has. */
  showTotal?: boolean;
  /** The `next` of the page before: the server reads the rows after it instead of skipping. */
  after?: string;
}

/**
 * The QueryFilter body of a list: the search text in its own group, its fields joined by OR
 * (so "leave" finds a flow by key or by name); exact filters in the main group, joined by
 * AND; the two groups joined by AND. Blank values are left out, as an empty box means "all".
 */
export function queryFilter(query: ListQuery): QueryFilter {
  const querys: SentField[] = [];
  for (const [property, value] of Object.entries(query.equal ?? {})) {
    if (value === undefined || value.trim() === '') continue;
    querys.push({
      property,
      value: value.trim(),
      operation: 'EQUAL',
      relation: 'AND',
      group: 'main',
    });
  }
  const text = query.search?.trim() ?? '';
  if (text) {
    for (const property of query.searchIn ?? []) {
      querys.push({ property, value: text, operation: 'LIKE', relation: 'OR', group: 'search' });
    }
  }
  return {
    pageBean: {
      page: Math.max(1, query.page),
      pageSize: query.pageSize,
      showTotal: query.showTotal ?? true,
      ...(query.after ? { after: query.after } : {}),
    },
    querys,
    sorter: query.sort ? [query.sort] : [],
    groupRelation: 'AND',
  };
}

/** Pages for a total, at least one. */
export function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}
