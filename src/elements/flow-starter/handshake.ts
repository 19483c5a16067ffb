/**
 * The form-data handshake with a URL form in a window of its own (spec/merchant-finance.md
 * sections 8 and 9; docs/workflow.md, "URL forms"). The starter asks the form's window for
 * its data; the form acknowledges within 500 ms and sends the data within 10 s. Messages
 * count only from that window and that form's origin.
 *
 *   starter → form   { type: 'atrium-form-data-request', id }
 *   form → starter   { type: 'atrium-form-data-ack', id }
 *   form → starter   { type: 'atrium-form-data', id, data } or { ..., error }
 */
export const ackTimeoutMs = 500;
export const dataTimeoutMs = 10_000;

export type HandshakeOutcome =
  | { kind: 'data'; data: Record<string, unknown> }
  /** No form window: never opened, closed, or blocked. */
  | { kind: 'noForm' }
  /** The form answered with no data. */
  | { kind: 'empty' }
  /** Acknowledged, but no data within 10 s. */
  | { kind: 'timedOut' }
  /** No acknowledgement within 500 ms: the page does not take part in the handshake. */
  | { kind: 'notHandled' }
  /** The form reported an error, or answered something that is not form data. */
  | { kind: 'unexpected' };

/** The origin messages of a form at `url` must come from (a path is the portal's own). */
export function formOrigin(url: string, base: string = location.href): string {
  return new URL(url, base).origin;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function requestFormData(
  form: Window | null,
  origin: string,
  here: Window = window,
): Promise<HandshakeOutcome> {
  if (!form || form.closed) return Promise.resolve({ kind: 'noForm' });
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    let timer = setTimeout(() => finish({ kind: 'notHandled' }), ackTimeoutMs);
    function finish(outcome: HandshakeOutcome) {
      clearTimeout(timer);
      here.removeEventListener('message', listen);
      resolve(outcome);
    }
    function listen(event: MessageEvent) {
      const message: unknown = event.data;
      if (event.source !== form || event.origin !== origin || !isRecord(message)) return;
      if (message.id !== id) return;
      if (message.type === 'atrium-form-data-ack') {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: 'timedOut' }), dataTimeoutMs);
      } else if (message.type === 'atrium-form-data') {
        if (message.error !== undefined || !isRecord(message.data ?? {}))
          return finish({ kind: 'unexpected' });
        const data = (message.data ?? {}) as Record<string, unknown>;
        const filled = Object.values(data).some((value) => value !== '' && value != null);
        finish(filled ? { kind: 'data', data } : { kind: 'empty' });
      }
    }
    here.addEventListener('message', listen);
    try {
      form.postMessage({ type: 'atrium-form-data-request', id }, origin);
    } catch {
      finish({ kind: 'unexpected' });
    }
  });
}
