import { css } from '@emotion/react';
import { useId, useRef, type ReactNode } from 'react';
import { useT } from './i18n';
import { phoneWidth, vars } from './theme';
import { useModal } from './useModal';

const backdrop = css`
  position: fixed;
  inset: 0;
  background: rgba(15, 20, 30, 0.45);
  display: flex;
  align-items: center;
  justify-content: center;
  z-index: 1000;
`;

const panel = css`
  background: ${vars.surface};
  border-radius: 10px;
  box-shadow: 0 12px 48px rgba(0, 0, 0, 0.2);
  max-height: 90vh;
  display: flex;
  flex-direction: column;
  overflow: hidden;
`;

/** On a phone a dialog takes the whole screen: no sliver of page around a cramped panel. */
const fullScreenOnPhone = css`
  @media (max-width: ${phoneWidth}px) {
    width: 100vw;
    height: 100dvh;
    max-height: none;
    border-radius: 0;
  }
`;

const header = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 14px 20px;
  border-bottom: 1px solid ${vars.border};
  font-size: 16px;
  font-weight: 600;
  /* The dialog's heading, in the outline of the page it opens over. */
  h2 {
    margin: 0;
    font: inherit;
  }
  button {
    border: 0;
    background: none;
    font-size: 22px;
    line-height: 1;
    cursor: pointer;
    color: ${vars.textMuted};
  }
`;

/**
 * A modal dialog inside the element's shadow root: Escape closes it, Tab stays inside it,
 * focus moves into it and back to where it was (useModal). `closeOnBackdrop` is off for the
 * spec's PDF dialog.
 */
export function Dialog({
  title,
  open,
  onClose,
  width = '560px',
  closeOnBackdrop = true,
  children,
  footer,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  width?: string;
  closeOnBackdrop?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModal(panelRef, open, onClose);
  if (!open) return null;
  return (
    <div css={backdrop} onClick={closeOnBackdrop ? onClose : undefined} part="dialog-backdrop">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        css={[panel, { width: `min(${width}, 96vw)` }, fullScreenOnPhone]}
        onClick={(event) => event.stopPropagation()}
        part="dialog"
      >
        <div css={header}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" aria-label={t('common:actions.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div css={{ padding: 20, overflow: 'auto', flex: 1 }}>{children}</div>
        {footer && (
          <div
            css={{
              padding: '12px 20px',
              borderTop: `1px solid ${vars.border}`,
              display: 'flex',
              justifyContent: 'flex-end',
              gap: 8,
            }}
          >
            {footer}
          </div>
        )}
      </div>
    </div>
  );
}
