import { createContext, Script } from 'node:vm';
import type { PatternTester } from '../../src/core/rules/rule-string';
import { isUnsafePattern } from '../../src/core/rules/safe-pattern';

/**
 * `regex:` rules run on the server with a time bound, and an unsafe pattern (one saved before
 * such patterns were refused) not at all (docs/decisions.md, "Regex rules"): the patterns are
 * an administrator's and the values anyone's, and one backtracking match can hold the only
 * request loop for seconds. V8 stops a script that passes its timeout even inside a match, so
 * the match runs as a tiny script in a context of its own.
 *
 * The timeout is wall-clock time, which also runs while the process waits for a core (a
 * loaded machine, a paused virtual machine). So a timeout condemns a pattern only when the
 * process spent at least half the bound working: then it is pathological, and it answers "too
 * complex" from then on in this process without being run again. A timeout without that work
 * was the machine, not the pattern: the match is tried again, and a third such timeout answers
 * "too complex" for this value only, remembering nothing.
 */
const timeoutMs = 100;
const attempts = 3;

/** One match under the bound: its answer, or 'timeout', and the CPU time the process spent. */
export type BoundedRun = (
  pattern: RegExp,
  text: string,
  timeoutMs: number,
) => { answer: boolean | 'timeout'; cpuMs: number };

const context = createContext(Object.create(null) as object);
const match = new Script('pattern.test(text)');

const runInVm: BoundedRun = (pattern, text, timeout) => {
  const started = process.cpuUsage();
  Object.assign(context, { pattern, text });
  try {
    const answer = match.runInContext(context, { timeout }) === true;
    return { answer, cpuMs: cpuSince(started) };
  } catch (error) {
    if ((error as { code?: string }).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw error;
    return { answer: 'timeout', cpuMs: cpuSince(started) };
  } finally {
    Object.assign(context, { pattern: null, text: null });
  }
};

function cpuSince(started: NodeJS.CpuUsage): number {
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000;
}

/** A tester over `run` (the vm by default; tests give their own to play a stalled machine). */
export function boundedPatternTester(run: BoundedRun = runInVm): PatternTester {
  const tooSlow = new Set<string>();
  return (pattern, text) => {
    const key = `${pattern.flags}/${pattern.source}`;
    // Saved before such patterns were refused: never run.
    if (tooSlow.has(key) || isUnsafePattern(pattern.source)) return undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      const { answer, cpuMs } = run(pattern, text, timeoutMs);
      if (answer !== 'timeout') return answer;
      if (cpuMs >= timeoutMs / 2) {
        tooSlow.add(key);
        return undefined;
      }
    }
    return undefined;
  };
}

export const boundedPatternTest = boundedPatternTester();
