import { Validator } from '@seriousme/openapi-schema-validator';
import type { InjectOptions } from 'fastify';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPasswords } from '../../server/db/seed/people';
import { newId } from '../../server/lib/ids';
import { isVisitorCall, serviceOfUrl, visitorCalls } from '../../src/core/services';
import { oneDatabase, withServer } from './harness';
import { as, tokenOf } from './shell-support';

/**
 * The OpenAPI document at /docs/json is one an integrator can use (issue 42 part 5,
 * docs/shell-api.md "The OpenAPI document"): valid OpenAPI 3.0, each operation named once,
 * tagged with its feature, its security said, and what it answers declared; a client
 * generated from it types the server's real answers. One database: the document and the
 * refusals it is checked against come before any query a database could change.
 */
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { $ref?: string; content?: unknown }>;
}
interface OpenApi {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const menuPath = '/portal/sys/sysMenu/v1/getCurrentUserMenu';
const methods = ['get', 'post', 'put', 'delete', 'patch'] as const;

function operations(document: OpenApi) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    methods.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] }] : [])),
  );
}

/** The path with an id nobody has in each parameter, and required query parameters set. */
function urlFor(path: string, operation: Operation): string {
  const query = new URLSearchParams();
  let url = path;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, newId());
    else if (parameter.in === 'query' && parameter.required) query.set(parameter.name, newId());
  }
  return query.size ? `${url}?${query.toString()}` : url;
}

describe.each(oneDatabase)('the OpenAPI document on %s', (kind) => {
  const server = withServer(kind);
  let document: OpenApi;
  beforeAll(async () => {
    document = (await server.app.inject({ url: '/docs/json' })).json<OpenApi>();
  });

  it('is a valid OpenAPI 3.0 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Record<string, unknown>,
    );
    expect(result.errors ?? []).toEqual([]);
    expect([result.valid, validator.version]).toEqual([true, '3.0']);
  });

  it('names each operation once, tags it with a feature and says its security', () => {
    const all = operations(document);
    expect(all.length).toBeGreaterThan(250);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set(document.tags.map((tag) => tag.name));
    const untagged = all.filter(({ operation }) => !tags.has(operation.tags?.[0] ?? ''));
    expect(untagged.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const login = document.paths['/uc/auth']!.post!;
    expect([login.operationId, login.tags, login.security]).toEqual(['postUcAuth', ['auth'], []]);
    const menus = document.paths[menuPath]!.get!;
    expect([menus.tags, menus.security]).toEqual([['shell'], [{ bearer: [] }]]);
  });

  it('opens to visitors the shared visitor calls, every one of them, and no other service call', () => {
    const open = operations(document).flatMap(({ path, operation }) => {
      const call = serviceOfUrl(path.replace(/\{(\w+)\}/g, ':$1'));
      // The demo's stand-in for an outside service is called by the server, not a browser.
      if (!call || operation.security?.length || path.includes('/demoExternal/')) return [];
      return [`${call.service} ${call.path}`];
    });
    const listed = Object.entries(visitorCalls).flatMap(([service, paths]) =>
      paths.map((path) => `${service} ${path}`),
    );
    expect(new Set(open)).toEqual(new Set(listed));
    expect(isVisitorCall('portal', '/map/v1/plan/42?size=2')).toBe(true);
    expect(isVisitorCall('portal', '/map/v1/plan')).toBe(false);
    expect(isVisitorCall('uc', '/portalNewsNotice/v1/getNews')).toBe(false);
  });

  it('declares every answer a caller without a session gets, and a signed-in reader of unknown ids', async () => {
    const admin = as(server.app, await tokenOf(server.app, 'admin'));
    const stranger = as(server.app, null);
    const undeclared: string[] = [];
    for (const { path, method, operation } of operations(document)) {
      // Refreshing ends the token it was called with; logging out ends the session; a
      // signed-in event stream never ends (its own answers: live.test.ts).
      const streams = Object.keys(operation.responses['200']?.content ?? {}).includes(
        'text/event-stream',
      );
      const callers = streams || /\/(refresh|logout)$/.test(path) ? [stranger] : [stranger, admin];
      for (const call of callers) {
        const url = urlFor(path, operation);
        const verb = method.toUpperCase() as InjectOptions['method'];
        const answer = await call(verb, url, method === 'get' ? undefined : {});
        if (!(String(answer.status) in operation.responses))
          undeclared.push(
            `${call === admin ? 'admin' : 'stranger'} ${method} ${url}: ${answer.status}`,
          );
        const needsSession = operation.security?.some((requirement) => 'bearer' in requirement);
        if (call === stranger && needsSession && answer.status === 200)
          undeclared.push(`stranger ${method} ${url}: 200 from an operation that needs a session`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  describe('a client generated from it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'atrium-openapi-client-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('types the real answers of a few calls, and only those', async () => {
      const generated = astToString(await openapiTS(document as never));
      writeFileSync(join(folder, 'api.d.ts'), generated);
      const password = demoPasswords.admin;
      const anonymous = as(server.app, null);
      const admin = as(server.app, await tokenOf(server.app, 'admin'));
      const signIn = { username: 'admin', password };
      const answers = {
        signedIn: await anonymous('POST', '/uc/auth', signIn),
        refused: await anonymous('POST', '/uc/auth', { username: 'admin' }),
        menus: await admin('GET', `${menuPath}?menuAlias=front_menu`),
        stranger: await anonymous('GET', `${menuPath}?menuAlias=front_menu`),
        todo: await admin('POST', '/bpm-runtime/runtime/task/v1/getTodoList', {}),
        news: await anonymous('GET', '/portal/portalNewsNotice/v1/getNews'),
      };
      expect(Object.values(answers).map((answer) => answer.status)).toEqual([
        200, 400, 200, 401, 200, 200,
      ]);
      const json = (name: keyof typeof answers) => JSON.stringify(answers[name].body);
      writeFileSync(
        join(folder, 'client.ts'),
        `import type { paths } from './api';
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> =
  paths[P][M] extends { responses: infer R } ? (S extends keyof R ? Json<R[S]> : never) : never;
type Body<P extends keyof paths, M extends keyof paths[P]> =
  paths[P][M] extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

export const signIn: Body<'/uc/auth', 'post'> = ${JSON.stringify(signIn)};
export const signedIn = ${json('signedIn')} satisfies Answer<'/uc/auth', 'post', 200>;
export const refused = ${json('refused')} satisfies Answer<'/uc/auth', 'post', 400>;
export const menus = ${json('menus')} satisfies Answer<'${menuPath}', 'get', 200>;
export const stranger = ${json('stranger')} satisfies Answer<'${menuPath}', 'get', 401>;
export const todo = ${json('todo')} satisfies Answer<'/bpm-runtime/runtime/task/v1/getTodoList', 'post', 200>;
export const news = ${json('news')} satisfies Answer<'/portal/portalNewsNotice/v1/getNews', 'get', 200>;
// @ts-expect-error: a token is text, so the answers above were checked, not taken as any.
export const wrongToken: Answer<'/uc/auth', 'post', 200>['token'] = 42;
// @ts-expect-error: a refusal's state is false.
export const wrongState: Answer<'/uc/auth', 'post', 400>['state'] = true;
`,
      );
      const program = ts.createProgram([join(folder, 'client.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((problem) => ts.flattenDiagnosticMessageText(problem.messageText, '\n'));
      expect(problems).toEqual([]);
    });
  });
});
