import { describe, expect, it } from 'vitest';
import { staffId } from '../../server/db/seed/workflow/people';
import { storeFile } from '../../server/domain/files';
import { fitOutApplication } from './form-fixtures';
import { oneDatabase } from './harness';
import {
  encode,
  formDataOf,
  instanceStatus,
  openTasks,
  useServerAndClient,
} from './workflow-harness';

const runtime = '/bpm-runtime/runtime';

/** A fitting-out application as the flow's start form sends it (650000: the manager too). */
const application = (extra: Record<string, unknown> = {}) =>
  fitOutApplication({
    store: 'S02',
    shopNo: 'L3-08',
    budget: '650000',
    works: [
      { kind: 'decoration', content: '吊顶', cost: '120000' },
      { kind: 'electrical', content: '照明', cost: '30000.5' },
    ],
    ...extra,
  });

/**
 * A flow whose form is an online form (fitOut, docs/workflow.md "Online forms in flows"): the
 * form's own checks on start and on every action, its formulas computed by the server, the
 * data kept with the instance, editable fields per node, and attachments by the file rules.
 */
describe.each(oneDatabase)('flows over online forms on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const instanceData = (instId: string) => formDataOf(server.db, instId);

  it('pins the online form at deploy and answers it with its choices', async () => {
    const flow = await client.get('store01', '/bpm-model/flow/def/v1/getJson?defKey=fitOut');
    expect(flow.status).toBe(200);
    const form = flow.body.form as {
      formKey: string;
      formVersion: number;
      online: { key: string; fields: { name: string; options?: unknown[] }[] };
      fields: { name: string; type: string }[];
    };
    expect(form).toMatchObject({ formKey: 'fitOut', formVersion: 1 });
    expect(form.online.fields.find((field) => field.name === 'store')?.options).toHaveLength(4);
    expect(form.fields.find((field) => field.name === 'budget')?.type).toBe('money');
  });

  it('refuses what the form refuses, with the field named, and starts nothing', async () => {
    const before = await server.db
      .selectFrom('wf_instances')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('def_key', '=', 'fitOut')
      .executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, RegExp, string][] = [
      [application({ endDate: '2026-11-01' }), /完工日期/, 'zh-CN'],
      [application({ phone: '' }), /联系电话/, 'zh-CN'],
      [application({ store: 'S99' }), /门店/, 'zh-CN'],
      [
        application({ works: [{ kind: 'decoration', content: '', cost: '1' }] }),
        /第 1 行/,
        'zh-CN',
      ],
      [application({ phone: '123' }), /Phone/, 'en-US'],
    ];
    for (const [data, message, language] of cases) {
      const answer = await client.call(
        'store01',
        'POST',
        `${runtime}/instance/v1/start`,
        { flowKey: 'fitOut', data: encode(data) },
        language,
      );
      expect(answer.status, JSON.stringify(data)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    const after = await server.db
      .selectFrom('wf_instances')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('def_key', '=', 'fitOut')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('keeps the data with the instance, formulas computed by the server, and routes on it', async () => {
    const id = await client.start('store01', 'fitOut', {
      ...application(),
      worksTotal: '1', // computed fields from the request are not taken
      days: 99,
    });
    const data = await instanceData(id);
    expect(data).toMatchObject({
      worksTotal: '150000.5',
      days: 10,
      budgetCapitals: '陆拾伍万元整',
      brand: '无印良品',
    });
    expect((data.works as unknown[]).length).toBe(2);
    const subject = await server.db
      .selectFrom('wf_instances')
      .select('subject')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(subject.subject).toContain('无印良品 L3-08');
    expect(await openTasks(server.db, id)).toEqual(['opsReview:ops01[NORMAL]']);

    // Operations may change the works and the description, nothing else.
    const task = await client.task(id, 'ops01');
    const refused = await client.complete('ops01', task, 'agree', {
      data: encode({ ...data, budget: '100' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/装修预算/);
    const works = [{ kind: 'fireSafety', content: '消防改造', cost: '8000' }];
    const broken = await client.complete('ops01', task, 'agree', {
      data: encode({ ...data, works: [{ kind: 'nope', content: 'x', cost: '1' }] }),
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/类别/);
    // The browser sends its own computed values back (the old total): not a change.
    await client.act('ops01', id, 'agree', {
      data: encode({ ...data, works, description: '夜间施工', worksTotal: '1' }),
    });
    const changed = await instanceData(id);
    expect(changed).toMatchObject({ description: '夜间施工', worksTotal: '8000', works });
    // 650000 is at least 500000: the general manager approves too.
    expect(await openTasks(server.db, id)).toEqual(['generalManager:gm01[NORMAL]']);
    await client.act('gm01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('attaches only files the starter may use, and lets the approver read them', async () => {
    const storage = server.app.deps.storage;
    const own = await storeFile(server.db, storage, {
      name: '平面图.pdf',
      bytes: Buffer.from('%PDF-1.4 plan'),
      uploader: { id: staffId('store01'), name: 'store01' },
    });
    const others = await storeFile(server.db, storage, {
      name: '别人的.pdf',
      bytes: Buffer.from('%PDF-1.4 other'),
      uploader: { id: staffId('emp01'), name: 'emp01' },
    });
    const stolen = await client.post('store01', `${runtime}/instance/v1/start`, {
      flowKey: 'fitOut',
      data: encode(application({ budget: '1000', drawings: [others.id] })),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toMatch(/图纸/);
    const download = async (account: string) =>
      (
        await server.app.inject({
          method: 'GET',
          url: `/portal/system/file/v1/downloadFile?fileId=${own.id}`,
          headers: { authorization: `Bearer ${await client.token(account)}` },
        })
      ).statusCode;
    expect(await download('ops01')).not.toBe(200);
    const id = await client.start(
      'store01',
      'fitOut',
      application({ budget: '1000', drawings: [own.id] }),
    );
    expect((await instanceData(id)).drawings).toEqual([own.id]);
    expect(await download('ops01')).toBe(200);
    await client.act('ops01', id, 'agree');
    expect(await instanceStatus(server.db, id)).toBe('end');
  });

  it('keeps an incomplete draft with the form’s names only', async () => {
    const saved = await client.post('store01', `${runtime}/instance/v1/saveDraft`, {
      flowKey: 'fitOut',
      data: encode({ brand: '星巴克', injected: 'x' }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const draft = await server.db
      .selectFrom('wf_drafts')
      .select('form_data')
      .where('id', '=', saved.body.instId as string)
      .executeTakeFirstOrThrow();
    expect(draft.form_data).toEqual({ brand: '星巴克' });
  });

  it('deploys a flow over a form only for the admin, and only a form that exists', async () => {
    const bpmn = (
      await server.db
        .selectFrom('wf_definitions')
        .select('bpmn_xml')
        .where('def_key', '=', 'fitOut')
        .executeTakeFirstOrThrow()
    ).bpmn_xml;
    const category = (
      await server.db
        .selectFrom('wf_definitions')
        .select('category_id')
        .where('def_key', '=', 'fitOut')
        .executeTakeFirstOrThrow()
    ).category_id;
    const deploy = (account: string, formKey: string) =>
      client.post(account, '/bpm-model/flow/def/v1/deploy', {
        defKey: 'fitOut',
        name: '装修审批',
        typeId: category,
        bpmnXml: bpmn,
        form: { formKey },
      });
    expect((await deploy('store01', 'fitOut')).status).toBe(403);
    const missing = await deploy('admin', 'noSuchForm');
    expect(missing.status).toBe(404);
    const bad = await deploy('admin', "x'; drop table wf_instances; --");
    expect(bad.status).toBe(400);
    const ok = await deploy('admin', 'fitOut');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});
