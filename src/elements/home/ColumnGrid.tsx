import { css } from '@emotion/react';
import { homeLayout, type ColumnConfig } from '../../core/api/shell';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { builtInWidgets, pluggableWidgets, pluggedElement } from './widgets';

const grid = css`
  display: grid;
  grid-template-columns: repeat(12, minmax(0, 1fr));
  grid-auto-rows: 56px;
  gap: 14px;
  @media (max-width: 900px) {
    /* minmax(0, …): a wide table in a column scrolls inside it instead of widening the page. */
    grid-template-columns: minmax(0, 1fr);
    grid-auto-rows: auto;
    & > section {
      grid-column: auto !important;
      grid-row: auto !important;
    }
  }
`;

const card = css`
  display: flex;
  flex-direction: column;
  min-height: 0;
  background: ${vars.surface};
  border: 1px solid ${vars.border};
  border-radius: 10px;
  padding: 12px 16px;
  header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    margin-bottom: 8px;
  }
  h3 {
    font-size: 15px;
    margin: 0;
  }
  header button {
    border: 0;
    background: none;
    color: ${vars.textMuted};
    cursor: pointer;
    font: inherit;
    font-size: 13px;
  }
  .body {
    flex: 1;
    min-height: 0;
    overflow: auto;
  }
  .unavailable {
    color: ${vars.textMuted};
    display: flex;
    align-items: center;
    justify-content: center;
    height: 100%;
  }
`;

function ColumnBody({ column }: { column: ColumnConfig }) {
  const t = useT();
  const Widget = builtInWidgets[column.widget];
  if (Widget) return <Widget column={column} />;
  const tag = pluggableWidgets[column.widget];
  if (tag && customElements.get(tag)) return pluggedElement(tag, column);
  return (
    <div className="unavailable" data-unavailable={column.widget}>
      {t('shell:home.columnUnavailable')}
    </div>
  );
}

/** The grid of the user's home layout; columns they may not see are not shown. */
export function ColumnGrid() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const layout = useAsync(homeLayout, [language]);
  if (layout.loading) return <Loading />;
  const columns = layout.data?.columns.filter((column) => column.displayRights) ?? [];
  if (!columns.length) return <Empty>{t('shell:home.noColumns')}</Empty>;
  return (
    <div css={grid} part="grid" data-layout={layout.data?.name}>
      {columns.map((column) => (
        <section
          key={column.alias}
          css={card}
          style={{
            gridColumn: `${column.x + 1} / span ${column.w}`,
            gridRow: `${column.y + 1} / span ${column.h}`,
          }}
          data-column={column.alias}
        >
          <header>
            <h3>{column.name}</h3>
            {column.colUrl && (
              <button type="button" onClick={() => navigate(column.colUrl)} data-action="more">
                {t('shell:home.more')} ›
              </button>
            )}
          </header>
          <div className="body">
            <ColumnBody column={column} />
          </div>
        </section>
      ))}
    </div>
  );
}
