import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface Connections {
  /**
   * From now on a connection goes as soon as it has no request in flight: the quiet ones at
   * once, the others when their last answer is sent.
   */
  closeWhenQuiet(): void;
}

/**
 * The server's connections and how many requests each has in flight. Node's own
 * closeIdleConnections (what app.close() calls) leaves a socket that never sent a request
 * open: a browser's preconnected socket would hold a stop until SHUTDOWN_SECONDS.
 */
export function trackConnections(server: Server): Connections {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (closing && left === 0) socket.destroy();
    });
  });
  return {
    closeWhenQuiet() {
      closing = true;
      for (const [socket, count] of inFlight) if (count === 0) socket.destroy();
    },
  };
}
