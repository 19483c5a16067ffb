/**
 * Gzipped size of the chart column's own chunks (its entry and the ECharts chunk it fetches
 * on first draw), and of the shared chunk, which must hold no ECharts code. With
 * BASELINE=<another build's dist folder> (e.g. main's), prints how the shared chunk changed.
 * Run after `npm run build`: `npx tsx bench/chart-size.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function sharedChunk(dist: string): string {
  const chunks = join(dist, 'elements', 'chunks');
  const name = readdirSync(chunks).find((file) => /^shared-.*\.js$/.test(file));
  if (!name) throw new Error(`no shared chunk in ${chunks}`);
  return join(chunks, name);
}

/** The chunks the entry fetches with import() that no other element shares. */
function lazyChunks(dist: string, entry: string): string[] {
  const text = readFileSync(join(dist, 'elements', entry), 'utf8');
  const names = [...text.matchAll(/import\(`\.\/chunks\/([^`]+\.js)`\)/g)].map(
    (match) => match[1]!,
  );
  return [...new Set(names)].filter((name) => !/^(shared|lists|rolldown-runtime)-/.test(name));
}

const dist = 'dist';
const entry = 'chart-column.js';
const own = gz(join(dist, 'elements', entry));
console.log(`chart-column.js (entry, gzip)          ${kib(own)}`);
let total = own;
for (const chunk of lazyChunks(dist, entry)) {
  const size = gz(join(dist, 'elements', 'chunks', chunk));
  total += size;
  console.log(`${`${chunk} (lazy, gzip)`.padEnd(39)}${kib(size)}`);
}
console.log(`chart element's own chunks, total      ${kib(total)}`);

const shared = sharedChunk(dist);
const sharedText = readFileSync(shared, 'utf8');
const holdsEcharts = /zrender|echarts/i.test(sharedText);
console.log(`shared chunk (gzip)                     ${kib(gz(shared))}`);
console.log(`shared chunk holds ECharts code         ${holdsEcharts ? 'YES' : 'no'}`);
const home = readFileSync(join(dist, 'elements', 'home.js'), 'utf8');
console.log(`home.js holds ECharts code              ${/zrender/i.test(home) ? 'YES' : 'no'}`);
if (process.env.BASELINE) {
  const before = gz(sharedChunk(process.env.BASELINE));
  const after = gz(shared);
  console.log(`shared chunk in BASELINE (gzip)         ${kib(before)}`);
  console.log(
    `shared chunk change                     ${after - before >= 0 ? '+' : ''}${after - before} bytes`,
  );
}
