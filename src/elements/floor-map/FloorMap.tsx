import { Global, css } from '@emotion/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LatLng, Marker, Path } from 'leaflet';
import { mapApi, type FloorData, type MapShop, type MapStore } from '../../core/api/map';
import { useEmit } from '../../ui/element/context';
import { useT } from '../../ui/i18n';
import { FloorPicker } from '../../ui/map/FloorPicker';
import { MapLegend } from '../../ui/map/MapLegend';
import { fitLabels, shortNumber, type LabelShop } from '../../ui/map/labels';
import {
  labelFont,
  mapCss,
  shopStyle,
  toLatLngs,
  type L as LeafletNs,
} from '../../ui/map/leaflet-kit';
import { useFloorView } from '../../ui/map/useFloorView';
import { useAsync } from '../../ui/useAsync';
import { ShopPanel } from './ShopPanel';
import { ShopSearch } from './ShopSearch';

const layout = css`
  display: flex;
  flex-direction: column;
  gap: 8px;
  height: 100%;
  /* Its panels' z-indexes stay among its own parts, under the page's menus. */
  isolation: isolate;
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
  /* A phone is narrower than the plan is wide: the stage takes the plan's shape, so the
     fitted floor fills it and the legend is in the first view, not below empty space. */
  @media (max-width: 640px) {
    min-height: 0;
    .stage {
      flex: none;
      min-height: 220px;
      max-height: 70vh;
      aspect-ratio: var(--plan-aspect, 16 / 10);
    }
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
      <div
        className="stage"
        style={data ? ({ '--plan-aspect': `${data.width} / ${data.height}` } as object) : undefined}
      >
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
    const labels: { shop: MapShop; marker: Marker; bounds: [LatLng, LatLng] }[] = [];
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
      // The number (and brand) written on the shop, as much of it as fits (labels.ts).
      const bounds = polygon.getBounds();
      const centre = bounds.getCenter();
      const marker = L.marker(centre, {
        interactive: false,
        keyboard: false,
        icon: L.divIcon({
          className: 'shop-label',
          html: labelNode(shop, shortNumber(shop.number, data.floor)),
          iconSize: undefined,
        }),
      }).addTo(group);
      labels.push({ shop, marker, bounds: [bounds.getSouthWest(), bounds.getNorthEast()] });
    }
    const measure = textMeasure(map.getContainer());
    const sized: LabelShop[] = labels.map(({ shop, bounds: [sw, ne] }) => ({
      width: ne.lng - sw.lng,
      height: ne.lat - sw.lat,
      x: (sw.lng + ne.lng) / 2,
      y: (sw.lat + ne.lat) / 2,
      numberWidth: measure(shop.number, true),
      shortWidth: measure(shortNumber(shop.number, data.floor), true, labelFont - 1),
      brandWidth: shop.brand ? measure(shop.brand, false) : 0,
    }));
    // CRS.Simple: a metre is 2^zoom pixels.
    const showLabels = () => {
      const scale = 2 ** map.getZoom();
      const fits = fitLabels(sized, scale);
      labels.forEach(({ marker }, i) => {
        const element = marker.getElement();
        if (!element) return;
        element.dataset.fit = fits[i]!;
        const brand = element.querySelector('span');
        if (brand) brand.style.maxWidth = `${Math.max(0, sized[i]!.width * scale - 4)}px`;
      });
    };
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

/**
 * Widths of label text in pixels, in the map's font (bold for numbers), as mapCss draws
 * them: measured on a canvas, so no label is laid out to be measured.
 */
function textMeasure(container: HTMLElement) {
  const context = document.createElement('canvas').getContext('2d');
  const family = getComputedStyle(container).fontFamily || 'sans-serif';
  return (text: string, bold: boolean, size = labelFont) => {
    if (!context) return text.length * 7;
    context.font = `${bold ? 'bold ' : ''}${size}px ${family}`;
    return Math.ceil(context.measureText(text).width);
  };
}

/** Built as nodes with textContent: brands are typed by operations staff, never markup. */
function labelNode(shop: MapShop, short: string): HTMLElement {
  // Leaflet puts the node inside its icon div; CSS (mapCss) lets it pass its children through.
  const label = document.createElement('div');
  label.appendChild(document.createElement('b')).textContent = shop.number;
  label.appendChild(document.createElement('i')).textContent = short;
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
