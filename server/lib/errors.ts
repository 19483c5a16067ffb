import { translate, type Language, type Params } from '../i18n';

/**
 * An error whose message the user should read, in their language. `key` is a message key
 * (`server:...`, `rules:...`); the error handler translates it and answers with the
 * platform's `{ state: false, message }` envelope.
 */
export class UserError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly params: Params = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
    this.name = 'UserError';
  }

  /** The message in the reader's language; a refusal made of several messages overrides it. */
  describe(language: Language): string {
    return translate(language, this.key, this.params);
  }
}

export const badRequest = (key: string, params?: Params) => new UserError(400, key, params);
export const unauthorized = (key = 'server:unauthorized') => new UserError(401, key);
export const forbidden = (key = 'server:forbidden') => new UserError(403, key);
export const notFound = (key = 'server:notFound') => new UserError(404, key);
export const conflict = (key: string, params?: Params) => new UserError(409, key, params);
