import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ListWindow, type ListWindowOptions, type ListWindowState } from '../../core/list-window';

const idle: ListWindowState = {
  total: null,
  estimated: false,
  loading: true,
  error: null,
  version: 0,
};

/**
 * A ListWindow for as long as `key` stays the same (the filters, the sort, the signed-in
 * user): a new key starts a new list from its first page and stops the old one's requests.
 * Until the new list's first page is here, the old rows stay on screen (the table veils them
 * with a spinner, issue 13 item 6) instead of the list going blank: `renewing` says so.
 *
 * A new `refresh` count asks the same question again (a live event, the host's refresh): the
 * rows the reader is looking at stay readable, unveiled, until the new answer replaces them.
 */
export function useListWindow<Row>(
  key: string,
  options: () => ListWindowOptions<Row>,
  refresh = 0,
) {
  const [window, setWindow] = useState<ListWindow<Row> | null>(null);
  const [renewing, setRenewing] = useState(true);
  const shown = useRef<ListWindow<Row> | null>(null);
  const asked = useRef(key);
  useEffect(() => {
    const created = new ListWindow<Row>(options());
    const sameQuestion = asked.current === key && shown.current !== null;
    asked.current = key;
    if (!sameQuestion) setRenewing(true);
    const swap = () => {
      const { total, error } = created.snapshot;
      if (total === null && !error) return;
      stop();
      if (shown.current !== created) shown.current?.close();
      shown.current = created;
      setWindow(created);
      setRenewing(false);
    };
    const stop = created.subscribe(swap);
    // The first list has nothing older to keep on screen.
    if (!shown.current) {
      shown.current = created;
      setWindow(created);
    }
    created.show(0, 0);
    return () => {
      stop();
      if (shown.current !== created) created.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says when to renew
  }, [key, refresh]);
  // The window shown last is closed when the list goes away.
  useEffect(() => () => shown.current?.close(), []);
  const subscribe = useCallback(
    (listener: () => void) => window?.subscribe(listener) ?? (() => undefined),
    [window],
  );
  const state = useSyncExternalStore(subscribe, () => window?.snapshot ?? idle);
  return { window, state, renewing: renewing || state.total === null };
}
