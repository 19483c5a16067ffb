import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure } from '../../../src/core/config';
import { http } from '../../../src/core/http';
import type { LiveEvent } from '../../../src/core/live/events';
import { sseFrame, SseReader } from '../../../src/core/live/sse';
import { PageStream } from '../../../src/core/live/stream';
import { $session, signIn, signOut } from '../../../src/core/session';

describe('the stream format', () => {
  const events: LiveEvent[] = [
    { id: '7', kind: 'task-arrived', data: { taskId: 't1', instId: 'i1' } },
    { id: '', kind: 'menu', data: {} },
    { id: '9', kind: 'mail', data: { unread: 3 } },
  ];

  it('reads back what the server writes, in whatever pieces the network cuts it', () => {
    const text = `:\n\n${events.map(sseFrame).join('')}`.replace(/\n/g, '\r\n');
    for (const size of [1, 3, 7, text.length]) {
      const reader = new SseReader();
      const read: LiveEvent[] = [];
      for (let at = 0; at < text.length; at += size)
        read.push(...reader.feed(text.slice(at, at + size)));
      expect(read).toEqual(events);
    }
  });

  it('drops frames that are not ours: unknown kinds, foreign ids, data that is not an object', () => {
    const reader = new SseReader();
    const read = reader.feed(
      'id: 1\nevent: nonsense\ndata: {}\n\n' +
        'id: abc\nevent: menu\ndata: {}\n\n' +
        'id: 2\nevent: menu\ndata: [1]\n\n' +
        'id: 3\nevent: menu\ndata: {broken\n\n' +
        'id: 4\nevent: resync\ndata: {}\n\n',
    );
    expect(read).toEqual([{ id: '4', kind: 'resync', data: {} }]);
  });
});

/**
 * The page's one stream against a stand-in server: who it asks, with which headers, and
 * when. Each request is answered by the next script in `plans` (status, frames, then end or
 * stay open).
 */
describe("the page's stream", () => {
  let server: Server;
  const requests: IncomingMessage[] = [];
  const open: ServerResponse[] = [];
  let plans: ((response: ServerResponse) => void)[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request);
      const plan = plans.shift() ?? ((res: ServerResponse) => res.writeHead(503).end('{}'));
      plan(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    configure({ apiOrigin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    for (const response of open) response.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const signInWith = (token: string) =>
    signIn({
      token,
      account: 'emp01',
      username: 'emp01',
      userId: 'u1',
      loginStatus: 1,
      expiration: 0,
      loginTime: Date.now(),
    });

  const streaming =
    (frames: LiveEvent[], end = false) =>
    (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(frames.map(sseFrame).join(''));
      if (end) response.end();
      else open.push(response);
    };

  it('opens one stream for the whole page, only while someone is signed in', async () => {
    signOut();
    const stream = new PageStream({ onVisibility: () => undefined });
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = stream.subscribe(first);
    const stopSecond = stream.subscribe(second);
    expect(requests).toHaveLength(0);

    plans = [
      streaming(
        [
          { id: '11', kind: 'task-arrived', data: { taskId: 't', instId: 'i' } },
          { id: '12', kind: 'ready', data: {} },
        ],
        true,
      ),
      streaming([
        { id: '11', kind: 'task-arrived', data: { taskId: 't', instId: 'i' } },
        { id: '13', kind: 'mail', data: { unread: 1 } },
        { id: '14', kind: 'ready', data: {} },
      ]),
    ];
    signInWith('tok-live');
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(2));
    expect(requests[0]!.headers.authorization).toBe('Bearer tok-live');
    expect(requests[0]!.headers['last-event-id']).toBeUndefined();
    expect(requests[0]!.url).toBe('/portal/live/v1/stream');

    // The server ended the stream: the page comes back, resuming after the last event, and
    // drops the one the catch-up sends again.
    await vi.waitFor(() => expect(requests).toHaveLength(2), { timeout: 5000 });
    expect(requests[1]!.headers['last-event-id']).toBe('12');
    await vi.waitFor(() => expect(first).toHaveBeenCalledTimes(4));
    expect(first.mock.calls.map(([event]) => (event as LiveEvent).id)).toEqual([
      '11',
      '12',
      '13',
      '14',
    ]);
    expect(second.mock.calls).toEqual(first.mock.calls);
    expect(requests).toHaveLength(2);

    // Signing out closes it, and nothing reopens it.
    signOut();
    await vi.waitFor(() => expect(open[0]!.destroyed || open[0]!.writableEnded).toBe(true));
    stopFirst();
    stopSecond();
    expect($session.get()).toBeNull();
    expect(requests).toHaveLength(2);
  });

  it('first resumes from the oldest live cursor among the answers the page already has', async () => {
    signOut();
    const before = requests.length;
    const answer = (cursor: string) => (response: ServerResponse) =>
      response
        .writeHead(200, { 'content-type': 'application/json', 'x-live-cursor': cursor })
        .end('{}');
    plans = [
      answer('41'),
      answer('39'),
      answer('7; drop table'),
      streaming([{ id: '42', kind: 'ready', data: {} }]),
    ];
    signInWith('tok-cursor');
    for (let call = 0; call < 3; call++) await http.get('portal', '/portal/some/list');
    const stream = new PageStream({ onVisibility: () => undefined });
    const heard = vi.fn();
    const stop = stream.subscribe(heard);
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(requests[before + 3]!.headers['last-event-id']).toBe('39');
    stop();
    signOut();
  });
});
