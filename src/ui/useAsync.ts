import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $session } from '../core/session';

export interface AsyncState<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs a load when its inputs change and keeps the latest answer only (an older, slower
 * answer never overwrites a newer one). It also runs again when another user signs in or
 * out: an element embedded beside a login box on another site shows that user's data, not
 * the answer it got before (issue 13, any host).
 */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]): AsyncState<T> {
  const [state, setState] = useState<{
    data?: T;
    error?: Error;
    loading: boolean;
    /** The load that answered: data of other inputs is never shown as the current one's. */
    from?: () => Promise<T>;
  }>({ loading: true });
  const [version, setVersion] = useState(0);
  const latest = useRef(0);
  const account = useStore($session)?.account ?? null;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  useEffect(() => {
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    run().then(
      (data) => ticket === latest.current && setState({ data, loading: false, from: run }),
      (error: Error) => ticket === latest.current && setState({ error, loading: false, from: run }),
    );
  }, [run, version, account]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // Between new inputs and the effect that starts their load, the answer on hand is the old
  // inputs' one: it counts as loading, so no list flashes the previous choice's rows.
  const loading = state.loading || state.from !== run;
  return { data: state.data, error: state.error, loading, reload };
}
