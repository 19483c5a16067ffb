import { describe, expect, it } from 'vitest';
import { boundedPatternTester, type BoundedRun } from '../../server/lib/bounded-pattern';

/**
 * A `regex:` rule's bound counts the pattern's work, not the machine's stalls: a loaded or
 * paused machine let a trivial pattern pass its wall-clock bound, and the pattern then
 * answered "too complex" for every value until the process restarted (seen on a loaded
 * machine: every contract number refused).
 */

/** A run that answers from a script of outcomes, counting its calls. */
function scripted(...outcomes: ReturnType<BoundedRun>[]) {
  const calls: string[] = [];
  const run: BoundedRun = (_pattern, text) => {
    calls.push(text);
    return outcomes.shift() ?? { answer: true, cpuMs: 0 };
  };
  return { run, calls };
}

const stalled = { answer: 'timeout', cpuMs: 2 } as const;
const pattern = /^HT-\d{4}$/;

describe('a bounded regex rule on the server', () => {
  it('runs a pattern again when its timeout was a stall, and still runs it afterwards', () => {
    const { run, calls } = scripted(stalled, { answer: true, cpuMs: 0 });
    const test = boundedPatternTester(run);
    expect(test(pattern, 'HT-2024')).toBe(true);
    expect(test(pattern, 'HT-20')).toBe(true);
    expect(calls).toEqual(['HT-2024', 'HT-2024', 'HT-20']);
  });

  it('answers "too complex" for the value after three stalls, and forgets it', () => {
    const { run, calls } = scripted(stalled, stalled, stalled, { answer: false, cpuMs: 0 });
    const test = boundedPatternTester(run);
    expect(test(pattern, 'HT-2024')).toBeUndefined();
    expect(test(pattern, 'x')).toBe(false);
    expect(calls).toHaveLength(4);
  });

  it('condemns a pattern that spent the bound working, and never runs it again', () => {
    const { run, calls } = scripted({ answer: 'timeout', cpuMs: 90 });
    const test = boundedPatternTester(run);
    expect(test(pattern, 'HT-2024')).toBeUndefined();
    expect(test(pattern, 'HT-2025')).toBeUndefined();
    expect(calls).toEqual(['HT-2024']);
  });

  it('stops a pathological match in a real context, and matches plain patterns', () => {
    const test = boundedPatternTester();
    // Polynomial, not exponential: the save-time check lets it through; the bound stops it.
    expect(test(/\d*\d*\d*\d*x$/, '1'.repeat(20_000))).toBeUndefined();
    expect(test(pattern, 'HT-2024')).toBe(true);
    expect(test(pattern, 'HT-24')).toBe(false);
  });
});
