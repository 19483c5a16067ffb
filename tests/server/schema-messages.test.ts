import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rectangle } from '../../server/domain/map/geometry';
import { fieldLabel, labelledNames } from '../../server/lib/schema-messages';
import { bearer, oneDatabase, login, startTestServer, type TestServer } from './harness';

/**
 * Issue 38 item 10: no schema text reaches a user. Every property name of every route's
 * schema has a label in both languages; every refusal of a request that breaks its schema
 * names the field in the caller's language and says the problem in words, on every route;
 * a drawn shop without a number and a form definition with an empty label are told so.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
};
type Operation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Every property name a schema names, at any depth. */
function propertyNames(schema: Schema | undefined, into: Set<string>): Set<string> {
  if (!schema || typeof schema !== 'object') return into;
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    into.add(name);
    propertyNames(child, into);
  }
  for (const list of [schema.anyOf, schema.oneOf, schema.allOf]) {
    for (const child of list ?? []) propertyNames(child, into);
  }
  propertyNames(schema.items, into);
  if (typeof schema.additionalProperties === 'object') {
    propertyNames(schema.additionalProperties, into);
  }
  return into;
}

const bodySchema = (operation: Operation) =>
  Object.values(operation.requestBody?.content ?? {})[0]?.schema;

/** A value no schema of this kind accepts, even with Fastify's type coercion. */
const wrongFor = (schema: Schema) => (schema.type === 'object' ? 5 : { wrong: true });

/** Schema words that must never reach a user (Ajv's and TypeBox's own English). */
const schemaWords =
  /\bmust (NOT|have|be equal|match)|fewer than|properties|\bbody\b|querystring|\bparams\b|anyOf|schema|\/|instancePath/;
const cjk = /[\u4e00-\u9fff]/;

for (const kind of oneDatabase) {
  describe(`schema messages (${kind})`, () => {
    let server: TestServer;
    let app: FastifyInstance;
    let admin: string;
    let operations: [string, string, Operation][];

    beforeAll(async () => {
      server = await startTestServer(kind);
      app = server.app;
      admin = await login(app, 'admin', 'Atrium#2026');
      const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
      operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(
          ([method, operation]) =>
            [method.toUpperCase(), path, operation] as [string, string, Operation],
        ),
      );
    });
    afterAll(async () => {
      await server?.close();
    });

    it('has a label in both languages for every property name of every route', () => {
      const names = new Set<string>();
      for (const [, , operation] of operations) {
        for (const parameter of operation.parameters ?? []) {
          names.add(parameter.name);
          propertyNames(parameter.schema, names);
        }
        propertyNames(bodySchema(operation), names);
      }
      expect(names.size).toBeGreaterThan(150);
      const missing = [...names].filter(
        (name) => !fieldLabel('zh-CN', name) || !fieldLabel('en-US', name),
      );
      expect(missing).toEqual([]);
      expect(labelledNames('en-US').sort()).toEqual(labelledNames('zh-CN').sort());
    });

    it('words every refusal of a broken request in the caller’s language, on every route', async () => {
      const refusals: { route: string; language: string; message: string }[] = [];
      const send = async (method: string, path: string, payload: unknown, query: string) => {
        const url = path.replace(/\{[^}]+\}/g, 'x1') + query;
        for (const language of ['zh-CN', 'en-US']) {
          const answer = await app.inject({
            method: method as 'POST',
            url,
            headers: { ...bearer(admin), 'accept-language': language },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          if (answer.statusCode !== 400) continue;
          refusals.push({ route: `${method} ${url}`, language, message: answer.json().message });
        }
      };
      for (const [method, path, operation] of operations) {
        const body = bodySchema(operation);
        const required = (operation.parameters ?? []).filter(
          (parameter) => parameter.in === 'query' && parameter.required,
        );
        // Only requests certain to fail their checks: no handler ever runs.
        if (required.length > 0) await send(method, path, undefined, '');
        if (body?.required?.length) await send(method, path, {}, '');
        const typed = Object.entries(body?.properties ?? {}).filter(([, child]) => child.type);
        if (typed.length > 0) {
          const wrong = Object.fromEntries(typed.map(([name, child]) => [name, wrongFor(child)]));
          await send(method, path, wrong, '');
        }
      }
      expect(refusals.length).toBeGreaterThan(200);
      const bad = refusals.filter(({ language, message }) =>
        language === 'zh-CN'
          ? schemaWords.test(message) || !cjk.test(message) || /[“”]/.test(message)
          : schemaWords.test(message) || cjk.test(message) || /[“”]/.test(message),
      );
      expect(bad).toEqual([]);
    });

    it('names a drawn shop without a number, in Chinese and in English', async () => {
      const stores = (await app.inject({ method: 'GET', url: '/portal/map/v1/stores' })).json<
        { code: string; floors: { id: string; floor: string; version: number }[] }[]
      >();
      const floor = stores[0]!.floors.find((each) => each.floor === 'L1')!;
      const shops = [
        { number: 'L1-01', category: '', polygon: rectangle(2, 2, 6, 6) },
        { number: '', category: '', polygon: rectangle(20, 2, 6, 6) },
      ];
      const save = (language: string) =>
        app.inject({
          method: 'POST',
          url: '/portal/map/v1/layout',
          headers: { ...bearer(admin), 'accept-language': language },
          payload: { floorId: floor.id, baseVersion: floor.version, shops },
        });
      const zh = await save('zh-CN');
      expect(zh.statusCode).toBe(400);
      expect(zh.json().message).toBe('铺位第 2 项的铺位号：不能为空');
      const en = await save('en-US');
      expect(en.json().message).toBe('Shop number of Shops item 2: must not be empty');
    });

    it('words a form definition’s mistake by the field’s name, never the validator’s', async () => {
      const definition = {
        key: 'schemaWords',
        name: '测试表单',
        fields: [{ name: 'amount', label: '', type: 'money' }],
        subTables: [],
      };
      const save = (language: string) =>
        app.inject({
          method: 'POST',
          url: '/form/form/form/v1/save',
          headers: { ...bearer(admin), 'accept-language': language },
          payload: { definition },
        });
      const zh = await save('zh-CN');
      expect(zh.statusCode).toBe(400);
      expect(zh.json().message).toBe('表单定义不正确：字段“amount”的标签：不能为空');
      const en = await save('en-US');
      expect(en.json().message).toBe(
        'The form definition is not valid: Label of Fields “amount”: must not be empty',
      );
    });
  });
}
