import rulesEn from '../../src/core/i18n/en-US/rules.json' with { type: 'json' };
import rulesZh from '../../src/core/i18n/zh-CN/rules.json' with { type: 'json' };
import commonEn from '../../src/core/i18n/en-US/common.json' with { type: 'json' };
import commonZh from '../../src/core/i18n/zh-CN/common.json' with { type: 'json' };
import printEn from '../../src/core/i18n/en-US/print.json' with { type: 'json' };
import printZh from '../../src/core/i18n/zh-CN/print.json' with { type: 'json' };
import workflowEn from '../../src/core/i18n/en-US/workflow.json' with { type: 'json' };
import workflowZh from '../../src/core/i18n/zh-CN/workflow.json' with { type: 'json' };
import formsEn from '../../src/core/i18n/en-US/forms.json' with { type: 'json' };
import formsZh from '../../src/core/i18n/zh-CN/forms.json' with { type: 'json' };
import serverEn from './en-US.json' with { type: 'json' };
import serverZh from './zh-CN.json' with { type: 'json' };

/**
 * Server-side messages. Validation messages shared with the browser (`rules:`, `common:`)
 * and the workflow status names (`workflow:`, for report legends) come from the same
 * resource files the elements use, so the two can never disagree; `server:` messages are
 * the server's own.
 */
export type Language = 'zh-CN' | 'en-US';
type Catalog = { [key: string]: string | Catalog };

const catalogs: Record<Language, Record<string, Catalog>> = {
  'zh-CN': {
    rules: rulesZh,
    common: commonZh,
    print: printZh,
    workflow: workflowZh,
    forms: formsZh,
    server: serverZh,
  },
  'en-US': {
    rules: rulesEn,
    common: commonEn,
    print: printEn,
    workflow: workflowEn,
    forms: formsEn,
    server: serverEn,
  },
};

export type Params = Record<string, string | number>;

/** zh-CN unless the client asks for English first. */
export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';
}

function lookup(catalog: Catalog | undefined, path: string[]): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of path) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `translate('en-US', 'rules:login.accountRequired')`; a key without namespace is `server:`. */
export function translate(language: Language, key: string, params: Params = {}): string {
  const [namespace, path] = key.includes(':')
    ? (key.split(':', 2) as [string, string])
    : ['server', key];
  const text =
    lookup(catalogs[language][namespace], path.split('.')) ??
    lookup(catalogs['zh-CN'][namespace], path.split('.')) ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
