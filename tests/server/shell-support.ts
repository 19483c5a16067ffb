import type { FastifyInstance, InjectOptions } from 'fastify';
import { demoPasswords, demoUsers } from '../../server/db/seed/people';
import { bearer, login } from './harness';

/** Helpers for the shell tests: signing in as demo users and calling the API as them. */

export async function tokenOf(app: FastifyInstance, account: string): Promise<string> {
  const user = demoUsers.find((candidate) => candidate.account === account);
  if (!user) throw new Error(`no demo user ${account}`);
  return login(app, account, demoPasswords[user.password]);
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Record<string, unknown>;
  raw: Buffer;
}

/** A caller of the API with a token and a language; answers status and parsed JSON. */
export function as(app: FastifyInstance, token: string | null, language = 'zh-CN') {
  return async (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), 'accept-language': language, ...headers },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // Not JSON: keep the text.
    }
    return {
      status: response.statusCode,
      body,
      headers: response.headers,
      raw: response.rawPayload,
    };
  };
}

export interface FilePart {
  field?: string;
  name: string;
  bytes: Buffer;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipart(files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----atriumTestBoundary7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'files'}"; ` +
          `filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Small real files of each kind the tests upload. */
export const samples = {
  // The PNG signature and a 1x1 IHDR chunk (what file-type reads), then 1,503 bytes more.
  png: Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from('IHDR', 'latin1'),
    Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde]),
    Buffer.alloc(1503, 7),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n'),
  docx: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(996, 1)]),
  txt: Buffer.from('门店盘点清单\n货号,数量\nA001,12\n', 'utf8'),
};
