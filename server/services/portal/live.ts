import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { liveStreamPath, parseEventId, type LiveEvent } from '../../../src/core/live/events';
import { currentUser } from '../../plugins/auth';
import { badRequest, UserError } from '../../lib/errors';
import { catchUp, newestEventId } from '../../live/catch-up';
import type { LiveSink } from '../../live/hub';
import { failure } from '../schemas';

/**
 * The live stream (docs/live.md): one per signed-in page, authenticated like every call (the
 * Bearer header; never a token in the address, so the browser reads it with fetch, not
 * EventSource). Last-Event-ID resumes after the last event the page received.
 */
export async function liveRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get(
    liveStreamPath,
    {
      schema: {
        summary:
          "The caller's live events (text/event-stream), with a catch-up after Last-Event-ID",
        description:
          'Events: task-arrived, task-left, result, message, mail, news, merchant, menu, ' +
          'session-revoked (then the stream ends), resync (read everything again), ready (the ' +
          'stream is open; its id is where a reconnect resumes). A comment line every 25 s. ' +
          'Refused: a Last-Event-ID that is not an event id (400), more streams than a user ' +
          'may hold (429) or the process holds (503).',
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String()) }),
        response: {
          200: {
            description: 'The events, as long as the session lasts',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          400: failure,
          401: failure,
          429: failure,
          503: failure,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const hub = app.deps.live;
      if (!hub) throw new UserError(503, 'server:live.unavailable');
      const header = request.headers['last-event-id'];
      const lastId = typeof header === 'string' ? parseEventId(header) : null;
      if (header !== undefined && lastId === null) throw badRequest('server:live.badEventId');

      const stream = hub.open(user, sinkOf(reply));
      reply.hijack();
      reply.raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and its kin would otherwise hold the events back in their buffers.
        'x-accel-buffering': 'no',
      });
      request.raw.socket.setNoDelay(true);
      reply.raw.on('close', () => hub.close(stream));
      try {
        const missed =
          lastId === null
            ? []
            : await catchUp(db, user.id, lastId, (id) => hub.committedBefore(id, String(lastId)));
        const ready: LiveEvent = { id: await newestEventId(db), kind: 'ready', data: {} };
        const first: LiveEvent[] =
          missed === 'resync' ? [{ id: '', kind: 'resync', data: {} }, ready] : [...missed, ready];
        hub.release(stream, first);
      } catch (error) {
        request.log.error(error, 'live: catch-up failed');
        hub.close(stream);
        reply.raw.end();
      }
    },
  );
}

function sinkOf(reply: FastifyReply): LiveSink {
  const raw = reply.raw;
  return {
    write: (text) => void raw.write(text),
    backlog: () => raw.writableLength,
    end: () => raw.end(),
  };
}
