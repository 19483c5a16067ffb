import { useStore } from '@nanostores/react';
import { createContext, useCallback, useContext } from 'react';
import { t as translate } from '../core/i18n';
import { $language, type Language } from '../core/language';
import type { RuleFailure } from '../core/rules/types';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The language an element's own `lang` attribute asks for; null follows the shared one. */
export const ElementLanguage = createContext<Language | null>(null);

/**
 * The language to draw in: the element's own `lang` when it has one, else the page's shared
 * language; components re-render when either changes.
 */
export function useLanguage(): Language {
  const shared = useStore($language);
  return useContext(ElementLanguage) ?? shared;
}

/** A translate function bound to the current language. */
export function useT(): Translate {
  const language = useLanguage();
  return useCallback(
    (key, params = {}) => translate(key, { ...params, lng: language }),
    [language],
  );
}

/** The message of a validation failure, or undefined when there is none. */
export function useFailureText(): (failure: RuleFailure | undefined) => string | undefined {
  const t = useT();
  return useCallback((failure) => (failure ? t(failure.key, failure.params) : undefined), [t]);
}

/**
 * A value as the reader reads it: the platform writes its yes/no flags as 是 and 否 (the SMS
 * flags of a contract print record); an English reader gets Yes and No. Other values as they are.
 */
export function answerText(value: unknown, t: Translate): string {
  if (value === '是') return t('common:answers.yes');
  if (value === '否') return t('common:answers.no');
  return value === undefined || value === null ? '' : String(value);
}
