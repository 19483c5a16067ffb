/**
 * Where a cold load of the login page spends the main thread, until the live account field
 * of <atrium-login> (React's, not the one the page arrives drawn with) exists: a CPU profile of each of 5 cold loads (fresh browser context), with
 * self time summed by script and by function across the loads. Prints the top costs.
 * Run after `npm run build`: `npx tsx bench/login-profile.ts [runs]`.
 */
import type { CDPSession } from 'playwright-core';
import { liveLoginBox, ownedByReact } from '../tests/e2e/support';
import { openLoginPage } from './login-page';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time (ms) of each node of a profile. */
function selfTimes(profile: Profile): Map<number, number> {
  const times = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    times.set(id, (times.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return times;
}

function shortUrl(url: string): string {
  return url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js') : '(native)';
}

function add(into: Map<string, number>, key: string, ms: number) {
  into.set(key, (into.get(key) ?? 0) + ms);
}

async function profileOneLoad(session: CDPSession, load: () => Promise<void>): Promise<Profile> {
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  await session.send('Profiler.start');
  await load();
  const { profile } = (await session.send('Profiler.stop')) as { profile: Profile };
  return profile;
}

const runs = Number(process.argv[2] ?? 5);
const { server, browser } = await openLoginPage(18_082);
const byScript = new Map<string, number>();
const byFunction = new Map<string, number>();
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    const profile = await profileOneLoad(session, async () => {
      await page.goto(`${server.url}/fvue/login`, { waitUntil: 'commit' });
      await page.waitForFunction(ownedByReact, liveLoginBox, { polling: 'raf' });
    });
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    for (const [id, ms] of selfTimes(profile)) {
      const frame = nodes.get(id)!.callFrame;
      add(byScript, shortUrl(frame.url), ms / runs);
      const name = frame.functionName || '(top level)';
      add(byFunction, `${name} ${shortUrl(frame.url)}:${frame.lineNumber + 1}`, ms / runs);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const top = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, ms]) => `  ${ms.toFixed(1).padStart(6)} ms  ${key}`)
    .join('\n');
console.log(`main-thread self time per cold load, mean of ${runs}, by script:`);
console.log(top(byScript, 12));
console.log('by function:');
console.log(top(byFunction, 25));
