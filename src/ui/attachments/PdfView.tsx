import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../Alert';
import { useT } from '../i18n';
import { Loading } from '../Status';
import { vars } from '../theme';

const pages = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  background: ${vars.surfaceMuted};
  padding: 12px;
  border-radius: ${vars.radius};
  canvas {
    display: block;
    background: #fff;
    box-shadow: 0 1px 4px rgba(0, 0, 0, 0.16);
  }
`;

/**
 * A PDF drawn page by page into canvases with pdf.js (loaded on first use), as wide as the
 * space it is given. Pages appear one after another; the first shows as soon as it is drawn.
 */
export function PdfView({ data, name }: { data: ArrayBuffer; name: string }) {
  const t = useT();
  const holder = useRef<HTMLDivElement>(null);
  const [pageCount, setPageCount] = useState(0);
  const [drawn, setDrawn] = useState(0);
  const [error, setError] = useState('');

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setError('');
    setDrawn(0);
    (async () => {
      const { openPdf, renderPage } = await import('./pdf');
      const document = await openPdf(data.slice(0));
      destroy = () => void document.destroy();
      if (cancelled) return destroy();
      setPageCount(document.numPages);
      const container = holder.current;
      if (!container) return;
      const width = Math.min(Math.max(container.clientWidth - 24, 240), 1200);
      for (let number = 1; number <= document.numPages && !cancelled; number++) {
        const canvas = container.ownerDocument.createElement('canvas');
        canvas.setAttribute(
          'aria-label',
          t('shell-elements:preview.page', { page: number, total: document.numPages }),
        );
        canvas.dataset.page = String(number);
        container.append(canvas);
        await renderPage(document, number, canvas, width);
        if (!cancelled) setDrawn(number);
      }
    })().catch((reason: unknown) => {
      if (!cancelled) setError(reason instanceof Error ? reason.message : String(reason));
    });
    const container = holder.current;
    return () => {
      cancelled = true;
      destroy?.();
      container?.replaceChildren();
    };
    // The texts are read once per document; a language switch need not redraw it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  return (
    <div data-preview="pdf" data-pages={pageCount} data-drawn={drawn}>
      {error && <Alert>{t('shell-elements:preview.failed', { message: error })}</Alert>}
      {!error && drawn === 0 && <Loading />}
      <div ref={holder} css={pages} role="document" aria-label={name} />
    </div>
  );
}
