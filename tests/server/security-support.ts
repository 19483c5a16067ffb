import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Real HTTP from real source addresses: the whole of 127.0.0.0/8 is loopback here, so a
 * client bound to 127.0.0.2 is another address to the server, as a second machine would be.
 * Used where a rule depends on the caller's address (lockout, rate limits, proxies).
 */
export interface WireAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** Starts listening on 127.0.0.1 (any port) and answers the base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export function wire(
  url: string,
  options: {
    from?: string;
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
  } = {},
): Promise<WireAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: parsed });
        });
      },
    );
    outgoing.on('error', reject);
    if (body) outgoing.write(body);
    outgoing.end();
  });
}

/** A password sign-in from an address. */
export const signInFrom = (base: string, from: string, username: string, password: string) =>
  wire(`${base}/uc/auth`, { from, json: { username, password } });
