import { polygon as turfPolygon } from '@turf/helpers';
import intersect from '@turf/intersect';
import kinks from '@turf/kinks';
import type { LayoutShop, MapPolygon, Ring } from '../../db/schema-map';
import { badRequest } from '../../lib/errors';

/**
 * Validation of a floor layout (docs/floor-map.md, "Validation"). Coordinates are plan units
 * (metres, y down), so areas are planar: the shoelace formula, not turf's geodesic area.
 * turf supplies what is hard to get right by hand: self-intersection and polygon overlap.
 */
export const layoutLimits = {
  maxShops: 600,
  maxPoints: 200,
  minArea: 1,
  /** Overlaps smaller than this (m²) are drawing noise along a shared wall, not an overlap. */
  overlapTolerance: 0.05,
} as const;

export const shopNumberPattern = /^[A-Za-z0-9][A-Za-z0-9-]{0,19}$/;

/** Planar area of a closed ring in plan units². */
export function ringArea(ring: Ring): number {
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    twice += x1 * y2 - x2 * y1;
  }
  return Math.abs(twice) / 2;
}

/** The centroid of a ring: the coordinates the info panel shows. */
export function ringCentroid(ring: Ring): [number, number] {
  let cx = 0;
  let cy = 0;
  let twice = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    const cross = x1 * y2 - x2 * y1;
    twice += cross;
    cx += (x1 + x2) * cross;
    cy += (y1 + y2) * cross;
  }
  if (twice === 0) return ring[0] ?? [0, 0];
  return [round(cx / (3 * twice)), round(cy / (3 * twice))];
}

const round = (value: number) => Math.round(value * 100) / 100;

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOf(ring: Ring): Box {
  const xs = ring.map(([x]) => x);
  const ys = ring.map(([, y]) => y);
  return {
    minX: Math.min(...xs),
    minY: Math.min(...ys),
    maxX: Math.max(...xs),
    maxY: Math.max(...ys),
  };
}

const boxesMeet = (a: Box, b: Box) =>
  a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/** The outer ring of a shop's polygon, checked for shape: closed, finite, inside the plan. */
function checkRing(shop: LayoutShop, width: number, height: number): Ring {
  const { polygon, number } = shop;
  if (polygon.type !== 'Polygon' || polygon.coordinates.length !== 1) {
    throw badRequest('server:map.onePolygon', { number });
  }
  const ring = polygon.coordinates[0]!;
  if (ring.length < 4 || ring.length > layoutLimits.maxPoints + 1) {
    throw badRequest('server:map.pointCount', { number, max: layoutLimits.maxPoints });
  }
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) {
    throw badRequest('server:map.notClosed', { number });
  }
  for (const [x, y] of ring) {
    if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x > width || y > height) {
      throw badRequest('server:map.outsidePlan', { number });
    }
  }
  if (kinks(turfPolygon([ring])).features.length > 0) {
    throw badRequest('server:map.selfIntersecting', { number });
  }
  if (ringArea(ring) < layoutLimits.minArea) {
    throw badRequest('server:map.tooSmall', { number });
  }
  return ring;
}

/** True when two rings share more than a wall: their intersection has an area. */
function overlaps(a: Ring, b: Ring): boolean {
  const shared = intersect({
    type: 'FeatureCollection',
    features: [turfPolygon([a]), turfPolygon([b])],
  });
  if (!shared) return false;
  const geometry = shared.geometry;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const area = polygons.reduce((sum, rings) => sum + ringArea(rings[0] as Ring), 0);
  return area > layoutLimits.overlapTolerance;
}

/**
 * Checks a whole floor layout and answers each shop's area, or throws the first problem in
 * the user's language, naming the shop.
 */
export function validateLayout(shops: LayoutShop[], width: number, height: number): number[] {
  if (shops.length > layoutLimits.maxShops) {
    throw badRequest('server:map.tooManyShops', { max: layoutLimits.maxShops });
  }
  const seen = new Set<string>();
  for (const shop of shops) {
    if (!shopNumberPattern.test(shop.number)) {
      throw badRequest('server:map.badNumber', { number: shop.number.slice(0, 20) });
    }
    const key = shop.number.toUpperCase();
    if (seen.has(key)) throw badRequest('server:map.duplicateNumber', { number: shop.number });
    seen.add(key);
  }
  const rings = shops.map((shop) => checkRing(shop, width, height));
  const boxes = rings.map(boxOf);
  for (let i = 0; i < rings.length; i++) {
    for (let j = i + 1; j < rings.length; j++) {
      if (boxesMeet(boxes[i]!, boxes[j]!) && overlaps(rings[i]!, rings[j]!)) {
        throw badRequest('server:map.overlap', {
          number: shops[i]!.number,
          other: shops[j]!.number,
        });
      }
    }
  }
  return rings.map((ring) => Math.round(ringArea(ring) * 100) / 100);
}

/** A rectangle as a closed polygon (seed plans, tests). */
export function rectangle(x: number, y: number, width: number, height: number): MapPolygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + width, y],
        [x + width, y + height],
        [x, y + height],
        [x, y],
      ],
    ],
  };
}
