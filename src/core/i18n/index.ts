import i18next, { type i18n as I18n, type TOptions } from 'i18next';
import { $language, defaultLanguage, type Language } from '../language';
import { shared } from '../shared';
import commonEn from './en-US/common.json';
import rulesEn from './en-US/rules.json';
import commonZh from './zh-CN/common.json';
import rulesZh from './zh-CN/rules.json';

export type Messages = { [key: string]: string | Messages };
export type MessageBundles = Record<Language, Messages>;

export const i18n: I18n = shared('i18n', () => {
  const instance = i18next.createInstance();
  void instance.init({
    lng: $language.get(),
    fallbackLng: defaultLanguage,
    supportedLngs: ['zh-CN', 'en-US'],
    defaultNS: 'common',
    ns: ['common', 'rules'],
    // Common texts and validation messages are needed everywhere; domains add their own.
    resources: {
      'zh-CN': { common: commonZh, rules: rulesZh },
      'en-US': { common: commonEn, rules: rulesEn },
    },
    // React escapes what it renders; escaping here too would show &amp; to users.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  $language.listen((language) => void instance.changeLanguage(language));
  return instance;
});

/** Registers a domain's messages (`login`, `finance`, ...) once per page. */
export function addMessages(namespace: string, bundles: MessageBundles): void {
  for (const [language, messages] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, messages, true, false);
    }
  }
}

/** Translates in the current language (or the one given). Keys look like `login:account.required`. */
export function t(key: string, options: TOptions & { lng?: Language } = {}): string {
  return i18n.t(key, { lng: $language.get(), ...options }) as string;
}
