import { useEffect, useRef } from 'react';
import type { LiveEvent, LiveKind } from '../core/live/events';

/**
 * Calls `onEvent` for the page's live events of these kinds, and for `resync` (events were
 * missed: read everything again), while the element is mounted (docs/live.md). The page has
 * one stream whatever the number of elements; its code loads with the first listener, so
 * pages without one never load it.
 */
export function useLive(kinds: readonly LiveKind[], onEvent: (event: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const key = kinds.join(' ');
  useEffect(() => {
    const wanted = new Set<string>([...key.split(' '), 'resync']);
    let stop: (() => void) | null = null;
    let unmounted = false;
    void import('../core/live/stream').then(({ onLive }) => {
      if (unmounted) return;
      stop = onLive((event) => {
        if (wanted.has(event.kind)) handler.current(event);
      });
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [key]);
}

/** The to-do list changed for the reader: a task arrived or left (done, taken, cancelled). */
export const taskEvents: readonly LiveKind[] = ['task-arrived', 'task-left'];

/** A change to a leader's to-do list, told to the leader's secretary (not to their own list). */
export const forALeader = (event: LiveEvent): boolean =>
  (event.kind === 'task-arrived' || event.kind === 'task-left') &&
  event.data.forLeader !== undefined;
