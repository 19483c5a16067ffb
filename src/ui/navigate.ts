import { useCallback } from 'react';
import { $config } from '../core/config';
import { navigation } from '../core/navigation';
import { useEmit } from './element/context';

/**
 * Opens a portal path. The element first dispatches a cancelable `atrium-navigate` event:
 * the host portal routes it itself (no page load); anywhere else the browser goes to the
 * portal page. External addresses open in a new window.
 */
export function useNavigate(): (
  path: string,
  options?: { newWindow?: boolean; replace?: boolean },
) => void {
  const emit = useEmit();
  return useCallback(
    (path, options = {}) => {
      const external = /^https?:\/\//i.test(path);
      if (external || options.newWindow) {
        const target = external ? path : `${$config.get().frontBase}${path}`;
        globalThis.open(target, '_blank', 'noopener');
        return;
      }
      // `replace` asks the host to replace the history entry (an automatic choice, such as a
      // menu container selecting its first item, must not trap the Back button).
      const detail = options.replace ? { path, replace: true } : { path };
      if (emit('atrium-navigate', detail, true))
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
