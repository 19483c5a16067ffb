/**
 * LIKE patterns from a user's text: its own `%`, `_` and `\` are taken literally (escaped
 * with PostgreSQL's default escape character), so a search for "50%" finds "50%", not
 * everything starting with "50".
 */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Text anywhere in the value. */
export const containing = (text: string) => `%${likeLiteral(text)}%`;

/** Text at the start of the value. */
export const startingWith = (text: string) => `${likeLiteral(text)}%`;
