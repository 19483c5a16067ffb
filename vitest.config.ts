import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (core and element base, no server), server (the real server on a real
 * database: PGlite always, PostgreSQL too when DATABASE_URL is set), e2e (headless Chromium
 * against the built front end and the real server). `npm test` runs all three.
 */
export default defineConfig({
  test: {
    // The slowest files and each project's cost, printed after every run (docs/testing.md).
    reporters: ['default', './tests/slowest-files.ts'],
    // Two files at a time: each server test file has its own database copy and its own
    // ports, and a worker spends much of its time waiting on PostgreSQL, Dovecot or a child
    // server, so two workers use both cores of a CI machine. In one `vitest run` the browser
    // tests run after the server and unit tests (groupOrder), one file at a time; `npm test`
    // runs them in a vitest of their own beside the server files, at a higher priority
    // (scripts/test-lanes.ts).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/global-setup.ts'],
          sequence: { groupOrder: 0 },
          // The files share their workers' loaded modules: each starts its own server on its
          // own database copy, so only the import of the server's code (a quarter of the
          // project's time when every file paid it) is shared (docs/testing.md).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker for all the browser files, which shares its loaded modules and one
          // Chromium (tests/e2e/support.ts) instead of a new process and a launch per file.
          isolate: false,
          // A page under a loaded CI machine can take seconds to draw; the default of one
          // second made expect.poll on page text flaky (clean-checkout CI, 2026-11-24).
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
