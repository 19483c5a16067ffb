import { Global, css } from '@emotion/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Path } from 'leaflet';
import { mapApi, type FloorData, type MapShop, type MapStore } from '../../core/api/map';
import { useEmit } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { FloorPicker } from '../../ui/map/FloorPicker';
import { MapLegend } from '../../ui/map/MapLegend';
import { mapCss, shopStyle, toLatLngs, type L as LeafletNs } from '../../ui/map/leaflet-kit';
import { useFloorView } from '../../ui/map/useFloorView';
import { useAsync } from '../../ui/useAsync';
import { ShopPanel } from './ShopPanel';
import { ShopSearch } from './ShopSearch';

const layout = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  height: 100%;
  min-height: 420px;
  .stage {
    position: relative;
    flex: 1;
    min-height: max(360px, 70vh);
  }
  .map {
    position: absolute;
    inset: 0;
    border-radius: 8px;
    overflow: hidden;
  }
`;

interface Props {
  store?: string;
  floor?: string;
  shop?: string;
  contractLink?: string;
}

/** Which store and floor to open first: the attributes, else the first store's 1F. */
function initialFloor(stores: MapStore[], store?: string, floor?: string) {
  const chosen = stores.find((candidate) => candidate.code === store) ?? stores[0];
  const floors = chosen?.floors ?? [];
  const found =
    floors.find((candidate) => candidate.floor === floor) ??
    floors.find((candidate) => candidate.floor === 'L1') ??
    floors[0];
  return { store: chosen?.code ?? '', floorId: found?.id ?? '' };
}

export function FloorMap({
  store: storeAttr,
  floor: floorAttr,
  shop: shopAttr,
  contractLink,
}: Props) {
  const t = useT();
  const emit = useEmit();
  const stores = useAsync(() => mapApi.stores(), []);
  const [where, setWhere] = useState({ store: '', floorId: '' });
  const [chosen, setChosen] = useState<string | undefined>(shopAttr);
  useEffect(() => {
    if (stores.data) setWhere(initialFloor(stores.data, storeAttr, floorAttr));
  }, [stores.data, storeAttr, floorAttr]);
  useEffect(() => setChosen(shopAttr), [shopAttr]);
  const floor = useAsync(
    () => (where.floorId ? mapApi.floor(where.floorId) : Promise.resolve(undefined)),
    [where.floorId],
  );
  const data = floor.data?.id === where.floorId ? floor.data : undefined;
  const { container, kit, map } = useFloorView(data);
  const layers = useShopLayers(data, map, kit?.L, chosen, setChosen);
  const shop = data?.shops.find(
    (candidate) => candidate.id === chosen || candidate.number === chosen,
  );

  useEffect(() => {
    if (!shop || !map) return;
    const layer = layers.current.get(shop.id);
    if (layer)
      map.flyToBounds((layer as unknown as { getBounds(): never }).getBounds(), {
        maxZoom: 3,
        duration: 0.3,
      });
    emit('atrium-floor-map-shop', {
      id: shop.id,
      number: shop.number,
      floor: shop.floor,
      brand: shop.brand,
    });
  }, [shop?.id, map]); // eslint-disable-line react-hooks/exhaustive-deps

  const closePanel = () => {
    const layer = shop && layers.current.get(shop.id);
    setChosen(undefined);
    (layer?.getElement() as SVGElement | undefined)?.focus();
  };
  const link = shop?.contractNo
    ? (contractLink ?? '/fvue/finance/ht?contractNo={no}').replace(
        '{no}',
        encodeURIComponent(shop.contractNo),
      )
    : undefined;
  return (
    <div css={layout} part="map-page">
      {kit && <Global styles={css(kit.css + mapCss)} />}
      {stores.data && (
        <FloorPicker
          stores={stores.data}
          store={where.store}
          floorId={where.floorId}
          onStore={(code) => {
            setChosen(undefined);
            setWhere(initialFloor(stores.data!, code));
          }}
          onFloor={(floorId) => {
            setChosen(undefined);
            setWhere((previous) => ({ ...previous, floorId }));
          }}
        />
      )}
      {where.store && (
        <ShopSearch
          store={where.store}
          onPick={(hit) => {
            setWhere((previous) => ({ ...previous, floorId: hit.floorId }));
            setChosen(hit.id);
          }}
        />
      )}
      <div className="stage">
        <div
          ref={container}
          className="map"
          part="map"
          role="region"
          aria-label={t('map:title')}
          aria-busy={!data || !map}
          data-floor={data?.floor}
          data-ready={data && map ? 'true' : undefined}
        />
        {shop && <ShopPanel shop={shop} contractLink={link} onClose={closePanel} />}
      </div>
      {data && <MapLegend shops={data.shops} />}
    </div>
  );
}

/**
 * One polygon per shop, each a focusable button (Tab moves through the shops, Enter opens
 * the panel) labelled with its number and brand.
 */
function useShopLayers(
  data: FloorData | undefined,
  map: ReturnType<typeof useFloorView>['map'],
  L: LeafletNs | undefined,
  chosen: string | undefined,
  choose: (id: string) => void,
) {
  const t = useT();
  const layers = useRef(new Map<string, Path>());
  const byId = useMemo(() => new Map((data?.shops ?? []).map((shop) => [shop.id, shop])), [data]);
  useEffect(() => {
    if (!data || !map || !L) return;
    const drawn = layers.current;
    const group = L.layerGroup().addTo(map);
    for (const shop of data.shops) {
      const polygon = L.polygon(
        toLatLngs(shop.polygon.coordinates[0]!, data.height),
        shopStyle(shop),
      );
      polygon.on('click', () => choose(shop.id));
      // A node, not a string: Leaflet puts a string in as HTML, and a brand is outside text.
      polygon.bindTooltip(textNode(shopLabel(t, shop)), { sticky: true, direction: 'top' });
      polygon.addTo(group);
      const element = polygon.getElement() as SVGElement | undefined;
      if (element) {
        element.setAttribute('tabindex', '0');
        element.setAttribute('role', 'button');
        element.setAttribute('data-shop', shop.number);
        element.setAttribute('aria-label', shopLabel(t, shop));
        element.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            choose(shop.id);
          }
        });
      }
      drawn.set(shop.id, polygon);
      // The number (and brand) written on the shop; shown once zoomed in enough to fit.
      L.marker(polygon.getBounds().getCenter(), {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: 'shop-label', html: labelNode(shop), iconSize: undefined }),
      }).addTo(group);
    }
    // CRS.Simple: a metre is 2^zoom pixels. Labels show once a typical shop is wide enough.
    const widths = data.shops.map((shop) => shopWidth(shop)).sort((a, b) => a - b);
    const typical = widths[Math.floor(widths.length / 2)] ?? 0;
    const showLabels = () =>
      map.getContainer().classList.toggle('labelled', typical * 2 ** map.getZoom() >= labelPixels);
    showLabels();
    map.on('zoomend', showLabels);
    return () => {
      map.off('zoomend', showLabels);
      group.remove();
      drawn.clear();
    };
  }, [data, map, L, t]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    for (const [id, layer] of layers.current) {
      const shop = byId.get(id);
      if (shop) layer.setStyle(shopStyle(shop, id === chosen || shop.number === chosen));
    }
  }, [chosen, byId, map]);
  return layers;
}

/** How wide (in pixels) a typical shop must be drawn for numbers to be written on shops. */
const labelPixels = 56;

/** A shop's width in plan metres (its outline's extent across). */
function shopWidth(shop: MapShop): number {
  const xs = shop.polygon.coordinates[0]!.map(([x]) => x);
  return Math.max(...xs) - Math.min(...xs);
}

/** Built as nodes with textContent: brands are typed by operations staff, never markup. */
function labelNode(shop: MapShop): HTMLElement {
  // Leaflet puts the node inside its icon div; CSS (mapCss) lets it pass its children through.
  const label = document.createElement('div');
  const number = label.appendChild(document.createElement('b'));
  number.textContent = shop.number;
  if (shop.brand) label.appendChild(document.createElement('span')).textContent = shop.brand;
  return label;
}

/** Text as a node for Leaflet, which takes a string as HTML. */
function textNode(text: string): HTMLElement {
  const node = document.createElement('span');
  node.textContent = text;
  return node;
}

const shopLabel = (t: ReturnType<typeof useT>, shop: MapShop) =>
  t('map:shopLabel', { number: shop.number, brand: shop.brand || t('map:status.vacant') });
