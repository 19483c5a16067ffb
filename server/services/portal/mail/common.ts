import type { QueryFilter } from '../../../domain/workflow/queries/filter';

export { idList } from '../../bpm-runtime/workflow/common';

/** Page and size of a QueryFilter (1 and 20 when missing). */
export function pageOf(filter: QueryFilter | undefined) {
  const page = filter?.pageBean?.page ?? 1;
  const pageSize = filter?.pageBean?.pageSize ?? 20;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** The value of one property among the QueryFilter's querys (or params), as text. */
export function queryValue(filter: QueryFilter | undefined, property: string): string {
  const query = filter?.querys?.find((item) => item.property === property);
  const value = query?.value ?? filter?.params?.[property];
  return value === undefined || value === null ? '' : String(value).trim();
}

/** LIKE pattern of user text: its own % and _ match themselves. */
export { containing as likePattern } from '../../../lib/like';
