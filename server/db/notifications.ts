import pg from 'pg';
import type { DatabaseHandle } from './database';

export interface Listener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string, channel: string): void;
  /** true once LISTEN is in place; false whenever the connection is lost (until it is back). */
  onListening(listening: boolean): void;
  /** The listening connection's application_name (PostgreSQL), so others can count it. */
  applicationName?: string;
}

/**
 * LISTEN on channels of the database (one connection for all of them). PGlite delivers
 * in-process, as the notifying query completes. PostgreSQL needs a connection of its own,
 * outside the pool (a pooled client would be returned and reused); when it drops, we say so
 * and reconnect every second.
 */
export async function listen(
  handle: DatabaseHandle,
  channels: string | string[],
  handlers: ListenHandlers,
): Promise<Listener> {
  const names = typeof channels === 'string' ? [channels] : channels;
  if (handle.pglite) {
    const pglite = handle.pglite;
    const unsubscribes = await Promise.all(
      names.map((channel) =>
        pglite.listen(channel, (payload) => handlers.onMessage(payload, channel)),
      ),
    );
    handlers.onListening(true);
    return {
      async close() {
        handlers.onListening(false);
        await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
      },
    };
  }
  if (!handle.url) throw new Error('listen: a PostgreSQL handle without its URL');
  const url = handle.url;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
    handlers.onListening(false);
    client = null;
    if (!closed && !retry) retry = setTimeout(connect, 1000);
  };
  async function connect(): Promise<void> {
    retry = null;
    const next = new pg.Client({
      connectionString: url,
      ...(handlers.applicationName ? { application_name: handlers.applicationName } : {}),
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) lost();
    });
    next.on('notification', (message) => {
      if (names.includes(message.channel))
        handlers.onMessage(message.payload ?? '', message.channel);
    });
    try {
      await next.connect();
      for (const channel of names) await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      await next.end().catch(() => undefined);
      if (!closed) lost();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    handlers.onListening(true);
  }
  await connect();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.onListening(false);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
