/**
 * Gzipped size of the chunks many elements load (shared, kit, lists) and of each element's own
 * chunk, against the budgets of size-budgets.json (run after `npm run build`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readBudgets } from '../scripts/size-budgets';

const dist = 'dist/elements';
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function bundleSizes() {
  const budgets = readBudgets();
  const common: Record<string, number> = { shared: budgets.shared, ...budgets.kits };
  const rows: { name: string; raw: number; gzip: number; target: number }[] = [];
  for (const name of readdirSync(join(dist, 'chunks')).sort()) {
    const kind = /^([a-z]+)-[^.]+\.js$/.exec(name)?.[1];
    if (kind === undefined || common[kind] === undefined) continue;
    const file = join(dist, 'chunks', name);
    rows.push({
      name: `${kind} (${name})`,
      raw: statSync(file).size,
      gzip: gz(file),
      target: common[kind] * 1024,
    });
  }
  for (const name of readdirSync(dist)
    .filter((file) => file.endsWith('.js'))
    .sort()) {
    const element = name.replace(/\.js$/, '');
    rows.push({
      name,
      raw: statSync(join(dist, name)).size,
      gzip: gz(join(dist, name)),
      target: (budgets.elements[element] ?? budgets.elementDefault) * 1024,
    });
  }
  return rows;
}

/** Every chunk a page with this one element loads before it runs (its static imports). */
export function staticClosure(element: string): { files: string[]; gzip: number } {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, path] of code.matchAll(
      /(?:^|[;}])\s*import\s*(?:[^'"]*?from\s*)?["']\.\/?([^"']+)["']/g,
    )) {
      visit(join(file, '..', path!));
    }
  };
  visit(join(dist, `${element}.js`));
  return { files: [...seen], gzip: [...seen].reduce((sum, file) => sum + gz(file), 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('chunk                                   raw KiB   gzip KiB   budget   ok');
  for (const row of bundleSizes()) {
    console.log(
      `${row.name.padEnd(40)}${kib(row.raw).padStart(8)}${kib(row.gzip).padStart(11)}${kib(row.target).padStart(9)}   ${row.gzip <= row.target ? 'yes' : 'NO'}`,
    );
  }
  for (const element of ['login', 'statement-list', 'floor-map']) {
    const { files, gzip } = staticClosure(element);
    console.log(
      `a page with only <atrium-${element}> loads ${files.length} chunks, ${kib(gzip)} KiB gzip`,
    );
  }
  console.log(
    '\n(portal.js is the host page, not an element; lazily loaded libraries are not counted)',
  );
}
