import type { LayoutChanges, LayoutShop, Ring } from '../../../src/contract/map';
import { ringArea, ringCentroid } from './geometry';

/** Below these a change is drawing noise (the editor rounds points to 0.1 m). */
const movedMetres = 0.1;
const resizedSquareMetres = 0.1;

const round = (value: number) => Math.round(value * 100) / 100;

interface Measured {
  shop: LayoutShop;
  ring: Ring;
  area: number;
  centre: [number, number];
}

const measure = (shop: LayoutShop): Measured => {
  const ring = shop.polygon.coordinates[0] ?? [];
  return { shop, ring, area: ringArea(ring), centre: ringCentroid(ring) };
};

const distance = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The same corners, wherever the ring starts. */
const corners = (ring: Ring) =>
  ring
    .slice(0, -1)
    .map(([x, y]) => `${x},${y}`)
    .sort()
    .join(' ');
const sameOutline = (a: Ring, b: Ring) => corners(a) === corners(b);

/**
 * What publishing a layout changes against the published one (docs/floor-map.md, "Drafts and
 * publishing"). Shops are matched by number; a number that is gone and a new number on the
 * same outline (centroid within half a metre, area within 2 %) are one shop renumbered, so it
 * keeps its brand and contract when published.
 */
export function diffLayouts(published: LayoutShop[], next: LayoutShop[]): LayoutChanges {
  const before = new Map(published.map((shop) => [shop.number, measure(shop)]));
  const after = new Map(next.map((shop) => [shop.number, measure(shop)]));
  const diff: LayoutChanges = {
    added: [],
    removed: [],
    moved: [],
    renumbered: [],
    resized: [],
    recategorised: [],
    unchanged: 0,
  };
  const gone = [...before.values()].filter((old) => !after.has(old.shop.number));
  for (const [number, now] of after) {
    const old = before.get(number);
    if (!old) {
      const twin = gone
        .filter(
          (candidate) =>
            distance(candidate.centre, now.centre) < 0.5 &&
            Math.abs(candidate.area - now.area) <= 0.02 * Math.max(candidate.area, now.area),
        )
        .sort((a, b) => distance(a.centre, now.centre) - distance(b.centre, now.centre))[0];
      if (twin) {
        gone.splice(gone.indexOf(twin), 1);
        diff.renumbered.push({ from: twin.shop.number, to: number });
      } else diff.added.push({ number, area: round(now.area) });
      continue;
    }
    // A wall drawn elsewhere moves the centroid too; that shop is resized, not moved.
    let changed = Math.abs(old.area - now.area) >= resizedSquareMetres;
    const moved = distance(old.centre, now.centre);
    if (changed) diff.resized.push({ number, from: round(old.area), to: round(now.area) });
    else if (moved >= movedMetres) {
      diff.moved.push({ number, distance: round(moved) });
      changed = true;
    } else if (!sameOutline(old.ring, now.ring)) {
      diff.resized.push({ number, from: round(old.area), to: round(now.area) });
      changed = true;
    }
    if (old.shop.category !== now.shop.category) {
      diff.recategorised.push({ number, from: old.shop.category, to: now.shop.category });
      changed = true;
    }
    if (!changed) diff.unchanged++;
  }
  diff.removed = gone.map((old) => ({ number: old.shop.number, area: round(old.area) }));
  return diff;
}
