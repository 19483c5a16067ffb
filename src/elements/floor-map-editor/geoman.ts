import { loadLeaflet, type MapKit } from '../../ui/map/leaflet-kit';

/**
 * Leaflet with Geoman's drawing and editing, for the editor only (the map element never
 * loads Geoman). Geoman extends the global `L`: ours is put there for the import and the
 * page's own `L`, if it has one, is put back afterwards.
 */
let loading: Promise<MapKit> | null = null;

export function loadEditorKit(): Promise<MapKit> {
  loading ??= (async () => {
    const kit = await loadLeaflet();
    const scope = globalThis as { L?: unknown };
    const before = scope.L;
    scope.L = kit.L;
    try {
      await import('@geoman-io/leaflet-geoman-free');
    } finally {
      scope.L = before;
    }
    const css = await import('@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css?inline');
    return { L: kit.L, css: `${kit.css}\n${css.default}` };
  })();
  loading.catch(() => (loading = null));
  return loading;
}
