import { describe, it, expect } from 'vitest';
import Nzh from 'nzh/cn';
import { toChineseCapitals } from '../../../src/core/money';

/**
 * toChineseCapitals must word every amount with 0–2 decimals exactly as nzh's toMoney does.
 * Amounts are built as text from a seeded PRNG, so a failure names the seed that reproduces it.
 */
const seed = 20260415;
const samples = 100_000;

/** mulberry32: small, fast and deterministic. */
function prng(start: number): () => number {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomAmount(random: () => number): string {
  const digit = (from: number) => String(from + Math.floor(random() * (10 - from)));
  const length = 1 + Math.floor(random() * 15);
  // Zeros are where the wording is tricky, so half the amounts are mostly zeros.
  const zeroChance = random() < 0.5 ? 0.7 : 0.1;
  let integer = length === 1 ? digit(0) : digit(1);
  for (let index = 1; index < length; index += 1) {
    integer += random() < zeroChance ? '0' : digit(0);
  }
  const decimals = Math.floor(random() * 3);
  let fraction = '';
  for (let index = 0; index < decimals; index += 1) {
    fraction += random() < zeroChance ? '0' : digit(0);
  }
  const sign = random() < 0.5 ? '-' : '';
  return sign + integer + (decimals > 0 ? `.${fraction}` : '');
}

describe('toChineseCapitals against nzh', () => {
  it(`matches nzh toMoney on ${samples} random amounts (seed ${seed})`, () => {
    const random = prng(seed);
    const mismatches: string[] = [];
    for (let index = 0; index < samples; index += 1) {
      const amount = randomAmount(random);
      const ours = toChineseCapitals(amount);
      const theirs = Nzh.toMoney(amount, { outSymbol: false });
      if (ours.text !== theirs || ours.failure) {
        mismatches.push(
          `${amount}: ours ${ours.text || JSON.stringify(ours.failure)}, nzh ${theirs}`,
        );
      }
    }
    expect(
      mismatches,
      `seed ${seed}, first mismatches:\n${mismatches.slice(0, 10).join('\n')}`,
    ).toEqual([]);
  });

  it('also matches nzh for number inputs (seed reused)', () => {
    const random = prng(seed + 1);
    for (let index = 0; index < 2_000; index += 1) {
      // Whole cents below 1e12 survive the trip through a double exactly.
      const cents = Math.floor(random() * 1e14) * (random() < 0.5 ? -1 : 1);
      const amount = cents / 100;
      expect(toChineseCapitals(amount).text, `seed ${seed + 1}, amount ${amount}`).toBe(
        Nzh.toMoney(amount, { outSymbol: false }),
      );
    }
  });

  it('covers the boundary amounts the generator may miss', () => {
    for (const amount of [
      '0',
      '0.0',
      '0.00',
      '-0',
      '999999999999999',
      '999999999999999.99',
      '1',
      '-1.01',
    ]) {
      expect(toChineseCapitals(amount).text, amount).toBe(
        Nzh.toMoney(amount, { outSymbol: false }),
      );
    }
  });
});
