import { css } from '@emotion/react';
import type { MapStore } from '../../core/api/map';
import { useLanguage, useT } from '../i18n';
import { vars } from '../theme';

const bar = css`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  select {
    height: 32px;
    border: 1px solid ${vars.border};
    border-radius: 6px;
    padding: 0 8px;
    max-width: 100%;
    background: ${vars.surface};
    color: ${vars.text};
  }
  .floors {
    display: flex;
    flex-wrap: wrap;
    gap: 4px;
  }
  .floors button {
    min-width: 40px;
    height: 32px;
    border: 1px solid ${vars.border};
    border-radius: 6px;
    background: ${vars.surface};
    color: ${vars.text};
    cursor: pointer;
  }
  .floors button[aria-pressed='true'] {
    background: ${vars.primary};
    border-color: ${vars.primary};
    color: ${vars.primaryText};
  }
`;

/** The store choice and the floor buttons (B2, B1, L1, …) of the map and its editors. */
export function FloorPicker({
  stores,
  store,
  floorId,
  onStore,
  onFloor,
}: {
  stores: MapStore[];
  store: string;
  floorId: string;
  onStore: (code: string) => void;
  onFloor: (floorId: string) => void;
}) {
  const t = useT();
  const language = useLanguage();
  const current = stores.find((candidate) => candidate.code === store);
  return (
    <div css={bar}>
      <select aria-label={t('map:store')} value={store} onChange={(e) => onStore(e.target.value)}>
        {stores.map((candidate) => (
          <option key={candidate.code} value={candidate.code}>
            {language === 'en-US' ? candidate.nameEn : candidate.name}
          </option>
        ))}
      </select>
      <div className="floors" role="group" aria-label={t('map:floors')}>
        {current?.floors
          .slice()
          .reverse()
          .map((floor) => (
            <button
              key={floor.id}
              type="button"
              data-floor={floor.floor}
              aria-pressed={floor.id === floorId}
              onClick={() => onFloor(floor.id)}
            >
              {floor.floor}
            </button>
          ))}
      </div>
    </div>
  );
}
