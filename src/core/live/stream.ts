import { currentUserDetail } from '../api/auth';
import { openStream } from '../http';
import { t } from '../i18n';
import { notify } from '../notices';
import { outcomeOf } from '../workflow/outcome';
import { $session } from '../session';
import { shared } from '../shared';
import { liveStreamPath, parseEventId, type LiveEvent } from './events';
import { takeLiveCursor } from './cursor';
import { SseReader } from './sse';

export type LiveListener = (event: LiveEvent) => void;

/** How long a hidden page keeps its stream before it pauses (a phone in a pocket). */
export const hiddenPauseMs = 5 * 60_000;
/** The first wait before reconnecting, doubled after each failure up to `maxBackoffMs`. */
const firstBackoffMs = 1_000;
const maxBackoffMs = 30_000;
/** Ids remembered to drop the ones a catch-up sends again (it overlaps, docs/live.md). */
const rememberedIds = 500;

/**
 * The page's one live stream (docs/live.md), shared by every element on it and by every
 * bundle of Atrium on the page. It is open while someone is signed in and something listens;
 * it reconnects with backoff and resumes after the last event it received (Last-Event-ID),
 * pauses when the page has been hidden for a while and resumes, caught up, when it is shown.
 */
export class PageStream {
  private readonly listeners = new Set<LiveListener>();
  private controller: AbortController | null = null;
  private lastId = '';
  private readonly seen: string[] = [];
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private hiddenSince: ReturnType<typeof setTimeout> | null = null;
  private paused = false;
  private token: string | null = null;

  constructor(private readonly env: StreamEnv = browserEnv()) {
    $session.listen(() => this.update());
    env.onVisibility((hidden) => this.visibility(hidden));
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    this.update();
    return () => {
      this.listeners.delete(listener);
      this.update();
    };
  }

  /** Opens, reopens (another token) or closes the stream as the page's state asks. */
  private update(): void {
    const user = $session.get();
    const wanted = user !== null && user.loginStatus === 1 && this.listeners.size > 0;
    const token = wanted ? user.token : null;
    if (!wanted || this.paused) return this.stop();
    if (this.controller && this.token === token) return;
    this.stop();
    this.token = token;
    void this.connect();
  }

  private stop(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.controller?.abort();
    this.controller = null;
    this.token = null;
  }

  private visibility(hidden: boolean): void {
    if (this.hiddenSince) clearTimeout(this.hiddenSince);
    this.hiddenSince = null;
    if (hidden) {
      this.hiddenSince = setTimeout(() => {
        this.paused = true;
        this.update();
      }, hiddenPauseMs);
    } else if (this.paused) {
      this.paused = false;
      this.update();
    }
  }

  private async connect(): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    try {
      // Never connected yet: resume from where the answers the page already shows were.
      const resumeFrom = this.lastId || takeLiveCursor();
      const response = await openStream(
        'portal',
        liveStreamPath,
        resumeFrom ? { 'Last-Event-ID': resumeFrom } : {},
        controller.signal,
      );
      // A refused Last-Event-ID (a stored one gone stale) is dropped: the next try starts afresh.
      if (response.status === 400) this.lastId = '';
      if (response.status !== 200 || !response.body) throw new Error(String(response.status));
      await this.read(response.body, controller);
    } catch {
      // a network failure, a refusal (429, 503), or our own abort
    }
    if (this.controller !== controller) return;
    this.controller = null;
    this.retryLater();
  }

  private async read(body: ReadableStream<Uint8Array>, controller: AbortController) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const sse = new SseReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || controller.signal.aborted) return;
      for (const event of sse.feed(decoder.decode(value, { stream: true }))) this.receive(event);
    }
  }

  private receive(event: LiveEvent): void {
    if (event.id) {
      if (this.seen.includes(event.id)) return;
      this.seen.push(event.id);
      if (this.seen.length > rememberedIds) this.seen.shift();
      if (!this.lastId || Number(event.id) > Number(this.lastId)) this.lastId = event.id;
    }
    if (event.kind === 'ready') this.failures = 0;
    // The server says the session ended: a call finds out whether it did (then the request
    // layer signs out as on any 401) or only its token was replaced by a refresh meanwhile.
    if (event.kind === 'session-revoked') void currentUserDetail().catch(() => undefined);
    // A requester learns the end of their request on whatever page they are (once a page).
    if (event.kind === 'result') {
      const outcome = outcomeOf(event.data.status, event.data.result);
      if (outcome) notify('info', t(`common:live.result.${outcome}`), 8000);
    }
    for (const listener of [...this.listeners]) listener(event);
  }

  private retryLater(): void {
    if (this.retry || !$session.get()) return;
    const wait = Math.min(maxBackoffMs, firstBackoffMs * 2 ** this.failures);
    this.failures++;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        this.update();
      },
      wait * (0.8 + Math.random() * 0.4),
    );
  }

  /** For tests: where a reconnect resumes. */
  get resumeFrom(): string {
    return parseEventId(this.lastId) === null ? '' : this.lastId;
  }
}

/** What the stream needs of the page, replaceable in tests. */
export interface StreamEnv {
  onVisibility(listener: (hidden: boolean) => void): void;
}

function browserEnv(): StreamEnv {
  return {
    onVisibility(listener) {
      const doc = globalThis.document;
      doc?.addEventListener('visibilitychange', () => listener(doc.visibilityState === 'hidden'));
    },
  };
}

/** The page's stream: one for every element and bundle on it. */
export const pageStream = (): PageStream => shared('liveStream', () => new PageStream());

/** Listens to the page's live events; answers the function that stops listening. */
export function onLive(listener: LiveListener): () => void {
  return pageStream().subscribe(listener);
}
