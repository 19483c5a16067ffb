import { shared } from '../shared';
import { parseEventId } from './events';

/**
 * The oldest live cursor among the answers this page has had (`X-Live-Cursor`): a page
 * loads its lists before its stream opens, and an event between the two would otherwise be
 * missed. The stream's first connection resumes from it (docs/live.md). Shared by every
 * bundle of Atrium on the page, as the stream is.
 */
const state = shared('liveCursor', () => ({ oldest: '' }));

/** Notes an answer's cursor (a header value from the network: checked before use). */
export function noteLiveCursor(value: unknown): void {
  if (typeof value !== 'string' || parseEventId(value) === null) return;
  if (!state.oldest || Number(value) < Number(state.oldest)) state.oldest = value;
}

/** The cursor to resume from, once: later connections resume from what the stream received. */
export function takeLiveCursor(): string {
  const cursor = state.oldest;
  state.oldest = '';
  return cursor;
}
