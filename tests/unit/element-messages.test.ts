import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 38 item 4: the mail's delete confirmation read `actions.confirm`, a raw key: the
 * shared dialog used the workflow's texts, which the mail element never loads. Every element
 * must load the message namespace of every key its code (its own and the shared pieces it
 * imports) translates; common and rules are always there. Keys are read where they are
 * written literally, `t('namespace:key')`.
 */
const src = resolve(__dirname, '../../src');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

const importPattern =
  /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every file an entry reaches through relative imports (static and lazy). */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  for (const found of readFileSync(entry, 'utf8').matchAll(importPattern)) {
    const next = resolveImport(entry, found[1] ?? found[2] ?? found[3]!);
    if (next) reachable(next, seen);
  }
  return seen;
}

function namespacesOf(files: Set<string>) {
  const loaded = new Set(['common', 'rules']);
  const used = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const found of text.matchAll(/addMessages\(\s*['"]([\w-]+)['"]/g)) loaded.add(found[1]!);
    for (const found of text.matchAll(/\bt\(\s*[`'"]([\w-]+):([\w.-]+)/g)) {
      const where = `${file.slice(src.length + 1)} ${found[1]}:${found[2]}`;
      used.set(found[1]!, [...(used.get(found[1]!) ?? []), where]);
    }
  }
  return { loaded, used };
}

describe('element messages', () => {
  it('every element loads the namespaces of the keys its code translates', () => {
    const elements = readdirSync(join(src, 'elements')).filter((name) =>
      existsSync(join(src, 'elements', name, 'index.ts')),
    );
    expect(elements.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const name of elements) {
      const { loaded, used } = namespacesOf(reachable(join(src, 'elements', name, 'index.ts')));
      for (const [namespace, places] of used) {
        if (!loaded.has(namespace)) missing.push(`${name}: ${places[0]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
