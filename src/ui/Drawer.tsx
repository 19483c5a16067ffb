import { css } from '@emotion/react';
import { useId, useRef, type ReactNode } from 'react';
import { useT } from './i18n';
import { phoneWidth, vars } from './theme';
import { useModal } from './useModal';

const backdrop = css`
  position: fixed;
  inset: 0;
  background: rgba(15, 20, 30, 0.35);
  z-index: 1000;
`;

const panel = css`
  position: fixed;
  top: 0;
  right: 0;
  bottom: 0;
  background: ${vars.surface};
  box-shadow: -8px 0 32px rgba(0, 0, 0, 0.16);
  display: flex;
  flex-direction: column;
  z-index: 1001;
  animation: atrium-slide-in 0.18s ease-out;
  @keyframes atrium-slide-in {
    from {
      transform: translateX(40px);
      opacity: 0;
    }
  }
  header {
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding: 14px 20px;
    border-bottom: 1px solid ${vars.border};
    font-size: 16px;
    font-weight: 600;
  }
  header button {
    border: 0;
    background: none;
    font-size: 22px;
    cursor: pointer;
    color: ${vars.textMuted};
  }
  .body {
    flex: 1;
    overflow: auto;
    padding: 16px 20px;
  }
  /* A phone's drawer takes the whole screen: at half of 360 px, names wrapped a character a
     line and the file buttons were off screen (issue 36, part 3). */
  @media (max-width: ${phoneWidth}px) {
    width: 100% !important;
    header,
    .body {
      padding-left: 16px;
      padding-right: 16px;
    }
  }
`;

/** A modal panel sliding in from the right (the spec's drawers are 50% wide); see useModal. */
export function Drawer({
  title,
  open,
  onClose,
  width = '50%',
  children,
}: {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  width?: string;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  const panelRef = useRef<HTMLElement>(null);
  useModal(panelRef, open, onClose);
  if (!open) return null;
  return (
    <>
      <div css={backdrop} onClick={onClose} />
      <aside
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        css={panel}
        ref={panelRef}
        tabIndex={-1}
        style={{ width }}
        part="drawer"
      >
        <header>
          <span id={titleId}>{title}</span>
          <button type="button" aria-label={t('common:actions.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="body">{children}</div>
      </aside>
    </>
  );
}
