/**
 * `npm run bench`: the foundation's figures (bundle sizes, login page). The heavier
 * benchmarks run on their own: bench/finance-query.ts, bench/workflow.ts, bench/print.ts.
 */
import { bundleSizes } from './bundle-size';
import { loginPageTimes, timesReport } from './login-page';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('gzipped sizes (KiB):');
for (const row of bundleSizes())
  console.log(`  ${row.name.padEnd(40)} ${kib(row.gzip).padStart(6)}  (target ${kib(row.target)})`);
const { cold, repeat } = await loginPageTimes();
for (const line of [
  ...timesReport('login page, cold', cold),
  ...timesReport('login page, repeat visit', repeat),
])
  console.log(line);
