import type { LiveEvent, LiveKind } from '../../src/core/live/events';
import { liveStreamPath } from '../../src/core/live/events';
import { SseReader } from '../../src/core/live/sse';

/**
 * A live stream read as the browser reads it (fetch and a body reader, the Bearer header):
 * every event in `events`, `next` waits for one that matches, `ended` settles when the server
 * ends the stream.
 */
export interface StreamReader {
  status: number;
  /** The refusal's JSON when status is not 200. */
  body: { state?: boolean; message?: string } | null;
  events: LiveEvent[];
  next<K extends LiveKind>(
    kind: K,
    match?: (event: Extract<LiveEvent, { kind: K }>) => boolean,
  ): Promise<Extract<LiveEvent, { kind: K }>>;
  ended: Promise<void>;
  close(): void;
}

export async function openStream(
  baseUrl: string,
  token: string | null,
  options: { lastEventId?: string; language?: string; timeoutMs?: number } = {},
): Promise<StreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/portal${liveStreamPath}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.lastEventId !== undefined ? { 'last-event-id': options.lastEventId } : {}),
      'accept-language': options.language ?? 'zh-CN',
    },
    signal: abort.signal,
  });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  if (response.status !== 200) {
    const body = (await response.json()) as StreamReader['body'];
    return {
      status: response.status,
      body,
      events,
      next: () => Promise.reject(new Error(`no stream: ${response.status}`)),
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  const sse = new SseReader();
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        events.push(...sse.feed(decoder.decode(value, { stream: true })));
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted by close()
    }
  })();
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    status: 200,
    body: null,
    events,
    next(kind, match = () => true) {
      type Found = Extract<LiveEvent, { kind: typeof kind }>;
      const find = () =>
        events.find((event): event is Found => event.kind === kind && match(event as Found));
      return new Promise<Found>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no ${kind} event within ${timeoutMs} ms: ${JSON.stringify(events)}`));
        }, timeoutMs);
        function check() {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        }
        waiters.add(check);
        check();
        void ended.then(() => {
          if (!waiters.has(check)) return;
          clearTimeout(timer);
          waiters.delete(check);
          const found = find();
          if (found) resolve(found);
          else reject(new Error(`stream ended without ${kind}: ${JSON.stringify(events)}`));
        });
      });
    },
    ended,
    close: () => abort.abort(),
  };
}
