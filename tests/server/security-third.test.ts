import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/lib/ids';
import { databaseKinds, startTestServer, type TestServer } from './harness';
import { as, multipart, samples, tokenOf } from './shell-support';

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema?: { type?: string; enum?: unknown[]; anyOf?: { type?: string }[] };
}
interface OpenApi {
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
}

/** A value for a parameter: an id nobody has for anything id-like, else a plain value. */
function unknownValue(parameter: Parameter): string {
  const schema = parameter.schema ?? {};
  if (schema.enum?.length) return String(schema.enum[0]);
  const type = schema.type ?? schema.anyOf?.[0]?.type;
  if (/id$|ids$|key$/i.test(parameter.name)) return newId();
  if (type === 'integer' || type === 'number') return '1';
  if (type === 'boolean') return 'false';
  return 'x';
}

/** The path with unknown ids in its parameters and required query parameters filled in. */
function withUnknownIds(path: string, parameters: Parameter[]): string {
  let url = path;
  const query = new URLSearchParams();
  for (const parameter of parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, unknownValue(parameter));
    else if (parameter.in === 'query' && (parameter.required || /id$/i.test(parameter.name)))
      query.set(parameter.name, unknownValue(parameter));
  }
  return query.size ? `${url}?${query.toString()}` : url;
}

/**
 * Issue 34, the third security round: items 12, 13 and 14 (unknown ids, what a stranger can
 * learn from a file id, upload quotas). Single sign-on (1) is in sso.test.ts, uploads that
 * parse (3) in bounded-imports.test.ts, regex rules (10) in the rules' unit tests.
 */
describe.each(databaseKinds)('third security round on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const account of ['SZHY10001', 'SZHY10002', 'admin'])
      tokens[account] = await tokenOf(server.app, account);
  });
  afterAll(() => server.close());

  const call = (account: string | null, language = 'zh-CN') =>
    as(server.app, account ? tokens[account]! : null, language);
  const upload = async (account: string, name: string, bytes: Buffer) => {
    const body = multipart([{ name, bytes }]);
    return call(account)('POST', '/portal/system/file/v1/upload', body.payload, body.headers);
  };

  it('12. no GET route answers 500 for ids that do not exist, to anyone', async () => {
    const document = (await call(null)('GET', '/docs/json')).body as OpenApi;
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      const get = operations.get;
      // Refreshing ends the token it was called with; the rest only read.
      if (!get || path.endsWith('/refresh')) continue;
      for (const account of ['admin', 'SZHY10001']) {
        const url = withUnknownIds(path, get.parameters ?? []);
        const answer = await call(account)('GET', url);
        // 503 is single sign-on saying it is off, a designed answer; a 500 never is.
        if (answer.status >= 500 && answer.status !== 503)
          failures.push(`${account} ${url}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(document.paths['/bpm-runtime/runtime/taskFollow/v1/getFollowedNode']).toBeDefined();
    const followed = await call('admin', 'en-US')(
      'GET',
      `/bpm-runtime/runtime/taskFollow/v1/getFollowedNode?instId=${newId()}`,
    );
    expect([followed.status, followed.body.message]).toEqual([404, 'Process instance not found']);
  });

  it('13. a stranger gets the same answer for a private file and a missing one', async () => {
    const privateId = (await upload('SZHY10002', '门头照.png', samples.png)).body.fileId as string;
    const missing = [newId(), '1', '0', 'abc', '9'.repeat(64), `${privateId.slice(0, -1)}0`];
    const forged = { authorization: 'Bearer not.a.token' };
    const answers = async (id: string) =>
      Promise.all([
        call(null)('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`),
        call(null)('POST', `/portal/bpm/aliasScript/v1/execute/FileType?id=${id}`),
        call(null)('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`, undefined, forged),
        call(null, 'en-US')('GET', `/portal/system/file/v1/downloadFile?fileId=${id}`),
      ]).then((list) => list.map((answer) => ({ status: answer.status, body: answer.body })));
    const forPrivate = await answers(privateId);
    expect(forPrivate.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(forPrivate[0]!.body.message).toBe('请先登录');
    for (const id of missing)
      expect({ id, answers: await answers(id) }).toEqual({ id, answers: forPrivate });
    // Signed in, someone else's file and a missing one are alike too (404), and the owner reads it.
    const other = call('SZHY10001');
    const theirs = await other('GET', `/portal/system/file/v1/downloadFile?fileId=${privateId}`);
    const none = await other('GET', `/portal/system/file/v1/downloadFile?fileId=${missing[0]}`);
    expect([theirs.status, theirs.body]).toEqual([404, none.body]);
    expect(none.status).toBe(404);
    expect(
      (await call('SZHY10002')('GET', `/portal/system/file/v1/downloadFile?fileId=${privateId}`))
        .status,
    ).toBe(200);
  });
});
