import { atom } from 'nanostores';
import { shared } from './shared';
import { readStored, writeStored } from './storage';
import { defaultLanguage, isLanguage, type Language } from './languages';

// Browser code reads the languages from here with the store; the server from ./languages.
export { defaultLanguage, isLanguage, languages, type Language } from './languages';

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

/**
 * The language an HTML `lang` value asks for: any English tag (en, en-GB) is en-US, any
 * Chinese one (zh, zh-Hans) zh-CN; a tag of another language, an empty or absent one, none.
 */
export function languageFromTag(tag: string | null | undefined): Language | null {
  const primary = String(tag ?? '')
    .trim()
    .toLowerCase()
    .split(/[-_]/)[0];
  if (primary === 'en') return 'en-US';
  if (primary === 'zh') return 'zh-CN';
  return null;
}
