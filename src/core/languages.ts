/**
 * The languages of the portal: what the server and the browser both read. The browser's
 * choice of one (a store kept in localStorage) is src/core/language.ts.
 */
export const languages = ['zh-CN', 'en-US'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
