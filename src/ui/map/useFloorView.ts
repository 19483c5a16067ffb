import { useEffect, useRef, useState } from 'react';
import type { ImageOverlay, Map as LeafletMap } from 'leaflet';
import { mapApi, type FloorSummary } from '../../core/api/map';
import { createFloorMap, loadLeaflet, type MapKit } from './leaflet-kit';

/**
 * Leaflet over one floor's plan in a container of the element: loads Leaflet once, makes a
 * new map for each floor (and plan version) and removes it when the floor changes.
 */
export function useFloorView(
  floor: FloorSummary | undefined,
  load: () => Promise<MapKit> = loadLeaflet,
) {
  const container = useRef<HTMLDivElement>(null);
  const [kit, setKit] = useState<MapKit>();
  const [map, setMap] = useState<LeafletMap>();
  const plan = useRef<ImageOverlay>(undefined);
  useEffect(() => {
    let live = true;
    void load().then((loaded) => live && setKit(loaded));
    return () => {
      live = false;
    };
    // The loader is fixed for an element's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A new map per floor and plan size; a new version (a save) keeps the map and the view, so
  // an editor does not lose its place, and only the plan image is fetched again.
  const floorKey = floor ? `${floor.id}/${floor.width}x${floor.height}` : '';
  useEffect(() => {
    if (!kit || !floor || !container.current) return;
    const created = createFloorMap(kit.L, container.current, floor, mapApi.planUrl(floor));
    plan.current = created.plan;
    setMap(created.map);
    return () => {
      created.map.remove();
      plan.current = undefined;
      setMap(undefined);
    };
    // floorKey names everything of the floor the map depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kit, floorKey]);
  useEffect(() => {
    if (floor && plan.current) plan.current.setUrl(mapApi.planUrl(floor));
  }, [floor?.version]); // eslint-disable-line react-hooks/exhaustive-deps
  return { container, kit, map };
}
