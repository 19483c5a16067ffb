import { memo, useEffect, useState, type ReactNode } from 'react';
import { notify } from '../../core/notices';
import { turnPage } from '../../core/paging';
import { Button } from '../Button';
import { useEmit, useHost } from '../element/context';
import { useT } from '../i18n';
import { installPrintPageStyles } from './document-styles';
import { whenPrintable } from './readiness';
import { frame } from './styles';

export interface PrintFrameProps {
  /** One node per printed sheet (a sheet never spans two printed pages). */
  sheets: ReactNode[];
  /** Screen shows one sheet at a time with previous/next (settlement, invoicing confirmation). */
  paged: boolean;
  /** A batch being read (total unknown) or laid out: records done of total. */
  progress?: { done: number; total: number; label: string } | undefined;
  /** Everything is rendered (the element then reports `atrium-print-ready`). */
  complete: boolean;
  /** Shown instead of the document: loading, an error, nothing to print. */
  status?: ReactNode;
}

/** A sheet re-renders only when its own content changes, not when more sheets arrive. */
const Sheet = memo(function Sheet({
  index,
  paged,
  shown,
  children,
}: {
  index: number;
  paged: boolean;
  shown: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={`sheet${paged ? ' paged' : ''}${shown ? '' : ' hidden-on-screen'}`}
      data-sheet={index + 1}
    >
      {children}
    </section>
  );
});

function Progress({ progress }: { progress: NonNullable<PrintFrameProps['progress']> }) {
  const known = progress.total > 0;
  return (
    <span className="progress-wrap" data-progress={`${progress.done}/${progress.total}`}>
      <span
        className={`progress${known ? '' : ' indeterminate'}`}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={known ? progress.total : undefined}
        aria-valuenow={known ? progress.done : undefined}
        aria-label={progress.label}
      >
        <span style={known ? { width: `${(100 * progress.done) / progress.total}%` } : {}} />
      </span>
      <span className="progress-label">{progress.label}</span>
    </span>
  );
}

/** A sheet's width on screen: 280 mm at 96 px an inch, and a little air on each side. */
const sheetWidthPx = (280 * 96) / 25.4 + 16;

/**
 * On a screen narrower than a sheet (a phone), the document is scaled down to fit the width
 * instead of spilling sideways; the reader pinch-zooms to read details (the portal's
 * viewport allows it). Printing keeps its own 70 % zoom (styles.ts).
 */
function fitToWidth(host: HTMLElement): () => void {
  const fit = () => {
    const ratio = Math.min(1, host.clientWidth / sheetWidthPx);
    host.style.setProperty('--atrium-print-fit', ratio.toFixed(4));
  };
  fit();
  const observer = new ResizeObserver(fit);
  observer.observe(host);
  return () => observer.disconnect();
}

/**
 * The frame of every print view: print and close buttons, page navigation with the spec's
 * alerts (screen only), a progress bar while a batch is read and laid out, and the print
 * rules: A4 with 5 mm top and 10 mm left margins, 70 % zoom, one sheet per page. When the
 * sheets are all there and the fonts and images (the seal) have loaded, the host gets
 * `data-ready` and the event `atrium-print-ready`.
 */
export function PrintFrame({ sheets, paged, progress, complete, status }: PrintFrameProps) {
  const t = useT();
  const emit = useEmit();
  const host = useHost();
  const [page, setPage] = useState(1);
  const total = sheets.length;

  useEffect(installPrintPageStyles, []);
  useEffect(() => fitToWidth(host), [host]);
  useEffect(() => {
    host.removeAttribute('data-ready');
    if (!complete) return;
    let cancelled = false;
    void whenPrintable(host.shadowRoot ?? host).then(() => {
      if (cancelled) return;
      host.setAttribute('data-ready', '');
      emit('atrium-print-ready', { sheets: total });
    });
    return () => {
      cancelled = true;
    };
  }, [complete, host, emit, total]);

  const turn = (direction: 'previous' | 'next') => {
    const next = turnPage(page, total, direction);
    if ('alert' in next) notify('warning', t(next.alert.key));
    else setPage(next.page);
  };

  const print = async () => {
    await whenPrintable(host.shadowRoot ?? host);
    globalThis.print();
  };

  // A page that embeds the view may handle closing itself (cancel the event).
  const close = () => {
    if (emit('atrium-print-close', {}, true)) globalThis.close();
  };

  return (
    <div css={frame}>
      <div className="toolbar screen-only" part="toolbar">
        {paged && complete && (
          <>
            <Button onClick={() => turn('previous')} data-action="previous">
              {t('common:paging.previous')}
            </Button>
            <span className="page-number" data-page={page} data-pages={total}>
              {t('common:paging.page', { page, total })}
            </span>
            <Button onClick={() => turn('next')} data-action="next">
              {t('common:paging.next')}
            </Button>
          </>
        )}
        {progress && !complete && <Progress progress={progress} />}
        <Button
          variant="primary"
          onClick={() => void print()}
          disabled={!complete}
          data-action="print"
        >
          {t('common:actions.print')}
        </Button>
        <Button onClick={close} data-action="close">
          {t('common:actions.close')}
        </Button>
      </div>
      {status ? (
        <div className="status screen-only" part="status">
          {status}
        </div>
      ) : (
        <div className="document" part="document">
          {sheets.map((sheet, index) => (
            <Sheet key={index} index={index} paged={paged} shown={!paged || index + 1 === page}>
              {sheet}
            </Sheet>
          ))}
        </div>
      )}
    </div>
  );
}
