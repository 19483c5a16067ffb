/**
 * The top costs of a V8 CPU profile (`node --cpu-prof`): `npx tsx bench/profile-top.ts
 * FILE.cpuprofile [N] [FROM]`. Self time by function and by where the code lives (a package
 * of node_modules, our own folder, node's internals), as shares of busy time (idle apart).
 * FROM (a piece of a file path, or a function's exact name) skips the samples before the
 * first one with it on its stack, so start-up (module loading, migrations, route schemas)
 * does not count: e.g. feeNoticeRow, which only a request runs (a file of routes is on the
 * stack at start-up too, while its routes are registered).
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function topCosts(file: string, count = 5, from?: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const onStack = (id: number | undefined, piece: string): boolean => {
    for (; id !== undefined; id = parent.get(id)) {
      const { url, functionName } = byId.get(id)!.callFrame;
      if (functionName === piece || url.includes(piece)) return true;
    }
    return false;
  };
  let started = !from;
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    started ||= onStack(id, from!);
    if (started) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let busy = 0;
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') continue;
    busy += micros;
    const where = url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
    const name = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    const place = placeOf(where, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  }
  const top = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, micros]) => ({ name, share: micros / busy }));
  return { busyMs: busy / 1000, functions: top(byFunction), places: top(byPlace) };
}

function placeOf(where: string, functionName: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where);
  if (pkg) return pkg[1]!;
  if (where.startsWith('node:')) return `node (${where.slice(5).split('/')[0]})`;
  if (!where) return functionName.startsWith('(') ? functionName : 'native';
  return where.split('/').slice(0, 2).join('/');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count, from] = process.argv.slice(2);
  const { busyMs, functions, places } = topCosts(file!, Number(count ?? 5), from);
  const pct = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;
  console.info(`busy ${busyMs.toFixed(0)} ms\nby place:`);
  for (const row of places) console.info(`  ${pct(row.share)}  ${row.name}`);
  console.info('by function:');
  for (const row of functions) console.info(`  ${pct(row.share)}  ${row.name}`);
}
