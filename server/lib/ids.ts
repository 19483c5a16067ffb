import { randomInt } from 'node:crypto';

/**
 * Platform-style ids: 19-digit decimal strings, time-ordered (milliseconds since 2020 shifted
 * left 22 bits, plus 22 random bits), so several processes can make them without talking.
 * Within a process each id is above the one before: thousands of ids in one millisecond (an
 * import of 10,000 rows) would otherwise draw the same random bits now and then (birthday),
 * and the second insert would fail on the primary key.
 */
const epoch = Date.UTC(2020, 0, 1);
let last = 0n;

export function newId(now = Date.now()): string {
  let id = (BigInt(now - epoch) << 22n) | BigInt(randomInt(0, 1 << 22));
  if (id <= last) id = last + 1n;
  last = id;
  return id.toString();
}
