import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, at the end of every run, the slowest test files with their times and what each
 * project cost in all (issue 35: the suite's cost stays visible, so it grows slower than the
 * product). A file's time is what its worker spent on it: setting up, importing, its hooks
 * and its tests. Files run two at a time, so the projects' sums exceed the run's wall time.
 */
const shown = 15;

/**
 * Where a run started by `npm test` (scripts/test-lanes.ts) leaves its files' times, for one
 * table over its two vitest runs, instead of printing its own.
 */
export const timesFileVariable = 'ATRIUM_TEST_TIMES_FILE';

export interface FileTime {
  project: string;
  file: string;
  seconds: number;
}

function timeOf(module: TestModule): FileTime {
  const diagnostic = module.diagnostic();
  const milliseconds =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration;
  return {
    project: module.project.name,
    file: module.relativeModuleId,
    seconds: milliseconds / 1000,
  };
}

/** Seconds as the table shows them: right-aligned, one decimal. */
const seconds = (value: number) => `${value.toFixed(1).padStart(7)} s`;

export function slowestFilesTable(times: FileTime[]): string {
  const slowest = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, shown);
  const perProject = new Map<string, { files: number; seconds: number }>();
  for (const { project, seconds: spent } of times) {
    const total = perProject.get(project) ?? { files: 0, seconds: 0 };
    perProject.set(project, { files: total.files + 1, seconds: total.seconds + spent });
  }
  return [
    `The ${slowest.length} slowest test files:`,
    ...slowest.map(
      ({ project, file, seconds: spent }) => `${seconds(spent)}  ${project.padEnd(6)} ${file}`,
    ),
    'Per project (sum of its files):',
    ...[...perProject].map(
      ([project, total]) => `${seconds(total.seconds)}  ${project.padEnd(6)} ${total.files} files`,
    ),
  ].join('\n');
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const ran = modules.filter((module) => module.state() !== 'skipped');
    if (ran.length === 0) return;
    const times = ran.map(timeOf);
    const timesFile = process.env[timesFileVariable];
    if (timesFile) writeFileSync(timesFile, JSON.stringify(times));
    else console.info(`\n${slowestFilesTable(times)}\n`);
  }
}
