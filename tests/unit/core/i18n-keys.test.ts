import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';

/**
 * The pure modules return message keys; every key they can return must exist in both
 * languages, and both rules.json files must have the same keys.
 */
const root = join(import.meta.dirname, '../../..');
const i18nDir = join(root, 'src/core/i18n');

type Messages = { [key: string]: string | Messages };

function load(language: string, namespace: string): Messages {
  return JSON.parse(readFileSync(join(i18nDir, language, `${namespace}.json`), 'utf8')) as Messages;
}

/** Every message with its dotted key. */
function flatEntries(messages: Messages, prefix = ''): [key: string, text: string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[prefix + key, value]] : flatEntries(value, `${prefix}${key}.`),
  );
}

function flatKeys(messages: Messages): string[] {
  return flatEntries(messages).map(([key]) => key);
}

const languages = ['zh-CN', 'en-US'];
const keysByLanguage = new Map(
  languages.map((language) => [
    language,
    new Set(
      ['rules', 'common'].flatMap((namespace) =>
        flatKeys(load(language, namespace)).map((key) => `${namespace}:${key}`),
      ),
    ),
  ]),
);

const sources = [
  'src/core/money.ts',
  'src/core/formula.ts',
  'src/core/dates.ts',
  'src/core/greeting.ts',
  'src/core/paging.ts',
  ...readdirSync(join(root, 'src/core/rules')).map((file) => `src/core/rules/${file}`),
];

/** Keys written out in full, plus the ones the sources build from a prefix. */
function keysInSources(): string[] {
  const keys = new Set<string>();
  for (const source of sources) {
    const text = readFileSync(join(root, source), 'utf8');
    for (const match of text.matchAll(/'((?:rules|common):[\w.]+)'/g)) keys.add(match[1] ?? '');
    // rule-string.ts builds `rules:form.${key}` from short names given to fail().
    if (source.endsWith('rule-string.ts')) {
      for (const match of text.matchAll(/fail\('(\w+)'/g)) keys.add(`rules:form.${match[1]}`);
      for (const match of text.matchAll(/(?:Rule|valueRule)\('(\w+)'/g))
        keys.add(`rules:form.${match[1]}`);
    }
  }
  for (const rule of [2, 3, 4]) keys.add(`rules:password.rule${rule}`);
  return [...keys];
}

describe('message keys', () => {
  it('zh-CN and en-US rules.json have the same keys', () => {
    const zh = flatKeys(load('zh-CN', 'rules')).sort();
    const en = flatKeys(load('en-US', 'rules')).sort();
    expect(en).toEqual(zh);
    expect(zh.length).toBeGreaterThan(40);
  });

  it('no message is empty', () => {
    for (const language of languages) {
      for (const namespace of ['rules', 'common']) {
        const empty = flatKeys(load(language, namespace)).filter((key) => {
          const value = key
            .split('.')
            .reduce<Messages | string | undefined>(
              (node, part) => (typeof node === 'object' ? node[part] : undefined),
              load(language, namespace),
            );
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it('every key the pure modules return exists in both languages', () => {
    const keys = keysInSources();
    expect(keys).toContain('rules:money.characters');
    expect(keys).toContain('rules:form.unknownRule');
    expect(keys).toContain('rules:form.dateRangeStart');
    expect(keys).toContain('common:greeting.evening');
    expect(keys.length).toBeGreaterThan(60);
    for (const language of languages) {
      const missing = keys.filter((key) => !keysByLanguage.get(language)?.has(key));
      expect(missing, language).toEqual([]);
    }
  });

  it('keeps the Chinese texts the spec prescribes', () => {
    const zh = load('zh-CN', 'rules');
    const money = zh.money as Messages;
    expect(money.characters).toBe('金额只能包含数字、逗号和小数点');
    expect(money.format).toBe('金额格式不正确');
    expect((zh.login as Messages).accountFormat).toBe('账号格式不符合规范');
    expect((load('zh-CN', 'common').money as Messages).tooLarge).toBe('超出最大处理数字');
  });
});

describe('English messages', () => {
  // The portal's fonts are CJK fonts (their Latin included), which draw these full width: in
  // English “Mail settings” read as a wide gap, a quote mark and a word.
  const fullWidth = /[“”‘’，。：；（）！？、【】《》]/;

  it('use no punctuation that the CJK fonts draw full width', () => {
    const english = join(i18nDir, 'en-US');
    const found = readdirSync(english).flatMap((file) => {
      const messages = JSON.parse(readFileSync(join(english, file), 'utf8')) as Messages;
      return flatEntries(messages)
        .filter(([, text]) => fullWidth.test(text))
        .map(([key]) => `${file}: ${key}`);
    });
    expect(found).toEqual([]);
  });
});

/**
 * A workflow action has one name in each language wherever it is shown: the server names the
 * task page's buttons and the history's records, the browser its action dialogs and opinion
 * tags. A record reads the same in both catalogues; a dialog's title starts with its
 * button's label (转办 opens 转办, Delegate opens Delegate; a title may say more: 终止 opens
 * 终止流程). English once had Hand over for the button and Delegated for the record.
 */
describe('workflow actions', () => {
  it.each(languages)('are named alike by the server and the browser in %s', (language) => {
    type Catalogue = {
      workflow: { button: Record<string, string>; action: Record<string, string> };
    };
    const server = JSON.parse(
      readFileSync(join(root, 'server/i18n', `${language}.json`), 'utf8'),
    ) as Catalogue;
    const browser = load(language, 'workflow') as {
      opinion: Record<string, string>;
      actions: { title: Record<string, string> };
    };
    const records = Object.entries(browser.opinion).filter(
      ([key, text]) => key in server.workflow.action && server.workflow.action[key] !== text,
    );
    const titles = Object.entries(browser.actions.title).filter(
      ([key, title]) =>
        key in server.workflow.button && !title.startsWith(server.workflow.button[key]!),
    );
    expect(records).toEqual([]);
    expect(titles).toEqual([]);
    expect(
      Object.keys(browser.opinion).filter((key) => key in server.workflow.action).length,
    ).toBeGreaterThan(8);
  });
});
