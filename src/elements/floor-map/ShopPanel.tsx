import { css } from '@emotion/react';
import { useEffect, useId, useRef } from 'react';
import type { MapShop } from '../../core/api/map';
import { useT } from '../../ui/i18n';
import { vars } from '../../ui/theme';

const panel = css`
  position: absolute;
  z-index: 1000;
  top: 8px;
  right: 8px;
  width: min(300px, calc(100% - 16px));
  max-height: calc(100% - 16px);
  overflow: auto;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 8px;
  box-shadow: 0 6px 24px rgba(0, 0, 0, 0.18);
  padding: 12px 16px;
  h2 {
    font-size: 16px;
    margin: 0 0 8px;
    display: flex;
    justify-content: space-between;
    align-items: center;
  }
  h2 button {
    border: 0;
    background: none;
    font-size: 22px;
    cursor: pointer;
    color: ${vars.textMuted};
  }
  dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 12px;
    margin: 0;
  }
  dt {
    color: ${vars.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .own {
    color: ${vars.danger};
    font-weight: 600;
  }
  @media (max-width: 640px) {
    top: auto;
    bottom: 0;
    right: 0;
    left: 0;
    width: auto;
    max-height: 55%;
    border-radius: 12px 12px 0 0;
  }
`;

/**
 * The shop's info panel: a labelled, non-modal dialog over the map (the map stays usable);
 * Escape or the close button returns focus to the map. Staff fields show only when the
 * server sent them (it decides who sees them).
 */
export function ShopPanel({
  shop,
  contractLink,
  onClose,
}: {
  shop: MapShop;
  contractLink?: string | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [shop.id]);
  const rows: [string, string | undefined][] = [
    ['number', shop.number],
    ['floor', shop.floor],
    ['brand', shop.brand || '—'],
    ['area', t('map:panel.areaValue', { area: shop.area })],
    ['category', t(`map:category.${shop.category}`, { defaultValue: shop.category })],
    ['status', t(`map:status.${shop.status}`)],
    ['coordinates', t('map:panel.coordinatesValue', { x: shop.x, y: shop.y })],
  ];
  const staff = shop.contractNo !== undefined;
  return (
    <div
      ref={ref}
      css={panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      part="panel"
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <h2>
        <span id={titleId}>{t('map:panel.title', { number: shop.number })}</span>
        <button type="button" aria-label={t('map:panel.close')} onClick={onClose}>
          ×
        </button>
      </h2>
      {shop.own && <p className="own">{t('map:panel.own')}</p>}
      <dl>
        {rows.map(([key, value]) => (
          <div key={key} style={{ display: 'contents' }} data-field={key}>
            <dt>{t(`map:panel.${key}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {staff && (
          <>
            <dt>{t('map:panel.merchant')}</dt>
            <dd data-field="merchant">{shop.merchantName || '—'}</dd>
            <dt>{t('map:panel.contract')}</dt>
            <dd data-field="contract">
              {shop.contractNo && contractLink ? (
                <a href={contractLink}>{shop.contractNo}</a>
              ) : (
                shop.contractNo || '—'
              )}
            </dd>
            <dt>{t('map:panel.statement')}</dt>
            <dd data-field="statement">{t(`map:statement.${shop.statementStatus ?? 'none'}`)}</dd>
            <dt>{t('map:panel.overdue')}</dt>
            <dd data-field="overdue">{t(shop.overdue ? 'map:panel.yes' : 'map:panel.no')}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
