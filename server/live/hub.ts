import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { AuthUser } from '../lib/context';
import { UserError } from '../lib/errors';
import { isLiveKind, type LiveEvent } from '../../src/core/live/events';
import { sseFrame, sseHeartbeat } from '../../src/core/live/sse';
import { sessionChannel } from '../domain/session-cache';

/** The channel of migration 0042's announcements: each a live_events row as JSON. */
export const liveChannel = 'atrium_live';

/** Where a stream's bytes go (the response's socket; a test's collector). */
export interface LiveSink {
  write(text: string): void;
  /** Bytes written and not yet taken by the network: a reader that stopped reading. */
  backlog(): number;
  end(): void;
}

export interface LiveLimits {
  perUser: number;
  perProcess: number;
  /** A stream whose reader leaves this many bytes unread is ended (it reconnects, caught up). */
  maxBacklogBytes: number;
  heartbeatMs: number;
  /** How often every stream's session is checked again (expiry, idle limit). */
  recheckMs: number;
}

export const defaultLimits: LiveLimits = {
  perUser: 8,
  perProcess: 5_000,
  maxBacklogBytes: 1 << 20,
  heartbeatMs: 25_000,
  recheckMs: 60_000,
};

export interface LiveStream {
  readonly userId: string;
  readonly sessionId: string;
  /** Events heard while the catch-up is read: sent after it, in order. */
  held: LiveEvent[] | null;
  /** Ids the catch-up sent, so a held event is not sent twice. */
  caughtUp: Set<string>;
  sink: LiveSink;
}

/** How many of the events it heard last a process remembers the order of (about 4 MB). */
const heardKept = 50_000;

/** An event the hub makes for one stream: not kept, so it has no id (docs/live.md). */
const transient = (kind: 'resync' | 'menu' | 'session-revoked'): LiveEvent => ({
  id: '',
  kind,
  data: {},
});

