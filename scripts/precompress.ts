/**
 * Writes .br and .gz next to every text asset in dist/, so the server sends compressed
 * bundles without compressing on each request (@fastify/static `preCompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(m?js|css|html|json|svg|map|bcmap|ttf|pfb)$/.test(name)) yield path;
  }
}

let count = 0;
for (const path of files('dist')) {
  const bytes = readFileSync(path);
  if (bytes.length < 1024) continue;
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.info(`precompressed ${count} files`);
