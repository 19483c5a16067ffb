import { Type } from 'typebox';

/** An id as the API takes it (a snowflake id, or a key). */
export const id = Type.String({ minLength: 1, maxLength: 64 });

/** Optional text of at most `maxLength` characters. */
export const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
