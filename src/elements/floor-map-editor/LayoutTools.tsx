import { useState } from 'react';
import type { Map as LeafletMap, Polygon, LatLng } from 'leaflet';
import { mapApi, type FloorData, type MapShop } from '../../core/api/map';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { useT } from '../../ui/i18n';
import { fromLatLngs } from '../../ui/map/leaflet-kit';
import { useAsync } from '../../ui/useAsync';

export interface ShopMeta {
  id?: string;
  number: string;
  category: string;
  shop?: MapShop;
}

const categories = [
  '',
  'cosmetics',
  'jewellery',
  'womenswear',
  'menswear',
  'shoes',
  'kids',
  'sports',
  'home',
  'catering',
  'tea',
];

/** The layout editor's panel: draw, edit corners, number the selected shop, save, versions, plan. */
export function LayoutTools({
  map,
  floor,
  metas,
  selected,
  onSelect,
  onChanged,
  onSaved,
  onError,
}: {
  map: LeafletMap;
  floor: FloorData;
  metas: Map<Polygon, ShopMeta>;
  selected: Polygon | undefined;
  onSelect: (polygon: Polygon | undefined) => void;
  onChanged: () => void;
  onSaved: (message: string | undefined) => void;
  onError: (error: unknown) => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const versions = useAsync(() => mapApi.versions(floor.id), [floor.id, floor.version]);
  const meta = selected ? metas.get(selected) : undefined;
  const update = (change: Partial<ShopMeta>) => {
    if (!selected || !meta) return;
    Object.assign(meta, change);
    selected.getElement()?.setAttribute('data-shop', meta.number);
    onChanged();
  };
  const run = async (action: () => Promise<{ message?: string }>) => {
    setBusy(true);
    try {
      onSaved((await action()).message);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(() =>
      mapApi.saveLayout({
        floorId: floor.id,
        baseVersion: floor.version,
        shops: [...metas].map(([polygon, shop]) => ({
          number: shop.number.trim(),
          category: shop.category,
          polygon: fromLatLngs((polygon.getLatLngs()[0] as LatLng[]) ?? [], floor.height),
        })),
      }),
    );
  return (
    <>
      <p className="hint">{t('map:editor.selectHint')}</p>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button
          data-action="draw"
          onClick={() =>
            map.pm.enableDraw('Polygon', { snappable: true, allowSelfIntersection: true })
          }
        >
          {t('map:editor.draw')}
        </Button>
        <Button
          data-action="edit"
          onClick={() =>
            map.pm.toggleGlobalEditMode({ snappable: true, allowSelfIntersection: true })
          }
        >
          {t('map:editor.edit')}
        </Button>
        <Button
          data-action="remove"
          disabled={!selected}
          onClick={() => {
            if (!selected) return;
            metas.delete(selected);
            selected.remove();
            onSelect(undefined);
          }}
        >
          {t('map:editor.remove')}
        </Button>
      </div>
      {meta && (
        <fieldset data-selected={meta.number} style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>{t('map:editor.selected', { number: meta.number || '—' })}</legend>
          <TextField
            label={t('map:editor.number')}
            name="number"
            value={meta.number}
            maxLength={20}
            onChange={(event) => update({ number: event.target.value })}
          />
          <SelectField
            label={t('map:editor.category')}
            value={meta.category}
            onChange={(event) => update({ category: event.target.value })}
          >
            {categories.map((key) => (
              <option key={key} value={key}>
                {t(`map:category.${key}`)}
              </option>
            ))}
          </SelectField>
        </fieldset>
      )}
      <Button variant="primary" data-action="save" busy={busy} onClick={() => void save()}>
        {t('map:editor.save')}
      </Button>
      <section aria-label={t('map:editor.versions')}>
        <h3 style={{ fontSize: 14, margin: '8px 0' }}>{t('map:editor.versions')}</h3>
        <ol style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: 6 }}>
          {(versions.data ?? []).map((version) => (
            <li
              key={version.version}
              data-version={version.version}
              style={{
                display: 'flex',
                gap: 8,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <span>
                <strong>{t('map:editor.version', { version: version.version })}</strong>
                <br />
                <small>
                  {t('map:editor.versionMeta', {
                    createdBy: version.createdBy,
                    createdAt: version.createdAt.slice(0, 16).replace('T', ' '),
                    count: version.shopCount,
                  })}
                </small>
              </span>
              {version.version === floor.version ? (
                <small>{t('map:editor.current')}</small>
              ) : (
                <Button
                  busy={busy}
                  onClick={() =>
                    void run(() =>
                      mapApi.restore({
                        floorId: floor.id,
                        baseVersion: floor.version,
                        version: version.version,
                      }),
                    )
                  }
                >
                  {t('map:editor.restore')}
                </Button>
              )}
            </li>
          ))}
        </ol>
      </section>
      <PlanUpload floor={floor} onSaved={onSaved} onError={onError} />
    </>
  );
}

function PlanUpload({
  floor,
  onSaved,
  onError,
}: {
  floor: FloorData;
  onSaved: (message: string | undefined) => void;
  onError: (error: unknown) => void;
}) {
  const t = useT();
  const [file, setFile] = useState<File>();
  const [size, setSize] = useState({ width: floor.width, height: floor.height });
  const upload = async () => {
    if (!file) return;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      const result = await mapApi.uploadPlan({ floorId: floor.id, image: btoa(binary), ...size });
      onSaved(result.message);
    } catch (error) {
      onError(error);
    }
  };
  return (
    <section aria-label={t('map:editor.plan')}>
      <h3 style={{ fontSize: 14, margin: '8px 0' }}>{t('map:editor.plan')}</h3>
      <input
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-label={t('map:editor.plan')}
        onChange={(event) => setFile(event.target.files?.[0])}
      />
      <div style={{ display: 'flex', gap: 8 }}>
        <TextField
          label={t('map:editor.planWidth')}
          type="number"
          value={size.width}
          onChange={(e) => setSize({ ...size, width: Number(e.target.value) })}
        />
        <TextField
          label={t('map:editor.planHeight')}
          type="number"
          value={size.height}
          onChange={(e) => setSize({ ...size, height: Number(e.target.value) })}
        />
      </div>
      <Button disabled={!file} onClick={() => void upload()}>
        {t('map:editor.upload')}
      </Button>
    </section>
  );
}
