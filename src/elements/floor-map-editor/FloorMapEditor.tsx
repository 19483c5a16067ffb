import { Global, css } from '@emotion/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Polygon } from 'leaflet';
import { mapApi, type MapShop, type MapStore } from '../../core/api/map';
import { Alert } from '../../ui/Alert';
import { useT } from '../../ui/i18n';
import { FloorPicker } from '../../ui/map/FloorPicker';
import { MapLegend } from '../../ui/map/MapLegend';
import { mapCss, shopStyle, toLatLngs } from '../../ui/map/leaflet-kit';
import { useFloorView } from '../../ui/map/useFloorView';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { AssignForm } from './AssignForm';
import { loadEditorKit } from './geoman';
import { LayoutTools, type ShopMeta } from './LayoutTools';

const layout = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 300px;
  gap: 12px;
  .map {
    height: 560px;
    border-radius: 8px;
    overflow: hidden;
    border: 1px solid ${vars.border};
  }
  aside {
    display: flex;
    flex-direction: column;
    gap: 12px;
    min-width: 0;
  }
  .hint {
    color: ${vars.textMuted};
    font-size: 13px;
    margin: 0;
  }
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
    .map {
      height: 60vh;
    }
  }
`;

export type Mode = 'layout' | 'assign';

const editableStores = (stores: MapStore[], allowed: 'all' | string[]) =>
  stores.filter((store) => allowed === 'all' || allowed.includes(store.code));

/**
 * The two editors of /editMap (layout: draw, snap, number, save versions, restore, plan
 * image) and /editMapYy (assignments: brand, contract, status; geometry untouched).
 */
export function FloorMapEditor({ mode = 'layout' }: { mode?: Mode }) {
  const t = useT();
  const data = useAsync(() => Promise.all([mapApi.stores(), mapApi.access()]), []);
  const stores = useMemo(() => {
    if (!data.data) return [];
    const [all, access] = data.data;
    if (mode === 'assign') return access.assign ? all : [];
    return editableStores(all, access.layoutStores);
  }, [data.data, mode]);
  const [where, setWhere] = useState({ store: '', floorId: '' });
  useEffect(() => {
    const first = stores[0];
    const floor = first?.floors.find((f) => f.floor === 'L1') ?? first?.floors[0];
    if (first && floor) setWhere({ store: first.code, floorId: floor.id });
  }, [stores]);
  // The layout editor works on the floor's draft when it has one; the published floor gives
  // the plan, the version the draft builds on, and each shop's status for its colour.
  const floor = useAsync(
    () =>
      where.floorId
        ? Promise.all([
            mapApi.floor(where.floorId),
            mode === 'layout' ? mapApi.draft(where.floorId).then((found) => found.draft) : null,
          ])
        : Promise.resolve(undefined),
    [where.floorId],
  );
  const current = floor.data?.[0].id === where.floorId ? floor.data[0] : undefined;
  const draft = current ? (floor.data?.[1] ?? null) : null;
  const view = useFloorView(current, loadEditorKit);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string }>();
  const [selected, setSelected] = useState<Polygon>();
  const metas = useRef(new Map<Polygon, ShopMeta>());
  const [, redraw] = useState(0);

  useEffect(() => {
    const { map, kit } = view;
    if (!current || !map || !kit) return;
    const group = kit.L.featureGroup().addTo(map);
    metas.current.clear();
    const published = new Map(current.shops.map((shop) => [shop.number, shop]));
    for (const shape of draft?.shops ?? current.shops) {
      const shop = published.get(shape.number);
      const polygon = kit.L.polygon(
        toLatLngs(shape.polygon.coordinates[0]!, current.height),
        shopStyle({ status: shop?.status ?? 'vacant', category: shape.category }),
      );
      polygon.addTo(group);
      metas.current.set(polygon, {
        id: shop?.id,
        number: shape.number,
        category: shape.category,
        shop,
      });
      wireLayer(polygon);
    }
    if (mode === 'layout') {
      map.pm.setGlobalOptions({ snappable: true, snapDistance: 8, layerGroup: group });
      map.on('pm:create', (event) => {
        const polygon = event.layer as Polygon;
        metas.current.set(polygon, { number: '', category: '' });
        wireLayer(polygon);
        setSelected(polygon);
      });
    }
    return () => {
      map.off('pm:create');
      group.remove();
      setSelected(undefined);
    };
    function wireLayer(polygon: Polygon) {
      polygon.on('click', () => setSelected(polygon));
      const element = polygon.getElement();
      const meta = metas.current.get(polygon);
      if (element && meta) {
        // Shops are buttons for the keyboard too: Tab to one, Enter selects it.
        element.setAttribute('data-shop', meta.number);
        element.setAttribute('role', 'button');
        element.setAttribute('tabindex', '0');
        element.setAttribute('aria-label', meta.number || t('map:editor.numberTitle'));
        element.addEventListener('keydown', (event) => {
          if ((event as KeyboardEvent).key === 'Enter') setSelected(polygon);
        });
      }
    }
  }, [current, draft, view.map, view.kit, mode]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    for (const [polygon, meta] of metas.current) {
      polygon.setStyle(
        shopStyle(
          { status: meta.shop?.status ?? 'open', category: meta.category },
          polygon === selected,
        ),
      );
    }
  }, [selected]);

  if (data.data && stores.length === 0)
    return <Alert tone="info">{t('map:editor.noStores')}</Alert>;
  const report = (error: unknown) =>
    setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
  const done = (text: string | undefined) => {
    setMessage({ tone: 'success', text: text ?? '' });
    floor.reload();
  };
  const selectedMeta = selected ? metas.current.get(selected) : undefined;
  return (
    <div part="editor">
      {view.kit && <Global styles={css(view.kit.css + mapCss)} />}
      <FloorPicker
        stores={stores}
        store={where.store}
        floorId={where.floorId}
        onStore={(code) => {
          const store = stores.find((s) => s.code === code);
          const first = store?.floors.find((f) => f.floor === 'L1') ?? store?.floors[0];
          setWhere({ store: code, floorId: first?.id ?? '' });
        }}
        onFloor={(floorId) => setWhere((previous) => ({ ...previous, floorId }))}
      />
      <div css={layout} style={{ marginTop: 12 }}>
        <div
          ref={view.container}
          className="map"
          role="region"
          aria-label={t(mode === 'layout' ? 'map:editor.title' : 'map:editor.assignTitle')}
          data-ready={current && view.map ? 'true' : undefined}
          data-version={current?.version}
          data-revision={draft?.revision ?? 0}
        />
        <aside>
          {message && (
            <div data-message={message.tone}>
              <Alert tone={message.tone}>{message.text}</Alert>
            </div>
          )}
          {mode === 'layout' && current && view.map ? (
            <LayoutTools
              map={view.map}
              floor={current}
              draft={draft}
              metas={metas.current}
              selected={selected}
              onSelect={setSelected}
              onChanged={() => redraw((n) => n + 1)}
              onSaved={done}
              onError={report}
            />
          ) : null}
          {mode === 'assign' && (
            <>
              <p className="hint">{t('map:editor.assignHint')}</p>
              {selectedMeta?.shop && (
                <AssignForm
                  key={selectedMeta.shop.id}
                  shop={selectedMeta.shop as MapShop}
                  onSaved={done}
                  onError={report}
                />
              )}
            </>
          )}
        </aside>
      </div>
      {current && (
        <div style={{ marginTop: 8 }}>
          <MapLegend shops={current.shops} />
        </div>
      )}
    </div>
  );
}
