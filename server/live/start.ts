import type { ServerConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { listen } from '../db/notifications';
import { sessionChannel } from '../domain/session-cache';
import { newestEventId, pruneEvents } from './catch-up';
import { defaultLimits, LiveHub, liveChannel, type LiveLimits } from './hub';

export interface LiveService {
  hub: LiveHub;
  stop(): Promise<void>;
}

/**
 * The process's stream hub with its one listening connection (both channels: events and
 * session changes), and the minute's pruning of events past their keeping.
 */
export async function startLive(
  database: DatabaseHandle,
  config: Pick<ServerConfig, 'defaultIdleMinutes' | 'liveStreams'>,
  limits: Partial<LiveLimits> = {},
): Promise<LiveService> {
  const hub = new LiveHub(
    database.db,
    { ...defaultLimits, ...config.liveStreams, ...limits },
    config.defaultIdleMinutes,
  );
  const listener = await listen(database, [liveChannel, sessionChannel], {
    onMessage: (payload, channel) => hub.hear(channel, payload),
    onListening: (listening) => hub.setListening(listening),
    applicationName: 'atrium-live-listener',
  });
  hub.heardUpTo(await newestEventId(database.db));
  const prune = setInterval(() => void pruneEvents(database.db).catch(() => undefined), 60_000);
  prune.unref();
  return {
    hub,
    async stop() {
      clearInterval(prune);
      hub.endAll();
      await listener.close();
    },
  };
}
