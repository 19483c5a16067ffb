import { css } from '@emotion/react';
import type { MapShop } from '../../core/api/map';
import { useT } from '../i18n';
import { legendEntries } from './leaflet-kit';

const list = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 12px;
  color: #444;
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  .swatch {
    width: 14px;
    height: 14px;
    border: 2px solid;
    border-radius: 3px;
  }
`;

/** The plan draws shops at 55 % opacity (shopStyle): the swatches look the same. */
const planOpacity = '8c';

/** What the plan's colours mean on the floor shown (the map and its editors share it). */
export function MapLegend({ shops }: { shops: Pick<MapShop, 'status' | 'category' | 'own'>[] }) {
  const t = useT();
  const entries = legendEntries(shops);
  if (entries.length === 0) return null;
  return (
    <ul css={list} aria-label={t('map:legend')} part="legend" data-part="legend">
      {entries.map((entry) => (
        <li key={entry.key} data-legend={entry.key}>
          <span
            className="swatch"
            aria-hidden="true"
            style={{ background: `${entry.fill}${planOpacity}`, borderColor: entry.stroke }}
          />
          {t(`map:${entry.label}`)}
        </li>
      ))}
    </ul>
  );
}
