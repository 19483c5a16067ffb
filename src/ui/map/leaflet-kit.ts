import type * as Leaflet from 'leaflet';
import type { FloorSummary, MapPolygon, MapShop, Ring } from '../../core/api/map';

/**
 * Leaflet and its styles, fetched when a map is first shown (the shared chunk never carries
 * them). Plans use Leaflet's simple coordinate system: one unit is one metre; the server's
 * y runs down the plan, Leaflet's latitude up, so lat = height − y.
 */
export type L = typeof Leaflet;

export interface MapKit {
  L: L;
  css: string;
}

let loading: Promise<MapKit> | null = null;

export function loadLeaflet(): Promise<MapKit> {
  loading ??= Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css?inline')]).then(
    ([leaflet, css]) => ({ L: (leaflet.default ?? leaflet) as L, css: css.default }),
  );
  loading.catch(() => (loading = null));
  return loading;
}

export const toLatLngs = (ring: Ring, height: number): [number, number][] =>
  ring.slice(0, -1).map(([x, y]) => [height - y, x]);

const tenth = (value: number) => Math.round(value * 10) / 10;

/** A Leaflet ring back to a closed GeoJSON ring in plan metres. */
export function fromLatLngs(points: { lat: number; lng: number }[], height: number): MapPolygon {
  const ring: Ring = points.map((point) => [tenth(point.lng), tenth(height - point.lat)]);
  ring.push([...ring[0]!] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A map over a floor's plan: no world, no tiles, zoom by wheel, buttons and pinch. */
export function createFloorMap(L: L, container: HTMLElement, floor: FloorSummary, planUrl: string) {
  const bounds = L.latLngBounds([0, 0], [floor.height, floor.width]);
  const map = L.map(container, {
    crs: L.CRS.Simple,
    minZoom: -1,
    maxZoom: 5,
    // Fine steps, so a fitted floor uses the screen's width (a phone's shops stay wide
    // enough for their numbers); the buttons and wheel still zoom by whole steps.
    zoomSnap: 0.1,
    maxBounds: bounds.pad(0.25),
    attributionControl: false,
    preferCanvas: false,
  });
  const plan = L.imageOverlay(planUrl, bounds).addTo(map);
  map.fitBounds(bounds);
  return { map, plan, bounds };
}

const categoryColours: Record<string, string> = {
  cosmetics: '#d46b8c',
  jewellery: '#b8924a',
  womenswear: '#a35bb8',
  menswear: '#4a6fa5',
  shoes: '#8a6d3b',
  kids: '#e09a2d',
  sports: '#2f9e5b',
  home: '#6b8e23',
  catering: '#d0543a',
  tea: '#3d8b8b',
};

/** Fill by category (open), amber hatch tone (fitting out), grey (vacant); own shops outlined. */
const vacantFill = '#c9c9c9';
const fittingFill = '#f0b94d';
const otherFill = '#7c8896';

export function shopStyle(shop: Pick<MapShop, 'status' | 'category' | 'own'>, chosen = false) {
  const fill =
    shop.status === 'vacant'
      ? vacantFill
      : shop.status === 'fitting'
        ? fittingFill
        : (categoryColours[shop.category] ?? otherFill);
  return {
    color: chosen ? '#9f1d2e' : shop.own ? '#c0302a' : '#555',
    weight: chosen ? 3 : shop.own ? 3 : 1,
    fillColor: fill,
    fillOpacity: shop.own ? 0.75 : 0.55,
  };
}

export interface LegendEntry {
  key: string;
  /** A message key of the map namespace. */
  label: string;
  fill: string;
  stroke: string;
}

/**
 * What the colours of a floor mean, for the shops on it only: the open shops' categories in
 * a fixed order, then fitting out and vacant, then "your shops" (a merchant's outline).
 */
export function legendEntries(
  shops: Pick<MapShop, 'status' | 'category' | 'own'>[],
): LegendEntry[] {
  const open = new Set(shops.filter((shop) => shop.status === 'open').map((shop) => shop.category));
  const entries: LegendEntry[] = Object.keys(categoryColours)
    .filter((category) => open.has(category))
    .map((category) => ({
      key: category,
      label: `category.${category}`,
      fill: categoryColours[category]!,
      stroke: '#555',
    }));
  if ([...open].some((category) => !categoryColours[category]))
    entries.push({ key: 'other', label: 'legendOther', fill: otherFill, stroke: '#555' });
  const statuses = new Set(shops.map((shop) => shop.status));
  if (statuses.has('fitting'))
    entries.push({ key: 'fitting', label: 'status.fitting', fill: fittingFill, stroke: '#555' });
  if (statuses.has('vacant'))
    entries.push({ key: 'vacant', label: 'status.vacant', fill: vacantFill, stroke: '#555' });
  if (shops.some((shop) => shop.own))
    entries.push({ key: 'own', label: 'legendOwn', fill: '#ffffff', stroke: '#c0302a' });
  return entries;
}

/** Label text size in pixels (labels.ts fits text measured at this size). */
export const labelFont = 11;

/** Extra CSS of the map inside a shadow root: keyboard focus on shops is visible. */
export const mapCss = `
  .leaflet-container { font: inherit; background: #f1f0ec; }
  /* Leaflet stacks its panes and controls at z-index 400-1000: kept inside the map's box,
     or they cover the page's own menus and pop-ups (the side menu's 更多 list). */
  .leaflet-container { isolation: isolate; }
  .leaflet-interactive:focus { outline: none; stroke: #2152d9; stroke-width: 4px; }
  .shop-label { pointer-events: none; }
  .shop-label > div {
    display: flex; flex-direction: column; align-items: center; justify-content: center;
    width: 0; height: 0;
    overflow: visible; white-space: nowrap; font-size: ${labelFont}px; line-height: 13px;
    color: #1a1a1a;
  }
  .shop-label b, .shop-label i, .shop-label span { display: none; flex: none; }
  .shop-label i { font-style: normal; font-weight: bold; font-size: ${labelFont - 1}px; }
  .shop-label[data-fit=full] b, .shop-label[data-fit=number] b, .shop-label[data-fit=short] i,
  .shop-label[data-fit=full] span { display: block; }
  .shop-label span { color: #333; overflow: hidden; text-overflow: ellipsis; }
`;
