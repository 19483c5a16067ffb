import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { ListWindow, type ListWindowOptions, type ListWindowState } from '../../core/list-window';

const idle: ListWindowState = {
  total: null,
  estimated: false,
  loading: true,
  failed: false,
  version: 0,
};

/**
 * A ListWindow for as long as `key` stays the same (the filters, the sort, the signed-in
 * user): a new key starts a new list from its first page and stops the old one's requests.
 */
export function useListWindow<Row>(key: string, options: () => ListWindowOptions<Row>) {
  const [window, setWindow] = useState<ListWindow<Row> | null>(null);
  useEffect(() => {
    const created = new ListWindow<Row>(options());
    setWindow(created);
    return () => created.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says when to renew
  }, [key]);
  const subscribe = useCallback(
    (listener: () => void) => window?.subscribe(listener) ?? (() => undefined),
    [window],
  );
  const state = useSyncExternalStore(subscribe, () => window?.snapshot ?? idle);
  return { window, state };
}
