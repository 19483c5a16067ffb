import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { columnByAliasBatched } from './batch';
import { columnByAlias, homeLayout, type ColumnConfig } from '../../core/api/shell';
import { whenNearView } from '../../ui/near-view';
import { useDefined } from '../../ui/plug/useDefined';
import { useLanguage, useT } from '../../ui/i18n';
import { useNavigate } from '../../ui/navigate';
import { Empty, Loading } from '../../ui/Status';
import { vars } from '../../ui/theme';
import { useAsync } from '../../ui/useAsync';
import { useScrollFocus } from '../../ui/useScrollFocus';
import { decideWidget } from './decide';
import { useDrawn } from './drawn';
import { builtInWidgets, knownWidget, pluggableWidgets, pluggedElement } from './widgets';

/** Below this width the columns stack, each at the height of what it shows. */
const stackedBelow = 900;

const grid = css`
  display: grid;
  grid-template-columns: repeat(12, minmax(0, 1fr));
  grid-auto-rows: 56px;
  gap: 14px;
  @media (max-width: ${stackedBelow}px) {
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
  h2 {
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
  .column-error {
    color: ${vars.danger};
    margin: 0;
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
  const widget = decideWidget(column, knownWidget);
  const Widget = builtInWidgets[widget];
  const tag = Widget ? undefined : pluggableWidgets[widget];
  const defined = useDefined(tag);
  if (Widget) return <Widget column={column} />;
  if (tag && defined) return pluggedElement(tag, column);
  return (
    <div className="unavailable" data-unavailable={widget}>
      {t('shell:home.columnUnavailable')}
    </div>
  );
}

/**
 * Whether a column is near the screen yet: its body (its own requests and drawing) starts
 * with the first screen's when it is in it, and otherwise when scrolled near or when the
 * page is idle, so a phone's long home starts with the columns a person sees first.
 */
function useNearView() {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => whenNearView(ref.current, () => setNear(true), { orWhenIdle: true }), []);
  return { ref, near };
}

interface Placement {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The column card (spec section 2.4): title, optional More, body; its pager is the body's. */
function ColumnCard({
  alias,
  name,
  place,
  load,
  preview = false,
  shown = true,
  onDrawn,
}: {
  alias: string;
  name: string;
  place: Placement | null;
  load: (alias: string) => Promise<ColumnConfig | null>;
  preview?: boolean;
  /** Drawn in place but not yet seen (visibility): see ColumnGrid. */
  shown?: boolean;
  /** Told when the column has drawn; none: nothing waits on it. */
  onDrawn?: ((alias: string) => void) | undefined;
}) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const config = useAsync(() => load(alias), [alias, language]);
  const column = config.data;
  const scrollFocus = useScrollFocus<HTMLDivElement>();
  const seen = useNearView();
  // Hidden when no column data exists, or without display rights unless previewing.
  const hidden =
    !config.loading && !config.error && (!column || (!column.displayRights && !preview));
  const drawn = useDrawn(
    seen.ref,
    !config.loading && (seen.near || !!config.error),
    onDrawn !== undefined,
  );
  useEffect(() => {
    if (drawn || hidden) onDrawn?.(alias);
  }, [drawn, hidden, alias, onDrawn]);
  if (hidden) return null;
  return (
    <section
      ref={seen.ref}
      css={card}
      style={{
        ...(place
          ? {
              gridColumn: `${place.x + 1} / span ${place.w}`,
              gridRow: `${place.y + 1} / span ${place.h}`,
            }
          : { minHeight: column?.colHeight ?? 300 }),
        ...(shown ? {} : { visibility: 'hidden' as const }),
      }}
      data-column={alias}
      data-widget={column ? decideWidget(column, knownWidget) : undefined}
    >
      <header>
        <h2>{column?.name ?? name}</h2>
        {column?.colUrl && (
          <button type="button" onClick={() => navigate(column.colUrl)} data-action="more">
            {t('shell:home.more')} ›
          </button>
        )}
      </header>
      <div className="body" ref={scrollFocus} role="region" aria-label={column?.name ?? name}>
        {config.error ? (
          <p className="column-error" role="alert">
            {t('shell:home.columnFailed', { message: config.error.message })}
          </p>
        ) : column && seen.near ? (
          <ColumnBody column={column} />
        ) : (
          <Loading />
        )}
      </div>
    </section>
  );
}

/**
 * The grid of the user's home layout. The layout places the columns; each column's config
 * comes from getColumnByAliasBatch, the asks of all columns merged into one request.
 */
export function ColumnGrid({ hold = false }: { hold?: boolean }) {
  const t = useT();
  const language = useLanguage();
  const layout = useAsync(homeLayout, [language]);
  const stacked = useMatches(`(max-width: ${stackedBelow}px)`);
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set());
  const onDrawn = useCallback(
    (alias: string) =>
      setDrawn((before) => (before.has(alias) ? before : new Set(before).add(alias))),
    [],
  );
  if (layout.loading) {
    return (
      <div style={hold ? { visibility: 'hidden' } : undefined}>
        <Loading />
      </div>
    );
  }
  const columns = layout.data?.columns ?? [];
  if (!columns.length) return <Empty>{t('shell:home.noColumns')}</Empty>;
  // Nothing drawn moves (a layout shift): the grid waits, unseen, for what is drawn above it
  // (`hold`); stacked on a phone, where each column takes the height of what it shows, a
  // column is seen once it and every column above it have drawn. The grid's rows fix the
  // columns' heights on a wider screen, where each is seen at once.
  const aboveDrawn = columns.map((_, index) =>
    columns.slice(0, index + 1).every((column) => drawn.has(column.alias)),
  );
  return (
    <div css={grid} part="grid" data-layout={layout.data?.name}>
      {columns.map((column, index) => (
        <ColumnCard
          key={column.alias}
          alias={column.alias}
          name={column.name}
          place={column}
          load={columnByAliasBatched}
          shown={!hold && (!stacked || aboveDrawn[index]!)}
          onDrawn={stacked ? onDrawn : undefined}
        />
      ))}
    </div>
  );
}

/** Whether the media query matches, followed as the window changes. */
function useMatches(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const follow = () => setMatches(list.matches);
    follow();
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, [query]);
  return matches;
}

/** /column/preview/{alias}: one column by getColumnByAlias, shown whatever the rights. */
export function ColumnPreview({ alias }: { alias: string }) {
  return (
    <div
      css={grid}
      part="grid"
      data-preview={alias}
      style={{ gridTemplateColumns: 'minmax(0, 1fr)', gridAutoRows: 'auto' }}
    >
      <ColumnCard alias={alias} name={alias} place={null} load={columnByAlias} preview />
    </div>
  );
}
