import { atom } from 'nanostores';
import { shared } from './shared';
import { readStored, writeStored } from './storage';

export const languages = ['zh-CN', 'en-US'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The spec keeps the choice in localStorage under `lang`. */
const storageKey = 'lang';

export const $language = shared('language', () => {
  const stored = readStored('local', storageKey);
  const store = atom<Language>(isLanguage(stored) ? stored : defaultLanguage);
  store.listen((value) => writeStored('local', storageKey, value));
  return store;
});

export function setLanguage(language: Language): void {
  $language.set(language);
}
