/**
 * Gzipped size of the shared chunk and of each element's own chunk (run after `npm run build`).
 * Targets from the foundation issue: shared ≤ 115 KiB gz, each element ≤ 15 KiB gz.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/elements';
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

export function bundleSizes() {
  const shared = readdirSync(join(dist, 'chunks')).filter(
    (name) => name.startsWith('shared-') && name.endsWith('.js'),
  );
  const rows: { name: string; raw: number; gzip: number; target: number }[] = shared.map(
    (name) => ({
      name: `shared (${name})`,
      raw: statSync(join(dist, 'chunks', name)).size,
      gzip: gz(join(dist, 'chunks', name)),
      target: 115 * 1024,
    }),
  );
  for (const name of readdirSync(dist)
    .filter((file) => file.endsWith('.js'))
    .sort()) {
    rows.push({
      name,
      raw: statSync(join(dist, name)).size,
      gzip: gz(join(dist, name)),
      target: 15 * 1024,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('chunk                                   raw KiB   gzip KiB   target   ok');
  for (const row of bundleSizes()) {
    console.log(
      `${row.name.padEnd(40)}${kib(row.raw).padStart(8)}${kib(row.gzip).padStart(11)}${kib(row.target).padStart(9)}   ${row.gzip <= row.target ? 'yes' : 'NO'}`,
    );
  }
  console.log(
    '\n(portal.js is the host page, not an element; lazily loaded libraries are not counted)',
  );
}
