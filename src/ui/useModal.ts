import { useEffect, useRef, type RefObject } from 'react';

const focusable = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type=hidden])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open modal panels, the newest last: keys go to the newest only. */
const openPanels: HTMLElement[] = [];

/** The panel's controls that Tab can reach, in document order. */
function tabbable(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => element.getClientRects().length > 0 && !element.closest('[inert]'),
  );
}

/** The focused element, looking into shadow roots. */
function deepActive(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active as HTMLElement | null;
}

/**
 * Modal behaviour of a dialog or drawer panel (WAI-ARIA dialog pattern): focus moves into
 * the panel when it opens and back where it was when it closes; Tab and Shift+Tab cycle
 * inside the panel; Escape closes it, wherever focus is (even on the page's body), unless a
 * control inside handled the key first (preventDefault). With dialogs stacked, only the
 * newest one answers. The listener is on the document because keys from inside a shadow
 * root reach it (keydown is composed).
 */
export function useModal(
  panelRef: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
): void {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const root = panel.getRootNode() as Document | ShadowRoot;
    const previous = deepActive();
    openPanels.push(panel);
    panel.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (openPanels.at(-1) !== panel || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbable(panel);
      const active = root.activeElement as HTMLElement | null;
      const inside = active !== null && panel.contains(active);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (!inside || active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that leaves the panel by other means (a click outside) comes back on Tab.
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openPanels.splice(openPanels.indexOf(panel), 1);
      // A shadow host is not a control: focusing it (delegatesFocus) would pick its first.
      if (previous?.isConnected && !previous.shadowRoot) previous.focus();
    };
  }, [open, panelRef]);
}
