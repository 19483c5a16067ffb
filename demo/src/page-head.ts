import { useEffect } from 'react';
import { t } from '../../src/core/i18n';
import type { Language } from '../../src/core/language';

/**
 * The window's title and the description search engines show (issue 40, part 4): per public
 * page and language, from `portal:head` (`portal` is every other page: the portal's name).
 * The build writes the login page's into its HTML (scripts/prerender.tsx); the host page
 * keeps them current as the reader moves and switches language.
 */
export type PageHeadKey =
  'portal' | 'login' | 'signup' | 'news' | 'about' | 'floorMap' | 'resetPassword';

export function pageHead(key: PageHeadKey, language?: Language) {
  const options = language ? { lng: language } : {};
  const portal = t('portal:brand.name', options);
  return {
    title: key === 'portal' ? portal : `${t(`portal:head.${key}.title`, options)} - ${portal}`,
    description: t(`portal:head.${key}.description`, options),
  };
}

/** Sets the head of the page in view; null leaves it to the page (the login page's tabs). */
export function usePageHead(key: PageHeadKey | null, language: Language): void {
  useEffect(() => {
    if (!key) return;
    const { title, description } = pageHead(key, language);
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [key, language]);
}
