import { randomInt } from 'node:crypto';

/**
 * Platform-style ids: 19-digit decimal strings, time-ordered (milliseconds since 2020 shifted
 * left 22 bits, plus 22 random bits), so several processes can make them without talking.
 */
const epoch = Date.UTC(2020, 0, 1);

export function newId(now = Date.now()): string {
  return ((BigInt(now - epoch) << 22n) | BigInt(randomInt(0, 1 << 22))).toString();
}
