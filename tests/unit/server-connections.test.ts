import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trackConnections } from '../../server/lib/connections';

/** A server answering every request with "ok", and a raw connection to it once accepted. */
async function serverAndSocket(graceMs: number) {
  const server = createServer((_request, response) => response.end('ok'));
  const connections = trackConnections(server, graceMs);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<void>((resolve) => server.once('connection', () => resolve()));
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await accepted;
  return { server, connections, socket };
}

/** Everything the socket receives until it is closed, and whether it was reset. */
function received(socket: Socket): Promise<{ text: string; error?: string }> {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((resolve) => {
    socket.once('error', (error) => resolve({ text, error: error.message }));
    socket.once('close', () => resolve({ text }));
  });
}

describe('connections when the server stops', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it('answers the request of a connection that had sent nothing when the stop began', async () => {
    const opened = await serverAndSocket(60_000);
    server = opened.server;
    const answer = received(opened.socket);
    opened.connections.closeWhenQuiet();
    server.close();
    opened.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    const { text, error } = await answer;
    expect(error).toBeUndefined();
    expect(text).toMatch(/^HTTP\/1.1 200 OK[\s\S]*ok$/);
  });

  it('closes a connection that sends nothing once its grace is over', async () => {
    const opened = await serverAndSocket(10);
    server = opened.server;
    const answer = received(opened.socket);
    opened.connections.closeWhenQuiet();
    expect(await answer).toEqual({ text: '' });
  });

  it('closes an answered connection at once, and a busy one after its answer', async () => {
    const opened = await serverAndSocket(60_000);
    server = opened.server;
    const answer = received(opened.socket);
    opened.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => opened.socket.once('data', resolve));
    opened.connections.closeWhenQuiet();
    expect((await answer).text).toMatch(/^HTTP\/1.1 200 OK/);
  });
});