/**
 * This process's open streams, and the one way events reach them (docs/live.md). The
 * database announces every event (NOTIFY atrium_live, migration 0042) and every session
 * change (atrium_sessions, migration 0019) to every process; the hub hands each event to the
 * streams of its receiver, and ends the streams whose session ended. Nothing here polls per
 * stream: one heartbeat timer and one session check a minute for all of them.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveStream>>();
  private size = 0;
  private listening = false;
  private newestHeard = '';
  private newestAtStart = '';
  /** Each event heard lately, with its place in the order heard: the order of commits. */
  private readonly heardOrder = new Map<string, number>();
  private heardCount = 0;
  private heartbeat: NodeJS.Timeout | null = null;
  private recheck: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly limits: LiveLimits = defaultLimits,
    private readonly defaultIdleMinutes = 30,
  ) {}

  get streams(): number {
    return this.size;
  }

  /**
   * The newest event this process has heard of (or was told of at start): every event up to
   * it had committed before any answer that carries it was computed. A page resumes its first
   * stream from the oldest cursor of the answers it loaded (docs/live.md).
   */
  get cursor(): string {
    return this.newestHeard;
  }

  /**
   * Whether event `id` is known to have committed before event `other`. Both heard here: in
   * the order heard (the database announces events in the order they commit). `id` not heard
   * and not past the newest event at start: it committed before this process listened, so
   * before any event heard here, and before any answer this process computed; a cursor of
   * that time (`other` not heard either) is taken as such an answer's, which is what a page
   * opening its first stream after a restart holds. Unknown otherwise (too long ago, or past
   * the start and not yet heard).
   */
  committedBefore(id: string, other: string): boolean {
    const first = this.heardOrder.get(id);
    const second = this.heardOrder.get(other);
    if (first !== undefined) return second !== undefined && first < second;
    return this.existedAtStart(id) && (second !== undefined || this.existedAtStart(other));
  }

  /** No newer than the newest event at start: of those not heard, committed before it. */
  private existedAtStart(id: string): boolean {
    return this.newestAtStart !== '' && Number(id) <= Number(this.newestAtStart);
  }

  /** At start, once listening: the newest event in the table. */
  heardUpTo(id: string): void {
    if (!id) return;
    this.newestAtStart ||= id;
    this.noteNewest(id);
  }

  private noteNewest(id: string): void {
    if (!this.newestHeard || Number(id) > Number(this.newestHeard)) this.newestHeard = id;
  }

  /** Admits a stream of this user, or refuses it with the reason (429 theirs, 503 ours). */
  open(user: AuthUser, sink: LiveSink): LiveStream {
    if (this.closed || this.size >= this.limits.perProcess) {
      throw new UserError(503, 'server:live.busy', {}, { 'retry-after': '30' });
    }
    const own = this.byUser.get(user.id) ?? new Set<LiveStream>();
    if (own.size >= this.limits.perUser) {
      throw new UserError(429, 'server:live.tooManyStreams', { count: this.limits.perUser });
    }
    const stream: LiveStream = {
      userId: user.id,
      sessionId: user.sessionId,
      held: [],
      caughtUp: new Set(),
      sink,
    };
    own.add(stream);
    this.byUser.set(user.id, own);
    this.size++;
    this.startTimers();
    return stream;
  }

  close(stream: LiveStream): void {
    const own = this.byUser.get(stream.userId);
    if (!own?.delete(stream)) return;
    this.size--;
    if (own.size === 0) this.byUser.delete(stream.userId);
    if (this.size === 0) this.stopTimers();
  }

  /** Sends the caught-up events, then what was heard meanwhile, and goes live. */
  release(stream: LiveStream, caughtUp: LiveEvent[]): void {
    for (const event of caughtUp) {
      stream.caughtUp.add(event.id);
      this.send(stream, event);
    }
    const held = stream.held ?? [];
    stream.held = null;
    for (const event of held) if (!stream.caughtUp.has(event.id)) this.send(stream, event);
    stream.caughtUp.clear();
  }

  /** A notification from the database, by channel. */
  hear(channel: string, payload: string): void {
    if (channel === liveChannel) this.deliver(payload);
    else if (channel === sessionChannel) void this.sessionChanged(payload);
  }

  /**
   * The listening connection is up or lost. Back after a loss, every stream may have missed
   * events: each is told to read everything again.
   */
  setListening(listening: boolean): void {
    const regained = listening && !this.listening;
    this.listening = listening;
    if (regained) for (const stream of this.all()) this.send(stream, transient('resync'));
  }

  /** Ends every stream (the server is stopping): pages reconnect to another process. */
  endAll(): void {
    this.closed = true;
    for (const stream of this.all()) this.finish(stream);
    this.stopTimers();
  }

  private deliver(payload: string): void {
    let parsed: { id?: unknown; u?: unknown; k?: unknown; d?: unknown };
    try {
      parsed = JSON.parse(payload) as typeof parsed;
    } catch {
      return;
    }
    const { id, u, k, d } = parsed;
    if (typeof id !== 'string' || !isLiveKind(k) || typeof d !== 'object' || d === null) return;
    const event = { id, kind: k, data: d } as LiveEvent;
    this.noteNewest(id);
    this.heardOrder.set(id, ++this.heardCount);
    if (this.heardOrder.size > heardKept) {
      this.heardOrder.delete(this.heardOrder.keys().next().value!);
    }
    const receivers = typeof u === 'string' ? (this.byUser.get(u) ?? []) : this.all();
    for (const stream of receivers) {
      if (stream.held) stream.held.push(event);
      else this.send(stream, event);
    }
  }

  /**
   * Migration 0019's payloads: `s:<session>` ended one session, `u:<user>` changed a user
   * (disabled, roles, stores), `*` many. The streams concerned are checked against the
   * database; a user still signed in after a change reads the menu again.
   */
  private async sessionChanged(payload: string): Promise<void> {
    if (payload.startsWith('sync:') || payload.startsWith('ack:')) return;
    if (payload.startsWith('s:')) {
      const sessionId = payload.slice(2);
      await this.check(this.all().filter((stream) => stream.sessionId === sessionId));
    } else {
      const streams = payload.startsWith('u:')
        ? [...(this.byUser.get(payload.slice(2)) ?? [])]
        : this.all();
      const kept = await this.check(streams);
      for (const stream of kept) this.send(stream, transient('menu'));
    }
  }

  /** Ends the streams whose session no longer admits a request; answers the others. */
  private async check(streams: LiveStream[]): Promise<LiveStream[]> {
    if (streams.length === 0) return [];
    const ended = await this.endedOf(streams).catch(() => new Set<string>());
    const kept: LiveStream[] = [];
    for (const stream of streams) {
      if (ended.has(stream.sessionId)) this.revoke(stream);
      else kept.push(stream);
    }
    return kept;
  }

  /** The sessions among these streams' that no longer admit a request. */
  private async endedOf(streams: LiveStream[]): Promise<Set<string>> {
    const ids = [...new Set(streams.map((stream) => stream.sessionId))];
    const ended = new Set(ids);
    for (let start = 0; start < ids.length; start += 1000) {
      const chunk = ids.slice(start, start + 1000);
      const { rows } = await sql<{ id: string }>`
        select s.id from sessions s join users u on u.id = s.user_id
        where s.id = any(${chunk}) and s.revoked_at is null and s.expires_at > now()
          and u.status = 1 and not u.must_change_password
          and s.last_seen_at > now() - make_interval(mins =>
            coalesce(u.idle_minutes, ${this.defaultIdleMinutes}))`.execute(this.db);
      for (const row of rows) ended.delete(row.id);
    }
    return ended;
  }

  private revoke(stream: LiveStream): void {
    this.send(stream, transient('session-revoked'));
    this.finish(stream);
  }

  private finish(stream: LiveStream): void {
    this.close(stream);
    stream.sink.end();
  }

  private send(stream: LiveStream, event: LiveEvent): void {
    if (stream.sink.backlog() > this.limits.maxBacklogBytes) {
      this.finish(stream);
      return;
    }
    stream.sink.write(sseFrame(event));
  }

  private all(): LiveStream[] {
    const streams: LiveStream[] = [];
    for (const own of this.byUser.values()) streams.push(...own);
    return streams;
  }

  private startTimers(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const stream of this.all()) {
        if (stream.sink.backlog() > this.limits.maxBacklogBytes) this.finish(stream);
        else stream.sink.write(sseHeartbeat);
      }
    }, this.limits.heartbeatMs);
    this.recheck = setInterval(() => void this.check(this.all()), this.limits.recheckMs);
    this.heartbeat.unref();
    this.recheck.unref();
  }

  private stopTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.recheck) clearInterval(this.recheck);
    this.heartbeat = null;
    this.recheck = null;
  }
}
