/**
 * `npm run bench`: the foundation's figures (bundle sizes, login page). The heavier
 * benchmarks run on their own: bench/finance-query.ts, bench/workflow.ts, bench/print.ts.
 */
import { bundleSizes } from './bundle-size';
import { loginPageTimes } from './login-page';

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
console.log('gzipped sizes (KiB):');
for (const row of bundleSizes())
  console.log(`  ${row.name.padEnd(40)} ${kib(row.gzip).padStart(6)}  (target ${kib(row.target)})`);
const { cold, painted, live, repeat } = await loginPageTimes();
const line = (times: number[]) =>
  `median ${[...times].sort((a, b) => a - b)[2]!.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`;
console.log(`login page first paint, cold: ${line(painted)}`);
console.log(`login page navigation-to-interactive, cold: ${line(cold)} (target ≤ 250)`);
console.log(`login page live login box, cold: ${line(live)}`);
console.log(`login page navigation-to-interactive, repeat visit: ${line(repeat)}`);
