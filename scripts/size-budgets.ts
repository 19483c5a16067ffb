import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Size budgets checked on every build (issue 18): the shared chunk and each element's entry
 * chunk, gzipped as the server serves them. Limits live in size-budgets.json; an element
 * without an entry there gets the default, so a new element is held to it without anyone
 * editing a list.
 */
export interface SizeBudgets {
  shared: number;
  /** Chunks many elements load besides the shared one, by chunk name (`kit`, `lists`). */
  kits: Record<string, number>;
  elementDefault: number;
  elements: Record<string, number>;
}

export interface BuiltChunk {
  /** Path in dist, e.g. elements/login.js or elements/chunks/shared-abc.js. */
  fileName: string;
  isEntry: boolean;
  gzipBytes: number;
}

/** What is over budget, as readable lines (empty when everything fits). */
export function overBudget(chunks: BuiltChunk[], budgets: SizeBudgets): string[] {
  const problems: string[] = [];
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const chunk of chunks) {
    let limit: number | null = null;
    let what = '';
    const shared = /^elements\/chunks\/shared-[^/]+\.js$/.test(chunk.fileName);
    const kit = /^elements\/chunks\/([a-z]+)-[^/]+\.js$/.exec(chunk.fileName)?.[1];
    const element = /^elements\/([^/]+)\.js$/.exec(chunk.fileName);
    if (shared) {
      limit = budgets.shared;
      what = 'the shared chunk';
    } else if (kit !== undefined && budgets.kits[kit] !== undefined) {
      limit = budgets.kits[kit];
      what = `the ${kit} chunk`;
    } else if (chunk.isEntry && element) {
      const name = element[1]!;
      limit = budgets.elements[name] ?? budgets.elementDefault;
      what = `element ${name}`;
    }
    if (limit !== null && chunk.gzipBytes > limit * 1024) {
      problems.push(
        `${what} (${chunk.fileName}) is ${kib(chunk.gzipBytes)} KiB gzipped, over its budget of ${limit} KiB`,
      );
    }
  }
  return problems;
}

export function readBudgets(file = resolve(import.meta.dirname, '../size-budgets.json')) {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { gzipKiB: SizeBudgets };
  return parsed.gzipKiB;
}

/** The Vite plugin: fails the build when a chunk is over its budget. */
export function sizeBudgets(budgets: SizeBudgets = readBudgets()): Plugin {
  return {
    name: 'atrium-size-budgets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          gzipBytes: gzipSync(output.code, { level: 9 }).length,
        });
      }
      const problems = overBudget(chunks, budgets);
      if (problems.length > 0) {
        this.error(`size budgets (size-budgets.json) exceeded:\n  ${problems.join('\n  ')}`);
      }
    },
  };
}
