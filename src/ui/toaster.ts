import { $notices, dismiss, type Notice } from '../core/notices';
import { $config } from '../core/config';
import { t } from '../core/i18n';
import { shared } from '../core/shared';
import { $language } from '../core/language';
import { fontStacks, vars } from './theme';

/**
 * The page-wide toast stack for messages no single element owns (request errors, success
 * messages). It is plain DOM in its own shadow root on <body>, installed once per page
 * however many elements and bundles are loaded.
 */
const colours: Record<Notice['kind'], string> = {
  error: vars.danger,
  success: vars.success,
  info: vars.focus,
  warning: vars.warning,
};

const styles = `
  :host { all: initial; }
  .stack { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: 2147483000;
    display: flex; flex-direction: column; gap: 8px; align-items: center; pointer-events: none;
    font-family: ${vars.font}; font-size: 14px; }
  .toast { pointer-events: auto; min-width: 240px; max-width: min(560px, 90vw); padding: 10px 16px;
    background: #fff; color: #1f2329; border-radius: 6px; box-shadow: 0 6px 24px rgba(0,0,0,.14);
    border-left: 4px solid; display: flex; gap: 12px; align-items: flex-start; }
  .toast button { margin-left: auto; border: 0; background: none; cursor: pointer; font-size: 16px;
    line-height: 1; color: #8f959e; }
`;

function render(
  list: HTMLElement,
  notices: readonly Notice[],
  timers: Map<number, ReturnType<typeof setTimeout>>,
): void {
  list.replaceChildren(
    ...notices.map((notice) => {
      const item = document.createElement('div');
      item.className = 'toast';
      item.setAttribute('role', notice.kind === 'error' ? 'alert' : 'status');
      item.dataset.kind = notice.kind;
      item.style.borderLeftColor = colours[notice.kind];
      const text = document.createElement('span');
      text.className = 'text';
      text.textContent = notice.text;
      const close = document.createElement('button');
      close.type = 'button';
      close.textContent = '×';
      close.setAttribute('aria-label', t('common:actions.close'));
      close.addEventListener('click', () => dismiss(notice.id));
      item.append(text, close);
      if (!timers.has(notice.id))
        timers.set(
          notice.id,
          setTimeout(() => dismiss(notice.id), notice.duration),
        );
      return item;
    }),
  );
}

export function installToaster(): void {
  if (typeof document === 'undefined') return;
  shared('toaster', () => {
    const host = document.createElement('atrium-toasts');
    host.setAttribute('data-atrium', 'toasts');
    const root = host.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    const nonce = $config.get().cspNonce;
    if (nonce) style.nonce = nonce;
    style.textContent = styles;
    const list = document.createElement('div');
    list.className = 'stack';
    list.setAttribute('aria-live', 'polite');
    root.append(style, list);
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const attach = () => document.body.append(host);
    if (document.body) attach();
    else document.addEventListener('DOMContentLoaded', attach, { once: true });
    $notices.subscribe((notices) => render(list, notices, timers));
    $language.subscribe((language) =>
      list.style.setProperty('--atrium-language-font', fontStacks[language]),
    );
    return host;
  });
}
