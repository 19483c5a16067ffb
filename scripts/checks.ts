/**
 * `npm test`'s checks before its tests: the type check, lint and format check, and the
 * production build, side by side. Each is one process that mostly keeps one core busy, so on
 * the two cores of a CI machine the three take the time of the longest instead of their sum
 * (docs/testing.md). Each one's output is printed whole when it ends, never interleaved; the
 * exit code is the first failure's.
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/checks.ts <npm script>...');
  process.exit(2);
}

interface Outcome {
  script: string;
  code: number;
  seconds: number;
  output: string;
}

function run(script: string): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => {
      const outcome = { script, code: code ?? 1, seconds: (Date.now() - started) / 1000, output };
      console.info(
        `\n── npm run ${script}: ${outcome.code === 0 ? 'ok' : `failed (${outcome.code})`}, ${outcome.seconds.toFixed(1)} s`,
      );
      if (output.trim()) console.info(output.trimEnd());
      resolve(outcome);
    });
  });
}

const outcomes = await Promise.all(scripts.map(run));
const failed = outcomes.find((outcome) => outcome.code !== 0);
process.exit(failed ? failed.code : 0);
