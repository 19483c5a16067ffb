import { describe, expect, it } from 'vitest';
import { offsetsOf } from '../../../src/ui/table/offsets';

/** The same offsets the slow way: every item's height added up. */
function naive(count: number, estimate: number, sizes: Map<number, number>) {
  const starts = [0];
  for (let index = 0; index < count; index++)
    starts.push(starts[index]! + (sizes.get(index) ?? estimate));
  return starts;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

describe('offsets of a list of measured and estimated items', () => {
  it('agrees with adding every height up, over random lists and measurements', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed);
      const count = next(60);
      const estimate = 40 + next(100);
      const sizes = new Map<number, number>();
      // Measured items anywhere, some past the end (a list that got shorter).
      for (let n = next(count + 5); n > 0; n--) sizes.set(next(count + 3), 20 + next(300));
      const offsets = offsetsOf(count, estimate, sizes);
      const starts = naive(count, estimate, sizes);
      expect(offsets.total, `seed ${seed}`).toBe(starts[count]);
      for (let index = 0; index <= count; index++)
        expect(offsets.start(index), `seed ${seed} start ${index}`).toBe(starts[index]);
      for (let probe = 0; probe < 20; probe++) {
        const offset = next((starts[count] ?? 0) + 50);
        const expected = Math.max(
          0,
          starts.findLastIndex((start, index) => index < count && start <= offset),
        );
        expect(offsets.indexAt(offset), `seed ${seed} offset ${offset}`).toBe(expected);
      }
    }
  });

  it('answers a list of a million rows without walking it', () => {
    const offsets = offsetsOf(1_000_000, 120, new Map([[10, 200]]));
    expect(offsets.total).toBe(1_000_000 * 120 + 80);
    expect(offsets.indexAt(120 * 500_000 + 80)).toBe(500_000);
    expect(offsets.indexAt(0)).toBe(0);
  });
});
