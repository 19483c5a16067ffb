import { Type, type TSchema } from 'typebox';

/** An id as the API takes it (a snowflake id, or a key). */
export const id = Type.String({ minLength: 1, maxLength: 64 });

/** Optional text of at most `maxLength` characters. */
export const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** Which rows to remove: ids, comma-separated. */
export const idsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 5000 }) });

/** A list call's body, not read: the list is every row of the caller, in one page. */
export const unreadBody = Type.Optional(Type.Object({}, { additionalProperties: true }));

/**
 * A list row in a response schema: an object whose fields depend on the query (documented
 * with the query, docs/finance-queries.md and docs/workflow.md). Declared without a type on
 * purpose: fast-json-stringify then hands each row to JSON.stringify, while an
 * `{ type: 'object', additionalProperties: true }` row is walked key by key in generated
 * code, nearly twice the cost (issue 18: 13 µs of a 4-row page, more on a page of 50).
 */
export const listRow = Type.Unsafe<Record<string, unknown>>({
  description: 'One row: an object of the fields the query answers',
});

/** A field that may be null (an answer's: a column with no value). */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
