/**
 * The live portal's event vocabulary (docs/live.md), one definition for the server that
 * publishes and the browser that listens. Pure: the server imports it.
 *
 * Payloads are small (ids, counts, a name already shown to the reader): an event says what
 * changed, and the element that cares reads it again through its usual, scoped call. Nothing
 * here is content its receiver could not read anyway.
 */
export interface LiveEventData {
  /**
   * A task now in the receiver's to-do list (a new one, a shared one offered, one opened), or
   * in the list of a leader whose secretary the receiver is (`forLeader`: that leader).
   */
  'task-arrived': { taskId: string; instId: string; forLeader?: string };
  /**
   * A task gone from the receiver's to-do list: done, cancelled, or taken by another
   * candidate of a shared task (`by`, `byName`: who took or did it; null when nobody did).
   */
  'task-left': {
    taskId: string;
    instId: string;
    state: string;
    by: string | null;
    byName: string;
    forLeader?: string;
  };
  /** A request the receiver started (or that was started for them) has ended. */
  result: { instId: string; status: string; result: string | null };
  /** A workflow message for the receiver (urge, due, incident, result). */
  message: { messageId: string; kind: string; instId: string | null };
  /** The receiver's unread mail after a sync. */
  mail: { unread: number };
  /** A news item the receiver may read was published. */
  news: { newsId: string };
  /** New statements or notices for the receiving merchant (`what`: which list, `count`). */
  merchant: { what: MerchantList; count: number };
  /** The stream's own session has ended: the page signs out. */
  'session-revoked': Record<string, never>;
  /** Menus, or the receiver's roles, changed: read the menu again. */
  menu: Record<string, never>;
  /** Events were missed (a catch-up past what is kept): read everything again. */
  resync: Record<string, never>;
  /** The stream is open; its id is where a reconnect catches up from. */
  ready: Record<string, never>;
}

export type LiveKind = keyof LiveEventData;

/** The merchant's lists a new row can appear in: the four statement tables and the dunning notices. */
export type MerchantList = 'advance' | 'joint' | 'lease' | 'settlement' | 'dunning';

export const liveKinds: readonly LiveKind[] = [
  'task-arrived',
  'task-left',
  'result',
  'message',
  'mail',
  'news',
  'merchant',
  'session-revoked',
  'menu',
  'resync',
  'ready',
];

/**
 * One event as it travels: its id (a decimal string; '' for an event the server made for
 * this stream alone and did not keep: menu, session-revoked, resync), its kind, its data.
 */
export type LiveEvent = {
  [K in LiveKind]: { id: string; kind: K; data: LiveEventData[K] };
}[LiveKind];

export const isLiveKind = (value: unknown): value is LiveKind =>
  typeof value === 'string' && (liveKinds as readonly string[]).includes(value);

/** The stream's path under the portal service (one per page, GET, Bearer header). */
export const liveStreamPath = '/live/v1/stream';

/**
 * On answers to a signed-in caller: the newest live event the server had heard of, so a page
 * whose first stream opens after its lists loaded resumes from there (docs/live.md).
 */
export const liveCursorHeader = 'X-Live-Cursor';

/**
 * Event ids are positive integers below 2^53, written in decimal: what a Last-Event-ID may
 * be. Anything else is refused (the server) or ignored (the browser).
 */
export function parseEventId(text: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** How long the server sends nothing before a heartbeat comment (proxies close idle lines). */
export const heartbeatMs = 25_000;
