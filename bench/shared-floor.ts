/**
 * The floor under the shared chunk: the libraries the design card requires, bundled alone by
 * the same bundler and minifier as the app (`npx tsx bench/shared-floor.ts`). Issue 18 asked
 * for a shared chunk of at most 115 KiB gzipped; this prints how much of that the required
 * libraries take before a line of our own code, and what each one adds.
 */
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { trimLibraries } from '../scripts/trim-libraries';

/** What every element loads: the rendering, styling, element, state, i18n and request libraries. */
const required: Record<string, string> = {
  react: `export * as react from 'react';`,
  'react-dom': `export * as client from 'react-dom/client';`,
  emotion: `export * as jsx from '@emotion/react/jsx-runtime'; export * as emotion from '@emotion/react'; export { default as createCache } from '@emotion/cache';`,
  r2wc: `export { default as r2wc } from '@r2wc/react-to-web-component';`,
  nanostores: `export * as nano from 'nanostores'; export * as nanoReact from '@nanostores/react';`,
  i18next: `export { default as i18next } from 'i18next';`,
  axios: `export { default as axios } from 'axios';`,
};

async function gzipKiB(source: string): Promise<number> {
  const output = (await build({
    configFile: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [
      // As in the app's build: code of the libraries that cannot run in a page is left out.
      trimLibraries(),
      {
        name: 'floor-entry',
        resolveId: (id) => (id === 'virtual:floor' ? '\0virtual:floor' : null),
        load: (id) => (id === '\0virtual:floor' ? source : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      rolldownOptions: { input: 'virtual:floor', preserveEntrySignatures: 'strict' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const bundles = Array.isArray(output) ? output : [output];
  const code = bundles[0]!.output
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('');
  return gzipSync(code, { level: 9 }).length / 1024;
}

const all = await gzipKiB(Object.values(required).join('\n'));
console.log(
  `required libraries together: ${all.toFixed(1)} KiB gzip (target for the whole shared chunk: 115)`,
);
for (const name of Object.keys(required)) {
  const without = Object.entries(required)
    .filter(([other]) => other !== name)
    .map(([, source]) => source)
    .join('\n');
  // What leaving it out alone saves (React stays while emotion and r2wc import it).
  console.log(
    `  without ${name.padEnd(12)} ${(all - (await gzipKiB(without))).toFixed(1)} KiB less`,
  );
}
