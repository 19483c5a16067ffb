import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ElementMeta } from '../../src/ui/element/meta';
import { vars } from '../../src/ui/theme';
import { root } from './metas';

export interface CssProperty {
  name: string;
  default?: string;
  description: string;
}

/** What each theme token styles: one line per key of `vars` (a new token without one fails). */
const meanings: Record<keyof typeof vars, string> = {
  primary: 'Main buttons, links, the selected item and active tabs',
  primaryHover: 'Main buttons under the pointer',
  primaryText: 'Text on the primary colour',
  accent: 'Highlights: badges, the tour, festival greetings',
  text: 'Body text',
  textMuted: 'Secondary text: hints, dates, counts, column titles',
  border: 'Borders and dividers',
  surface: 'Background of cards, tables, dialogs and fields',
  surfaceMuted: 'Background of headers, stripes and read-only fields',
  danger: 'Errors, overdue amounts and destructive actions (text)',
  dangerBg: 'Background under danger text',
  success: 'Success and approved states (text)',
  successBg: 'Background under success text',
  warning: 'Warnings and pending states (text)',
  warningBg: 'Background under warning text',
  info: 'Information and in-progress states (text)',
  infoBg: 'Background under info text',
  focus: 'The keyboard focus ring',
  radius: 'Corner radius of cards, buttons and fields',
  font: 'Font family (default: the reader language’s stack)',
  fontSize: 'Base font size',
  space: 'Base spacing unit',
};

/** Set by the element's own code, not by a host page: never listed. */
const internal = new Set(['--atrium-language-font', '--atrium-print-fit']);

/** Every element's base styles read these (src/ui/theme.ts baseStyles). */
const base: (keyof typeof vars)[] = ['font', 'fontSize', 'text'];

function tokenOf(key: keyof typeof vars): CssProperty {
  const match = /^var\((--atrium-[\w-]+), (.*)\)$/s.exec(vars[key]);
  if (!match) throw new Error(`theme token ${key} is not var(--atrium-*, fallback)`);
  return { name: match[1]!, default: match[2]!, description: meanings[key] };
}

/** The source files an entry reaches through relative imports (static and dynamic). */
function moduleGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, path] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), path!);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ending) => base + ending)
        .find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
      if (found) visit(found);
    }
  };
  visit(entry);
  return seen;
}

/**
 * The `--atrium-*` custom properties an element reads: the theme tokens its modules (and the
 * shared ones they import) use, with the base styles', and the element's own, which its
 * meta.ts must describe (a property read but not described fails the build).
 */
export function cssPropertiesOf(name: string, meta: ElementMeta): CssProperty[] {
  const keys = new Set<keyof typeof vars>(base);
  const own = new Set<string>();
  for (const file of moduleGraph(resolve(root, 'src/elements', name, 'index.ts'))) {
    const text = readFileSync(file, 'utf8');
    for (const [, key] of text.matchAll(/\bvars\.(\w+)/g))
      if (key! in vars) keys.add(key as keyof typeof vars);
    for (const [, property] of text.matchAll(/var\((--atrium-[\w-]+)/g))
      if (!internal.has(property!) && !file.endsWith('src/ui/theme.ts')) own.add(property!);
  }
  const tokens = [...keys].map(tokenOf);
  const tokenNames = new Set(tokens.map((token) => token.name));
  const described = meta.cssProperties ?? {};
  const undescribed = [...own].filter(
    (property) => !tokenNames.has(property) && !described[property],
  );
  if (undescribed.length)
    throw new Error(
      `${meta.tag} reads ${undescribed.join(', ')}: describe it in meta.cssProperties`,
    );
  return [
    ...tokens.sort((a, b) => a.name.localeCompare(b.name)),
    ...Object.entries(described).map(([property, description]) => ({
      name: property,
      description,
    })),
  ];
}
