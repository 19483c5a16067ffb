import { Type } from 'typebox';

/** An id as the API takes it (a snowflake id, or a key). */
export const id = Type.String({ minLength: 1, maxLength: 64 });

/** Optional text of at most `maxLength` characters. */
export const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

/** Which rows to remove: ids, comma-separated. */
export const idsQuery = Type.Object({ ids: Type.String({ minLength: 1, maxLength: 5000 }) });

/** A list call's body, not read: the list is every row of the caller, in one page. */
export const unreadBody = Type.Optional(Type.Object({}, { additionalProperties: true }));
