import { isLiveKind, parseEventId, type LiveEvent } from './events';

/**
 * The wire format of the live stream (text/event-stream, as the HTML standard defines it),
 * written by the server and read by the browser's fetch reader: one definition of both ends.
 */
export function sseFrame(event: LiveEvent): string {
  const id = event.id ? `id: ${event.id}\n` : '';
  return `${id}event: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** A comment line: keeps proxies from closing a quiet stream; readers ignore it. */
export const sseHeartbeat = ':\n\n';

/**
 * Reads a text/event-stream in the pieces the network delivers: feed() takes each decoded
 * piece and answers the whole events it completed. Frames that are not one of our events
 * (an unknown kind, an id that is not ours, data that is not a JSON object) are dropped.
 */
export class SseReader {
  private buffer = '';
  /** A CR that ended the last piece: it may be the first half of a CRLF. */
  private carriageReturn = false;

  feed(text: string): LiveEvent[] {
    let piece = this.carriageReturn ? `\r${text}` : text;
    this.carriageReturn = piece.endsWith('\r');
    if (this.carriageReturn) piece = piece.slice(0, -1);
    this.buffer += piece.replace(/\r\n?/g, '\n');
    const events: LiveEvent[] = [];
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = readFrame(frame);
      if (event) events.push(event);
    }
    return events;
  }
}

function readFrame(frame: string): LiveEvent | null {
  const fields: Record<string, string> = {};
  for (const line of frame.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields[name] =
      name === 'data' && fields.data !== undefined ? `${fields.data}\n${value}` : value;
  }
  const { id, event: kind, data } = fields;
  if ((id !== undefined && parseEventId(id) === null) || !isLiveKind(kind)) return null;
  try {
    const parsed: unknown = JSON.parse(data ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return { id: id ?? '', kind, data: parsed } as LiveEvent;
  } catch {
    return null;
  }
}
