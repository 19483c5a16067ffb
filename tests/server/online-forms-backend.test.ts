import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitOutApplication } from './form-fixtures';
import { oneDatabase, startTestServer, type TestServer } from './harness';
import { Client } from './workflow-harness';

const base = '/form/form/dataTemplate/v1';

/**
 * The backend rule (`backend:<validator>`, docs/forms.md "Backend validation"): the server's
 * own check of a fitting-out shop against the floor map, and a configured address, here a
 * stand-in for a third party's service; unknown validators are refused when a form is saved.
 */
describe.each(oneDatabase)('backend validation of online forms on %s', (kind) => {
  let server: TestServer;
  let client: Client;
  let thirdParty: Server;
  let calls: unknown[] = [];
  beforeAll(async () => {
    server = await startTestServer(kind);
    client = new Client(server);
    thirdParty = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const input = JSON.parse(body) as { value: string };
        calls.push(input);
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify(
            input.value === '黑名单商户'
              ? { valid: false, message: '该商户在黑名单中' }
              : { valid: true },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    thirdParty.close();
    await server.close();
  });

  const configure = (url: string) =>
    server.db
      .insertInto('system_settings')
      .values({ key: 'formValidators', value: JSON.stringify({ blacklist: { url } }) })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ value: JSON.stringify({ blacklist: { url } }) }),
      )
      .execute();

  /** contractRegistration's definition as stored, with one more rule on merchantName. */
  async function withRule(rule: string) {
    const current = await client.get(
      'admin',
      '/form/form/form/v1/getByKey?formKey=contractRegistration',
    );
    const { definition } = current.body.value as {
      definition: { fields: { name: string; rules?: string; dictionary?: string }[] };
    };
    return {
      ...definition,
      fields: definition.fields.map(({ ...field }) => {
        if (field.dictionary) delete (field as { options?: unknown }).options;
        return field.name === 'merchantName'
          ? { ...field, rules: `${field.rules ?? ''}|${rule}` }
          : field;
      }),
    };
  }

  it('refuses a shop the store’s floor map does not know, in the caller’s language', async () => {
    const missing = await client.post(
      'store01',
      `${base}/boSave/fitOut`,
      fitOutApplication({ shopNo: 'L9-99' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('铺位号：该门店的平面图上没有铺位 L9-99');
    const english = await client.call(
      'store01',
      'POST',
      `${base}/boSave/fitOut`,
      fitOutApplication({ shopNo: 'L9-99' }),
      'en-US',
    );
    expect(english.body.message).toBe("Shop no.: The store's floor map has no shop L9-99");
    const known = await client.post('store01', `${base}/boSave/fitOut`, fitOutApplication());
    expect(known.body, JSON.stringify(known.body)).toMatchObject({ state: true });
  });

  it('refuses a definition naming a validator that does not exist', async () => {
    const answer = await client.post('admin', '/form/form/form/v1/save', {
      definition: await withRule('backend:noSuchCheck'),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/noSuchCheck/);
  });

  it('posts the value to a configured address and fails closed when it cannot answer', async () => {
    const { port } = thirdParty.address() as AddressInfo;
    await configure(`http://127.0.0.1:${port}/check`);
    const saved = await client.post('admin', '/form/form/form/v1/save', {
      definition: await withRule('backend:blacklist'),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const registration = (merchantName: string, contractNo: string) => ({
      contractNo,
      merchantName,
      store: 'S01',
      kind: 'lease',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyRent: '1000',
    });
    calls = [];
    const refused = await client.post(
      'contract01',
      `${base}/boSave/contractRegistration`,
      registration('黑名单商户', 'HT-BL-1'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('商户名称：该商户在黑名单中');
    expect(calls).toEqual([
      expect.objectContaining({
        validator: 'blacklist',
        field: 'merchantName',
        value: '黑名单商户',
      }),
    ]);
    const accepted = await client.post(
      'contract01',
      `${base}/boSave/contractRegistration`,
      registration('正常商户', 'HT-BL-2'),
    );
    expect(accepted.body, JSON.stringify(accepted.body)).toMatchObject({ state: true });
    // Nobody listening there: the value is refused, never let through.
    thirdParty.closeAllConnections();
    await configure('http://127.0.0.1:9/check');
    const unreachable = await client.post(
      'contract01',
      `${base}/boSave/contractRegistration`,
      registration('正常商户', 'HT-BL-3'),
    );
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.message).toBe('商户名称：后端校验不通过');
  });
});
