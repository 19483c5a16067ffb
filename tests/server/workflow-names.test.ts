import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  fillSeededEnglish,
  seededCategories,
  seededFlows,
  seededNotices,
  seededOrgs,
} from '../../server/db/migrations/0024-english-names';
import {
  addEnglishTemplates,
  fillTemplateSubjects,
} from '../../server/db/migrations/0029-english-subjects';
import { pluralLeaveSubjects } from '../../server/db/migrations/0036-approval-outcomes';
import { fillDraftSubjects } from '../../server/db/migrations/0030-draft-english-subjects';
import { oneDatabase } from './harness';
import {
  bpmn,
  encode,
  leaveForm,
  userTask,
  type Json,
  useServerAndClient,
} from './workflow-harness';
import { businessToday } from '../../server/lib/time';

/**
 * Flow and node names in the reader's language (issue 13 item 10; docs/workflow.md "Names in
 * the reader's language"): English from the definition version, the stored Chinese as the
 * fallback.
 */
const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';
const han = /\p{Script=Han}/u;

type Row = Record<string, string>;

describe.each(oneDatabase)('flow and node names by language on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const read = (account: string, method: 'GET' | 'POST', url: string, language: string) =>
    client.call(account, method, url, method === 'POST' ? {} : undefined, language);
  const rows = async (account: string, url: string, language: string, body: unknown = {}) => {
    const answer: Json = await client.call(account, 'POST', url, body, language);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.rows as Row[];
  };
  const rowOf = (list: Row[], instId: string, column = 'procInstId') =>
    list.find((row) => row[column] === instId)!;

  /** Deploys a flow as the admin, with the given body fields. */
  const deployFlow = async (body: Record<string, unknown>) => {
    const types = await client.get('admin', '/bpm-model/flow/type/v1/tree');
    const answer = await client.post('admin', '/bpm-model/flow/def/v1/deploy', {
      typeId: (types.raw as { id: string }[])[0]!.id,
      form: { fields: [{ name: 'note', label: '说明', type: 'text' }] },
      ...body,
    });
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ state: true });
    const rights = await client.post('admin', '/bpm-model/flow/defAuthorize/v1/save', {
      defKey: body.defKey,
      rights: [{ type: 'everyone' }],
    });
    expect(rights.body.state).toBe(true);
  };

  it('answers a to-do list and an instance in the reader language', async () => {
    const id = await client.start('emp01', 'leave', leaveForm(2));
    const english = rowOf(await rows('lead01', `${task}/getTodoList`, 'en-US'), id);
    expect(english).toMatchObject({ name: 'Team leader approval', procDefName: 'Leave request' });
    const chinese = rowOf(await rows('lead01', `${task}/getTodoList`, 'zh-CN'), id);
    expect(chinese).toMatchObject({ name: '直属领导审批', procDefName: '请假申请' });
    // Every seeded flow and node has English: no Chinese left in any to-do row's names.
    for (const account of ['lead01', 'contract01', 'hr01', 'admin']) {
      for (const row of await rows(account, `${task}/getTodoList`, 'en-US')) {
        expect(`${row.name} ${row.procDefName}`, account).not.toMatch(han);
      }
    }
    // Filters read the names the reader sees.
    const filtered = await rows('lead01', `${task}/getTodoList`, 'en-US', {
      querys: [{ property: 'procDefName', value: 'Leave', operation: 'LIKE' }],
    });
    expect(filtered.map((row) => row.procInstId)).toContain(id);

    const info = await read(
      'lead01',
      'GET',
      `${instance}/getInstanceByInstId?instId=${id}`,
      'en-US',
    );
    expect(info.body).toMatchObject({
      procDefName: 'Leave request',
      currentNodes: 'Team leader approval',
      currentTasks: [{ name: 'Team leader approval', nodeId: 'teamLeader' }],
    });
    const infoZh = await read(
      'lead01',
      'GET',
      `${instance}/getInstanceByInstId?instId=${id}`,
      'zh-CN',
    );
    expect(infoZh.body).toMatchObject({ procDefName: '请假申请', currentNodes: '直属领导审批' });

    const taskId = await client.task(id, 'lead01');
    const page = await read('lead01', 'GET', `${task}/get?id=${taskId}`, 'en-US');
    expect(page.body).toMatchObject({
      task: { name: 'Team leader approval' },
      instance: { procDefName: 'Leave request' },
    });
    const history = await read(
      'emp01',
      'GET',
      `${instance}/instanceFlowOpinions?instId=${id}`,
      'en-US',
    );
    expect((history.raw as Row[]).map((item) => item.taskName)).toContain('Applicant');
    const chart = await read('emp01', 'GET', `${instance}/getBpmImage?instId=${id}`, 'en-US');
    expect(chart.body.names).toMatchObject({
      teamLeader: 'Team leader approval',
      toManager: 'More than 3 days',
    });
    const chartZh = await read('emp01', 'GET', `${instance}/getBpmImage?instId=${id}`, 'zh-CN');
    expect(chartZh.body.names).toEqual({});

    const requests = await rows('emp01', `${instance}/myRequest`, 'en-US');
    expect(rowOf(requests, id, 'id')).toMatchObject({
      procDefName: 'Leave request',
      currentNodes: 'Team leader approval',
    });
    const startable = await rows('emp01', `${instance}/newProcess`, 'en-US');
    expect(startable.find((row) => row.defKey === 'leave')).toMatchObject({
      name: 'Leave request',
      typeName: 'HR',
    });
    // The starter's list of flows by category: every name and description in English.
    const categories = await read('emp01', 'POST', `${instance}/getHasAuthFlowList`, 'en-US');
    const flows = (categories.raw as { flowList: Row[] }[]).flatMap((group) => group.flowList);
    expect(flows.length).toBeGreaterThan(1);
    for (const flow of flows) expect(`${flow.name} ${flow.desc}`).not.toMatch(han);
    expect(flows.find((flow) => flow.defKey === 'leave')!.desc).toMatch(/\w{4}/);

    await client.act('lead01', id, 'agree');
    const done = rowOf(await rows('lead01', `${instance}/getDoneInstList`, 'en-US'), id, 'id');
    expect(done).toMatchObject({ name: 'Team leader approval', procDefName: 'Leave request' });
    const doneZh = rowOf(await rows('lead01', `${instance}/getDoneInstList`, 'zh-CN'), id, 'id');
    expect(doneZh).toMatchObject({ name: '直属领导审批', procDefName: '请假申请' });
  });

  it('falls back to the Chinese names of a flow that has no English', async () => {
    await deployFlow({
      defKey: 'plainNames',
      name: '测试流程',
      bpmnXml: bpmn(
        'plainNames',
        [
          '<startEvent id="start" name="发起人"/>',
          '<userTask id="check" name="复核" atrium:assignee="user:lead01"/>',
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'check'],
          ['f2', 'check', 'end'],
        ],
      ),
    });
    const id = await client.start('emp01', 'plainNames', {});
    const row = rowOf(await rows('lead01', `${task}/getTodoList`, 'en-US'), id);
    expect(row).toMatchObject({ name: '复核', procDefName: '测试流程' });
    const chart = await read('lead01', 'GET', `${instance}/getBpmImage?instId=${id}`, 'en-US');
    expect(chart.body.names).toEqual({});
    // A language the server does not know is Chinese.
    const other = rowOf(await rows('lead01', `${task}/getTodoList`, 'fr-FR'), id);
    expect(other).toMatchObject({ name: '复核', procDefName: '测试流程' });
  });

  it('keeps the English of each deployed version for its own instances', async () => {
    const version = (nodeEn: string, processEn: string) =>
      bpmn(
        'versioned',
        [
          '<startEvent id="start" name="发起人"/>',
          userTask('check', 'user:lead01', `atrium:nameEn="${nodeEn}"`),
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'check'],
          ['f2', 'check', 'end'],
        ],
      ).replace(
        '<process id="versioned">',
        `<process id="versioned" atrium:nameEn="${processEn}">`,
      );
    // The body's nameEn wins over the process's.
    await deployFlow({
      defKey: 'versioned',
      name: '版本流程',
      nameEn: 'Versioned one',
      bpmnXml: version('Check one', 'Ignored'),
    });
    const first = await client.start('emp01', 'versioned', {});
    await deployFlow({
      defKey: 'versioned',
      name: '版本流程',
      bpmnXml: version('Check two', 'Versioned two'),
    });
    const second = await client.start('emp01', 'versioned', {});
    // An English name longer than a name may be is refused, and no version is added.
    const types = await client.get('admin', '/bpm-model/flow/type/v1/tree');
    const tooLong = await client.post('admin', '/bpm-model/flow/def/v1/deploy', {
      defKey: 'versioned',
      name: '版本流程',
      nameEn: 'x'.repeat(101),
      typeId: (types.raw as { id: string }[])[0]!.id,
      bpmnXml: version('Check three', 'Versioned three'),
      form: { fields: [{ name: 'note', label: '说明', type: 'text' }] },
    });
    expect(tooLong.status).toBe(400);
    const versions = await server.db
      .selectFrom('wf_definitions')
      .select('version')
      .where('def_key', '=', 'versioned')
      .execute();
    expect(versions).toHaveLength(2);
    const todo = await rows('lead01', `${task}/getTodoList`, 'en-US');
    expect(rowOf(todo, first)).toMatchObject({ name: 'Check one', procDefName: 'Versioned one' });
    expect(rowOf(todo, second)).toMatchObject({ name: 'Check two', procDefName: 'Versioned two' });
    expect(rowOf(await rows('lead01', `${task}/getTodoList`, 'zh-CN'), second)).toMatchObject({
      name: 'check',
      procDefName: '版本流程',
    });
  });

  it('answers subjects in the reader language: a template and its English twin, the defaults, a typed one as typed', async () => {
    const emp01 = await server.db
      .selectFrom('users')
      .select('fullname')
      .where('account', '=', 'emp01')
      .executeTakeFirstOrThrow();
    const subjects = async (id: string, language: string) =>
      rowOf(await rows('lead01', `${task}/getTodoList`, language), id).subject;

    // The seeded leave flow: atrium:subject and atrium:subjectEn, filled from the same values.
    const model = await client.call(
      'emp01',
      'GET',
      '/bpm-model/flow/def/v1/getJson?defKey=leave',
      undefined,
      'en-US',
    );
    expect(model.body).toMatchObject({
      subjectTemplate: expect.stringContaining('{starter}'),
      subjectTemplateEn: expect.stringMatching(/^Leave request from \{starter\}/),
    });
    const leave = await client.start('emp01', 'leave', leaveForm(3));
    expect(await subjects(leave, 'en-US')).toBe(`Leave request from ${emp01.fullname} (3 days)`);
    expect(await subjects(leave, 'zh-CN')).toBe(`${emp01.fullname}的请假申请（3天）`);
    // The subject filter searches what the reader sees.
    const found = await rows('lead01', `${task}/getTodoList`, 'en-US', {
      querys: [{ property: 'subject', value: 'Leave request from', operation: 'LIKE' }],
    });
    expect(found.map((row) => row.procInstId)).toContain(leave);

    // No template at all: a default in each language, with the flow's English name.
    const plain = (id: string, attributes = '') =>
      bpmn(
        id,
        [
          '<startEvent id="start" name="发起人"/>',
          userTask('check', 'user:lead01'),
          '<endEvent id="end"/>',
        ],
        [
          ['f1', 'start', 'check'],
          ['f2', 'check', 'end'],
        ],
      ).replace(`<process id="${id}">`, `<process id="${id}" ${attributes}>`);
    await deployFlow({
      defKey: 'subjectless',
      name: '无主题流程',
      nameEn: 'No subject flow',
      bpmnXml: plain('subjectless'),
    });
    // The server names the day it started the flow on, by its own clock.
    const today = businessToday('Asia/Shanghai');
    const defaulted = await client.start('emp01', 'subjectless', {});
    expect(await subjects(defaulted, 'en-US')).toBe(
      `No subject flow from ${emp01.fullname} (${today})`,
    );
    expect(await subjects(defaulted, 'zh-CN')).toBe(`${emp01.fullname}的无主题流程（${today}）`);

    // A Chinese template without an English one: English readers see the Chinese.
    await deployFlow({
      defKey: 'chineseSubject',
      name: '中文主题流程',
      nameEn: 'Chinese subject flow',
      bpmnXml: plain('chineseSubject', 'atrium:subject="{starter}的说明：{note}"'),
    });
    const chineseOnly = await client.start('emp01', 'chineseSubject', { note: '测试' });
    expect(await subjects(chineseOnly, 'en-US')).toBe(`${emp01.fullname}的说明：测试`);

    // A subject the starter typed is the same for every reader.
    const typed = await client.start('emp01', 'leave', leaveForm(1), { subject: '自拟 subject' });
    expect(await subjects(typed, 'en-US')).toBe('自拟 subject');
    expect(await subjects(typed, 'zh-CN')).toBe('自拟 subject');

    // The task read and the done list answer the same.
    const taskId = rowOf(await rows('lead01', `${task}/getTodoList`, 'en-US'), leave).taskId;
    const read = await client.call('lead01', 'GET', `${task}/get?id=${taskId}`, undefined, 'en-US');
    expect((read.body as { task: { subject: string } }).task.subject).toBe(
      `Leave request from ${emp01.fullname} (3 days)`,
    );

    // Migration 0029 gives instances of an older database the same English: exactly the
    // template's output gets it; a typed subject gets none.
    await server.db.updateTable('wf_instances').set({ subject_en: '' }).execute();
    await fillTemplateSubjects(server.db as unknown as Kysely<unknown>);
    const english = await server.db
      .selectFrom('wf_instances')
      .select(['id', 'subject_en'])
      .where('id', 'in', [leave, defaulted, chineseOnly, typed])
      .execute();
    expect(Object.fromEntries(english.map((row) => [row.id, row.subject_en]))).toEqual({
      [leave]: `Leave request from ${emp01.fullname} (3 days)`,
      [defaulted]: `No subject flow from ${emp01.fullname} (${today})`,
      [chineseOnly]: '',
      [typed]: '',
    });

    // The seeded flows' stored BPMN of an older database gains its English template.
    const stripped = (xml: string) => xml.replace(/ atrium:subjectEn="[^"]*"/, '');
    const leaveDefs = await server.db
      .selectFrom('wf_definitions')
      .select(['id', 'bpmn_xml'])
      .where('def_key', '=', 'leave')
      .execute();
    for (const def of leaveDefs) {
      await server.db
        .updateTable('wf_definitions')
        .set({ bpmn_xml: stripped(def.bpmn_xml) })
        .where('id', '=', def.id)
        .execute();
    }
    await addEnglishTemplates(server.db as unknown as Kysely<unknown>);
    await addEnglishTemplates(server.db as unknown as Kysely<unknown>); // once, not twice
    // Then migration 0036 gives the leave subject its plural.
    await pluralLeaveSubjects(server.db as unknown as Kysely<unknown>);
    await pluralLeaveSubjects(server.db as unknown as Kysely<unknown>);
    const patched = await server.db
      .selectFrom('wf_definitions')
      .select('bpmn_xml')
      .where('def_key', '=', 'leave')
      .execute();
    expect(patched.map((def) => def.bpmn_xml)).toEqual(leaveDefs.map((def) => def.bpmn_xml));
  });

  it('keeps both subjects of a withdrawn application through its draft, unless the starter changes it', async () => {
    const { fullname } = await server.db
      .selectFrom('users')
      .select('fullname')
      .where('account', '=', 'emp01')
      .executeTakeFirstOrThrow();
    const english = `Leave request from ${fullname} (2 days)`;
    const chinese = `${fullname}的请假申请（2天）`;
    const withdrawn = async () => {
      const id = await client.start('emp01', 'leave', leaveForm(2));
      await client.ok('emp01', `${instance}/revokeInstance`, { instanceId: id });
      const list = await rows('emp01', `${instance}/getMyDraftList`, 'en-US');
      return rowOf(list, id, 'sourceInstId').id!;
    };
    const draftSubjectIn = async (draftId: string, language: string) =>
      ((await read('emp01', 'GET', `${instance}/getDraftById?id=${draftId}`, language)).body as Row)
        .subject;
    const subjectsOf = async (instId: string) =>
      server.db
        .selectFrom('wf_instances')
        .select(['subject', 'subject_en'])
        .where('id', '=', instId)
        .executeTakeFirstOrThrow();

    // The draft reads in the reader's language, in the list and when restored.
    const kept = await withdrawn();
    const drafts = await rows('emp01', `${instance}/getMyDraftList`, 'zh-CN');
    expect(rowOf(drafts, kept, 'id').subject).toBe(chinese);
    expect(
      rowOf(await rows('emp01', `${instance}/getMyDraftList`, 'en-US'), kept, 'id').subject,
    ).toBe(english);
    expect(await draftSubjectIn(kept, 'en-US')).toBe(english);
    expect(await draftSubjectIn(kept, 'zh-CN')).toBe(chinese);

    // Saved and started again as an English reader restored it: both languages stay.
    await client.ok('emp01', `${instance}/saveDraft`, {
      flowKey: 'leave',
      proInstId: kept,
      subject: english,
      data: encode(leaveForm(2)),
    });
    expect(await draftSubjectIn(kept, 'zh-CN')).toBe(chinese);
    // Saved without a subject, as the start form saves, it keeps the one it has.
    await client.ok('emp01', `${instance}/saveDraft`, {
      flowKey: 'leave',
      proInstId: kept,
      data: encode(leaveForm(2)),
    });
    expect(await draftSubjectIn(kept, 'en-US')).toBe(english);
    const again = await client.start('emp01', 'leave', leaveForm(2), {
      proInstId: kept,
      subject: english,
    });
    expect(await subjectsOf(again)).toEqual({ subject: chinese, subject_en: english });

    // A subject the starter changed is theirs, the same for every reader.
    const changed = await withdrawn();
    await client.ok('emp01', `${instance}/saveDraft`, {
      flowKey: 'leave',
      proInstId: changed,
      subject: '改过的主题',
      data: encode(leaveForm(2)),
    });
    expect(await draftSubjectIn(changed, 'en-US')).toBe('改过的主题');
    const typed = await client.start('emp01', 'leave', leaveForm(2), {
      proInstId: changed,
      subject: '改过的主题',
    });
    expect(await subjectsOf(typed)).toEqual({ subject: '改过的主题', subject_en: '' });

    // Migration 0030 gives the drafts of an older database their instance's English.
    const older = await withdrawn();
    await server.db.updateTable('wf_drafts').set({ subject_en: '' }).execute();
    await fillDraftSubjects(server.db as unknown as Kysely<unknown>);
    expect(await draftSubjectIn(older, 'en-US')).toBe(english);
  });

  it('gives a seeded database the same English as migration 0024 gives an older one', async () => {
    // An older database: the seeded rows without English, as 0024's columns start. The
    // migration's fill gives them theirs; a row given other English keeps it.
    await server.db.updateTable('wf_definitions').set({ name_en: '', names_en: '{}' }).execute();
    await server.db.updateTable('wf_orgs').set({ name_en: '' }).execute();
    await server.db.updateTable('wf_categories').set({ name_en: '' }).execute();
    await server.db.updateTable('enterprise_notices').set({ text_en: '' }).execute();
    await server.db
      .updateTable('wf_orgs')
      .set({ name_en: 'Our own name' })
      .where('id', '=', seededOrgs[6]![0])
      .execute();
    await fillSeededEnglish(server.db as unknown as Kysely<unknown>);
    const kept = await server.db
      .selectFrom('wf_orgs')
      .select('name_en')
      .where('id', '=', seededOrgs[6]![0])
      .executeTakeFirstOrThrow();
    expect(kept.name_en).toBe('Our own name');
    await server.db
      .updateTable('wf_orgs')
      .set({ name_en: seededOrgs[6]![1] })
      .where('id', '=', seededOrgs[6]![0])
      .execute();

    for (const [id, name, names] of seededFlows) {
      const row = await server.db
        .selectFrom('wf_definitions')
        .select(['name_en', 'names_en'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name_en: name, names_en: names });
    }
    for (const [table, seeded] of [
      ['wf_orgs', seededOrgs],
      ['wf_categories', seededCategories],
    ] as const) {
      for (const [id, name] of seeded) {
        const row = await server.db
          .selectFrom(table)
          .select('name_en')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.name_en).toBe(name);
      }
    }
    for (const [id, text] of seededNotices) {
      const row = await server.db
        .selectFrom('enterprise_notices')
        .select('text_en')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.text_en).toBe(text);
    }
  });
});
