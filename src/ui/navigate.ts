import { useCallback } from 'react';
import { $config } from '../core/config';
import { navigation } from '../core/navigation';
import { useEmit } from './element/context';

/**
 * Opens a portal path. The element first dispatches a cancelable `atrium-navigate` event:
 * the host portal routes it itself (no page load); anywhere else the browser goes to the
 * portal page. External addresses open in a new window.
 */
export function useNavigate(): (path: string, options?: { newWindow?: boolean }) => void {
  const emit = useEmit();
  return useCallback(
    (path, options = {}) => {
      const external = /^https?:\/\//i.test(path);
      if (external || options.newWindow) {
        const target = external ? path : `${$config.get().frontBase}${path}`;
        globalThis.open(target, '_blank', 'noopener');
        return;
      }
      if (emit('atrium-navigate', { path }, true))
        navigation.assign(`${$config.get().frontBase}${path}`);
    },
    [emit],
  );
}

/** A menu item's route: absolute paths as they are, others inside the statement shell. */
export function menuRoute(menuUrl: string, alias: string): string {
  if (!menuUrl) return `/statement/${alias}`;
  if (/^(https?:)?\/\//.test(menuUrl) || menuUrl.startsWith('/')) return menuUrl;
  return `/statement/${menuUrl}`;
}
