import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface Connections {
  /**
   * From now on a connection goes as soon as it has no request in flight: one that has been
   * answered at once, a new one that has sent nothing yet after `graceMs`, the others when
   * their last answer is sent.
   */
  closeWhenQuiet(): void;
}

interface Use {
  inFlight: number;
  requests: number;
}

/**
 * The server's connections and how many requests each has in flight. Node's own
 * closeIdleConnections (what app.close() calls) leaves a socket that never sent a request
 * open: a browser's preconnected socket would hold a stop until SHUTDOWN_SECONDS. Such a
 * socket is given a moment before it is closed, since it may be one a client has only just
 * opened to send its request on (in a cluster's rolling restart, the primary hands a new
 * connection to a worker up to the moment it stops listening).
 */
export function trackConnections(server: Server, graceMs = 2000): Connections {
  const uses = new Map<Socket, Use>();
  let closing = false;
  const closeIfQuiet = (socket: Socket) => {
    if (uses.get(socket)?.inFlight === 0) socket.destroy();
  };
  server.on('connection', (socket: Socket) => {
    uses.set(socket, { inFlight: 0, requests: 0 });
    socket.once('close', () => uses.delete(socket));
  });
  server.on('request', (request, response) => {
    const use = uses.get(request.socket);
    if (!use) return;
    use.inFlight += 1;
    use.requests += 1;
    response.once('close', () => {
      use.inFlight -= 1;
      if (closing) closeIfQuiet(request.socket);
    });
  });
  return {
    closeWhenQuiet() {
      closing = true;
      for (const [socket, use] of uses) {
        if (use.requests > 0) closeIfQuiet(socket);
        else setTimeout(() => closeIfQuiet(socket), graceMs).unref();
      }
    },
  };
}
