import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isValidDate } from '../../../src/core/dates';
import { badRequest } from '../../lib/errors';
import { columnRef } from '../../lib/column-ref';
import { containing } from '../../lib/like';

/**
 * Filters of the named queries and the spec's rules for them (merchant-finance.md section
 * 5): text applies only when non-empty after trimming, as a substring match in which the
 * user's %, _ and \ are plain characters; a date or month range applies only when both ends
 * are set. Anything of the wrong type or shape is refused with the filter named.
 */
export type FilterKind = 'text' | 'code' | 'month' | 'date' | 'id';

export interface FilterSpec {
  kind: FilterKind;
  required?: boolean;
}

export type FilterSpecs = Readonly<Record<string, FilterSpec>>;

/** Validated filters: only those that apply, trimmed. */
export type FilterValues = Readonly<Record<string, string>>;

export const maxTextLength = 100;

const patterns: Record<Exclude<FilterKind, 'text'>, RegExp> = {
  code: /^[A-Za-z0-9_-]{1,32}$/,
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  id: /^[A-Za-z0-9_-]{1,64}$/,
};

/**
 * C0 controls and DEL never belong in a search text (PostgreSQL refuses NUL outright), nor
 * do lone UTF-16 surrogates, which cannot be encoded.
 */
const badCharacters =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const fail = (key: string, filter: string, extra: Record<string, string | number> = {}) =>
  badRequest(`server:finance.${key}`, { filter, ...extra });

/** One filter value: undefined when it does not apply; throws when it is malformed. */
export function parseFilter(name: string, spec: FilterSpec, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') throw fail('filterNotText', name);
  if (value.length > maxTextLength) throw fail('filterTooLong', name, { max: maxTextLength });
  const text = value.trim();
  if (badCharacters.test(text)) throw fail('filterCharacters', name);
  if (text === '') return undefined;
  if (spec.kind === 'text') return text;
  if (!patterns[spec.kind].test(text)) throw fail(`filterFormat.${spec.kind}`, name);
  if (spec.kind === 'date' && !isValidDate(text)) throw fail('filterFormat.date', name);
  return text;
}

/** A parameter that must be present (search keys): as parseFilter, but never undefined. */
export function required(name: string, value: unknown, kind: FilterKind = 'text'): string {
  const parsed = parseFilter(name, { kind }, value);
  if (parsed === undefined) throw fail('filterRequired', name);
  return parsed;
}

export function parseFilters(specs: FilterSpecs, input: unknown): FilterValues {
  const given = input ?? {};
  if (typeof given !== 'object' || Array.isArray(given)) {
    throw badRequest('server:finance.filtersNotObject');
  }
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    // Own keys only: "constructor" or "__proto__" must not find something on a prototype.
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) throw fail('filterUnknown', name.slice(0, 64));
    const parsed = parseFilter(name, spec, value);
    if (parsed !== undefined) values[name] = parsed;
  }
  for (const [name, spec] of Object.entries(specs)) {
    if (spec.required && values[name] === undefined) throw fail('filterRequired', name);
  }
  return values;
}

type Condition = RawBuilder<SqlBool>;

/** LIKE pattern for a substring: the user's wildcards and escape character match literally. */
export function containsPattern(text: string): string {
  return containing(text);
}

export function contains(column: string, text: string | undefined): Condition | undefined {
  if (text === undefined) return undefined;
  return sql<SqlBool>`${columnRef(column)} ilike ${containsPattern(text)} escape '\\'`;
}

export function equals(column: string, value: string | undefined): Condition | undefined {
  if (value === undefined) return undefined;
  return sql<SqlBool>`${columnRef(column)} = ${value}`;
}

/** A month column (the first day of its month) within [start, end]; both ends or nothing. */
export function monthRange(column: string, start?: string, end?: string): Condition | undefined {
  if (start === undefined || end === undefined) return undefined;
  return sql<SqlBool>`${columnRef(column)} between ${`${start}-01`}::date and ${`${end}-01`}::date`;
}

/** A date column within [start, end]; both ends or nothing. */
export function dateRange(column: string, start?: string, end?: string): Condition | undefined {
  if (start === undefined || end === undefined) return undefined;
  return sql<SqlBool>`${columnRef(column)} between ${start}::date and ${end}::date`;
}

/**
 * A timestamp whose month, in the business time zone, lies within [start, end]. The bounds
 * are computed once, so an index on the column still serves the range.
 */
export function timestampMonthRange(
  column: string,
  timeZone: string,
  start?: string,
  end?: string,
): Condition | undefined {
  if (start === undefined || end === undefined) return undefined;
  const from = sql`(${`${start}-01`}::timestamp at time zone ${timeZone})`;
  const to = sql`((${`${end}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone})`;
  return sql<SqlBool>`(${columnRef(column)} >= ${from} and ${columnRef(column)} < ${to})`;
}
