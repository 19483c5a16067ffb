import { spawnSync } from 'node:child_process';

/**
 * Runs the model-based random test of approval integrity (tests/server/workflow-model.test.ts)
 * far wider than CI does, by hand: batches of sequences from successive seeds, on PGlite and,
 * with DATABASE_URL set, on PostgreSQL too. A failure prints its seed and trace; replay it with
 * WORKFLOW_MODEL_SEED=<seed> WORKFLOW_MODEL_RUNS=1.
 *
 *   npx tsx scripts/workflow-model.ts [batches=10] [runs per batch=50] [steps=40] [first seed]
 *
 * Each run is one sequence per seeded flow (four), so the default is 2,000 sequences.
 */
const [batches = 10, runs = 50, steps = 40, firstSeed = Date.now() % 1_000_000_000] = process.argv
  .slice(2)
  .map(Number);

let sequences = 0;
for (let batch = 0; batch < batches; batch++) {
  const seed = firstSeed + batch * runs * 7919;
  const started = Date.now();
  const result = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'server', 'tests/server/workflow-model.test.ts'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        WORKFLOW_MODEL_SEED: String(seed),
        WORKFLOW_MODEL_RUNS: String(runs),
        WORKFLOW_MODEL_STEPS: String(steps),
      },
      encoding: 'utf8',
    },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    console.log(result.stdout);
    console.error(`batch ${batch + 1} (seed ${seed}) failed after ${sequences} sequences`);
    process.exit(1);
  }
  sequences += runs * 4;
  console.log(`batch ${batch + 1}/${batches}: seed ${seed}, ${runs * 4} sequences, ${seconds} s`);
}
console.log(`${sequences} sequences of up to ${steps} actions, no violation`);
