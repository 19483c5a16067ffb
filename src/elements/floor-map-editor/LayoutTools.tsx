import { useState } from 'react';
import type { Map as LeafletMap, Polygon, LatLng } from 'leaflet';
import {
  mapApi,
  type FloorData,
  type LayoutDiff,
  type LayoutDraft,
  type MapShop,
} from '../../core/api/map';
import { ApiError } from '../../core/http';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { FormDialog } from '../../ui/FormDialog';
import { useT } from '../../ui/i18n';
import { fromLatLngs } from '../../ui/map/leaflet-kit';
import { useAsync } from '../../ui/useAsync';
import { LayoutChanges } from './LayoutChanges';

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

/** A question before publishing, restoring or discarding, with what it will change. */
type Question =
  | { kind: 'publish'; diff: LayoutDiff }
  | { kind: 'restore'; version: number; diff: LayoutDiff }
  | { kind: 'discard' };

/**
 * The layout editor's panel: draw, edit corners, number the selected shop, save the draft,
 * preview and publish it or discard it, restore a version (asked first), the plan image.
 */
export function LayoutTools({
  map,
  floor,
  draft,
  metas,
  selected,
  onSelect,
  onChanged,
  onSaved,
  onError,
}: {
  map: LeafletMap;
  floor: FloorData;
  draft: LayoutDraft | null;
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
  const [question, setQuestion] = useState<Question>();
  const [answerError, setAnswerError] = useState('');
  // The editor's own last save counts at once: a second save before the draft is read
  // again must not be refused as someone else's.
  const [own, setOwn] = useState<{ floorId: string; base: number; revision: number }>();
  const ownRevision =
    own && own.floorId === floor.id && own.base === floor.version ? own.revision : 0;
  const revision = draft ? Math.max(draft.revision, ownRevision) : ownRevision;
  const saveDraft = async () => {
    // The server would name it by its place in the list (铺位第 69 项), which no one sees:
    // the shop is selected instead and the message says what to fill in.
    const unnumbered = [...metas].find(([, shop]) => shop.number.trim() === '');
    if (unnumbered) {
      onSelect(unnumbered[0]);
      throw new Error(t('map:editor.numberMissing'));
    }
    const saved = await mapApi.saveLayout({
      floorId: floor.id,
      baseVersion: floor.version,
      revision,
      shops: [...metas].map(([polygon, shop]) => ({
        number: shop.number.trim(),
        category: shop.category,
        polygon: fromLatLngs((polygon.getLatLngs()[0] as LatLng[]) ?? [], floor.height),
      })),
    });
    if (saved.value)
      setOwn({ floorId: floor.id, base: floor.version, revision: saved.value.revision });
    return saved;
  };
  // What is previewed is what the editor shows: the work is saved as the draft first.
  const preview = () =>
    run(async () => {
      const saved = await saveDraft();
      setQuestion({ kind: 'publish', diff: await mapApi.preview(floor.id) });
      return saved;
    });
  const askRestore = (version: number) =>
    void (async () => {
      setBusy(true);
      try {
        setQuestion({ kind: 'restore', version, diff: await mapApi.preview(floor.id, version) });
      } catch (error) {
        onError(error);
      } finally {
        setBusy(false);
      }
    })();
  const close = () => {
    setQuestion(undefined);
    setAnswerError('');
  };
  const answer = async () => {
    if (!question) return;
    setBusy(true);
    try {
      const result =
        question.kind === 'publish'
          ? await mapApi.publish({
              floorId: floor.id,
              baseVersion: floor.version,
              revision: question.diff.revision,
            })
          : question.kind === 'restore'
            ? await mapApi.restore({
                floorId: floor.id,
                baseVersion: floor.version,
                version: question.version,
                revision: question.diff.revision,
              })
            : await mapApi.discard({ floorId: floor.id, revision });
      setOwn(undefined);
      close();
      onSaved(result.message);
    } catch (error) {
      setAnswerError(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <div data-draft={draft ? draft.revision : 'none'}>
        <Alert tone="info">
          {draft
            ? t('map:editor.draft', {
                revision: draft.revision,
                updatedBy: draft.updatedBy,
                updatedAt: draft.updatedAt.slice(0, 16).replace('T', ' '),
                version: floor.version,
              })
            : t('map:editor.noDraft', { version: floor.version })}
        </Alert>
      </div>
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
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <Button data-action="save" busy={busy} onClick={() => void run(saveDraft)}>
          {t('map:editor.save')}
        </Button>
        <Button variant="primary" data-action="preview" busy={busy} onClick={() => void preview()}>
          {t('map:editor.preview')}
        </Button>
        {draft && (
          <Button
            data-action="discard"
            busy={busy}
            onClick={() => setQuestion({ kind: 'discard' })}
          >
            {t('map:editor.discard')}
          </Button>
        )}
      </div>
      {question && (
        <FormDialog
          name={question.kind}
          title={
            question.kind === 'publish'
              ? t('map:editor.publishTitle', { version: floor.version + 1 })
              : question.kind === 'restore'
                ? t('map:editor.restoreTitle', { version: question.version })
                : t('map:editor.discard')
          }
          width="520px"
          busy={busy}
          error={answerError}
          onSubmit={() => void answer()}
          submitName="confirm"
          submitLabel={
            question.kind === 'publish'
              ? t('map:editor.publish')
              : question.kind === 'restore'
                ? t('map:editor.restore')
                : t('map:editor.discard')
          }
          onClose={close}
        >
          {question.kind === 'discard' ? (
            <p style={{ marginTop: 0 }}>
              {t('map:editor.discardMessage', { version: floor.version })}
            </p>
          ) : (
            <>
              <p style={{ marginTop: 0 }}>
                {question.kind === 'publish'
                  ? t('map:editor.publishIntro', { version: floor.version })
                  : t('map:editor.restoreMessage', {
                      from: question.version,
                      next: floor.version + 1,
                      current: floor.version,
                    })}
              </p>
              <LayoutChanges diff={question.diff} />
              {question.kind === 'restore' && draft && (
                <p data-drops-draft style={{ marginBottom: 0 }}>
                  <strong>{t('map:editor.restoreDropsDraft')}</strong>
                </p>
              )}
            </>
          )}
        </FormDialog>
      )}
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
                <Button busy={busy} onClick={() => askRestore(version.version)}>
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
