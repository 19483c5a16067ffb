import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { runQuery, type QueryAnswer } from '../../core/api/finance';
import { $session } from '../../core/session';

/**
 * Runs a named query with the applied filters; a newer run cancels an older one so a slow
 * answer never replaces a newer one.
 */
export function useNamedQuery<Row>(query: string, filters: Record<string, string>) {
  const [answer, setAnswer] = useState<QueryAnswer<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);
  // Signing in or out on the same page (an embedding page's login box) runs the query again.
  const account = useStore($session)?.account ?? null;

  const run = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setLoading(true);
    setFailed(false);
    try {
      const result = await runQuery<Row>({ query, filters }, current.signal);
      if (!current.signal.aborted) setAnswer(result);
    } catch {
      if (!current.signal.aborted) {
        setAnswer(null);
        setFailed(true);
      }
    } finally {
      if (!current.signal.aborted) setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, filters, account]);

  useEffect(() => {
    void run();
    return () => controller.current?.abort();
  }, [run]);

  return { answer, rows: answer?.result ?? [], loading, failed, reload: run };
}
