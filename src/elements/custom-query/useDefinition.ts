import { useEffect, useState } from 'react';
import {
  CustomQueryError,
  findByAlias,
  type CustomQueryDefinition,
} from '../../core/api/custom-query';

export type DefinitionState =
  | { status: 'waiting' }
  | { status: 'found'; definition: CustomQueryDefinition }
  | { status: 'failed'; error: unknown };

/**
 * The definition of an alias, waiting up to `waitSeconds` for it (spec/shell.md section 7):
 * the page may set the alias late, and a definition may not be there yet (404), so an empty
 * alias waits and a 404 is asked again with growing pauses until the time is up; then
 * "related query with alias not found". A new alias starts a new wait.
 */
export function useDefinition(alias: string | undefined, waitSeconds: number): DefinitionState {
  const [state, setState] = useState<DefinitionState>({ status: 'waiting' });
  useEffect(() => {
    const wanted = alias?.trim() ?? '';
    const deadline = Date.now() + Math.max(0, waitSeconds) * 1000;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pause = 500;
    const giveUp = () =>
      !cancelled && setState({ status: 'failed', error: new CustomQueryError('notFound') });
    setState({ status: 'waiting' });

    const attempt = async () => {
      try {
        const found = await findByAlias(wanted);
        if (cancelled) return;
        if (found) return setState({ status: 'found', definition: found });
        const left = deadline - Date.now();
        if (left <= 0) return giveUp();
        timer = setTimeout(() => void attempt(), Math.min(pause, left));
        pause = Math.min(pause * 2, 4000);
      } catch (error) {
        if (!cancelled) setState({ status: 'failed', error });
      }
    };
    if (wanted) void attempt();
    else timer = setTimeout(giveUp, deadline - Date.now());
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [alias, waitSeconds]);
  return state;
}
