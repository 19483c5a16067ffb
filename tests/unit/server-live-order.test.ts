import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { LiveHub, liveChannel } from '../../server/live/hub';

/**
 * `LiveHub.committedBefore` over random histories: ids are numbered in one order and commit
 * in another; a process starts at some point (reading the newest committed id, then hearing
 * every later commit in commit order). Whatever it answers true for must be true of the
 * history, except between two events that committed before it started, which it takes as
 * ordered (docs/live.md: a cursor of that time is an answer it computed).
 */
function randomHistory(seed: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const count = 2 + Math.floor(random() * 30);
  const ids = Array.from({ length: count }, (_, index) => String(100 + index));
  // Commit order: the numbering order with nearby events swapped (a transaction held open).
  const commits = [...ids];
  for (let i = 0; i < commits.length; i++) {
    const j = Math.min(commits.length - 1, i + Math.floor(random() * 4));
    [commits[i], commits[j]] = [commits[j]!, commits[i]!];
  }
  const started = Math.floor(random() * (count + 1));
  return { ids, commits, started };
}

describe('the live hub’s commit order', () => {
  it('never says an event committed first when it did not, over 2,000 random histories', () => {
    const wrong: string[] = [];
    for (let seed = 1; seed <= 2000; seed++) {
      const { ids, commits, started } = randomHistory(seed);
      const hub = new LiveHub({} as Db);
      const before = new Set(commits.slice(0, started));
      const newest = [...before].reduce((max, id) => (Number(id) > Number(max) ? id : max), '');
      hub.heardUpTo(newest);
      for (const id of commits.slice(started))
        hub.hear(liveChannel, JSON.stringify({ id, k: 'resync', d: {} }));
      const place = new Map(commits.map((id, index) => [id, index]));
      for (const a of ids)
        for (const b of ids) {
          const said = a !== b && hub.committedBefore(a, b);
          const bothBefore = before.has(a) && before.has(b);
          // Never a wrong "before"; and what it can know, it knows: a commit from before the
          // start precedes every commit heard after it.
          if (said && !bothBefore && place.get(a)! > place.get(b)!)
            wrong.push(`${seed}: ${a}<${b}`);
          if (!said && before.has(a) && !before.has(b)) wrong.push(`${seed}: ${a}<${b} unknown`);
        }
    }
    expect(wrong).toEqual([]);
  });
});
