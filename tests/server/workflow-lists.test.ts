import { describe, expect, it } from 'vitest';
import { seedId } from '../../server/db/seed/ids';
import { databaseKinds } from './harness';
import { encode, staffId, useServerAndClient } from './workflow-harness';

const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';
const model = '/bpm-model';

/** Every list with its count, as [list path, count path, count method]. */
const lists: [string, string, 'GET' | 'POST'][] = [
  [`${task}/getTodoList`, `${task}/getTodoCount`, 'POST'],
  [`${task}/getLeaderTodoList`, `${task}/getLeaderTodoCount`, 'POST'],
  [`${task}/getDelegate`, `${task}/getDelegateCount`, 'POST'],
  [`${task}/getNoticeTodoReadList`, `${task}/getNoticeTodoReadCount`, 'POST'],
  [`${task}/getNoticeDoneReadList`, `${task}/getNoticeDoneReadCount`, 'POST'],
  [`${task}/getMyNoticeReadList`, `${task}/getMyNoticeReadCount`, 'POST'],
  [`${instance}/getDoneInstList`, `${instance}/getDoneInstCount`, 'POST'],
  [`${instance}/myRequest`, `${instance}/myRequestCount`, 'GET'],
  [`${instance}/getMyDraftList`, `${instance}/myDraftCount`, 'GET'],
  [`${instance}/newProcess`, `${instance}/newProcessCount`, 'POST'],
];

describe.each(databaseKinds)('workflow lists and reads on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const total = async (account: string, path: string, body: unknown = {}) => {
    const answer = await client.post(account, path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.total as number;
  };

  it('the seed gives every list rows for the admin', async () => {
    for (const [path] of lists) {
      expect(await total('admin', path), path).toBeGreaterThan(0);
    }
  });

  it('the seed gives the staff of the demo rows in their lists', async () => {
    const expected: [string, string][] = [
      ['lead01', 'getTodoList'],
      ['lead01', 'getNoticeTodoReadList'],
      ['sec01', 'getLeaderTodoList'],
      ['ops01', 'getDelegate'],
      ['lead02', 'getTodoList'],
      ['fin01', 'getNoticeTodoReadList'],
      ['legal01', 'getNoticeDoneReadList'],
      ['legal01', 'getDoneInstList'],
      ['emp01', 'myRequest'],
      ['emp01', 'getMyDraftList'],
      ['emp02', 'getTodoList'],
      ['contract01', 'getTodoList'],
      ['hr01', 'getTodoList'],
    ];
    for (const [account, list] of expected) {
      const path = lists.find(([candidate]) => candidate.endsWith(`/${list}`))![0];
      expect(await total(account, path), `${account} ${list}`).toBeGreaterThan(0);
    }
  });

  it('counts agree with the lists, per category and in total', async () => {
    for (const account of ['admin', 'lead01', 'fin01', 'sec01', 'emp01']) {
      for (const [path, countPath, method] of lists) {
        const page = await client.post(account, path, { pageBean: { page: 1, pageSize: 500 } });
        const counts = await client.call(
          account,
          method,
          countPath,
          method === 'POST' ? {} : undefined,
        );
        const rows = page.body.rows as { typeId: string }[];
        expect(page.body.total, `${account} ${path}`).toBe(rows.length);
        const byType = new Map<string, number>();
        for (const row of rows) byType.set(row.typeId, (byType.get(row.typeId) ?? 0) + 1);
        const answered = new Map(
          (counts.raw as { typeId: string; count: number }[]).map((row) => [row.typeId, row.count]),
        );
        expect(answered, `${account} ${countPath}`).toEqual(byType);
      }
    }
  });

  it('getDefaultInfoMap counts the same rows', async () => {
    const info = await client.get('admin', `${instance}/getDefaultInfoMap`);
    const box = (key: string) =>
      info.body[key] as { data: number; dataText: string; dataContent: string };
    expect(box('myTaks')).toMatchObject({
      dataText: '我的待办',
      data: await total('admin', `${task}/getTodoList`),
    });
    expect(box('myAlready').data).toBe(await total('admin', `${instance}/getDoneInstList`));
    expect(box('myRequest').data).toBe(await total('admin', `${instance}/myRequest`));
    expect(box('myDraft').data).toBe(await total('admin', `${instance}/getMyDraftList`));
    expect(box('myNotice').data).toBe(await total('admin', `${task}/getNoticeTodoReadList`));
    expect(box('myAccordingMatters').data).toBe(await total('admin', `${task}/getDelegate`));
    expect(box('myTaks').dataContent).toBe(String(box('myTaks').data));
  });

  it('to-do rows carry the platform fields and one identity for the holder', async () => {
    const page = await client.post('admin', `${task}/getTodoList`, {
      pageBean: { page: 1, pageSize: 100 },
    });
    const row = (page.body.rows as Record<string, unknown>[]).find(
      (item) => item.status === 'SHARE',
    )!;
    expect(row).toMatchObject({
      name: '行政审批',
      procDefKey: 'expense',
      procDefName: '费用报销',
      identityList: [{ id: staffId('admin'), name: '系统管理员' }],
    });
    for (const field of [
      'id',
      'taskId',
      'subject',
      'procInstId',
      'creator',
      'createTime',
      'typeId',
      'nodeId',
    ]) {
      expect(row[field], field).toBeTruthy();
    }
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters and sorts with the QueryFilter body; paging is stable', async () => {
    const like = await client.post('admin', `${task}/getTodoList`, {
      querys: [{ property: 'procDefName', value: '报销', operation: 'LIKE' }],
    });
    expect(
      (like.body.rows as { procDefKey: string }[]).every((row) => row.procDefKey === 'expense'),
    ).toBe(true);
    const none = await client.post('admin', `${task}/getTodoList`, {
      querys: [{ property: 'procDefKey', value: 'leave', operation: 'EQUAL' }],
    });
    expect(none.body.total).toBe(0);
    const or = await client.post('lead01', `${task}/getTodoList`, {
      querys: [
        { property: 'procDefKey', value: 'leave', operation: 'EQUAL', group: 'k' },
        {
          property: 'procDefKey',
          value: 'expense',
          operation: 'EQUAL',
          relation: 'OR',
          group: 'k',
        },
      ],
    });
    expect(or.body.total).toBe(await total('lead01', `${task}/getTodoList`));
    const range = await client.post('lead01', `${instance}/getDoneInstList`, {
      querys: [
        {
          property: 'completeTime',
          value: ['2000-01-01', '2999-12-31 23:59:59'],
          operation: 'BETWEEN',
        },
      ],
    });
    expect(range.body.total).toBe(await total('lead01', `${instance}/getDoneInstList`));
    const sorted = await client.post('lead01', `${instance}/getDoneInstList`, {
      sorter: [{ property: 'completeTime', direction: 'ASC' }],
      pageBean: { page: 1, pageSize: 500 },
    });
    const times = (sorted.body.rows as { completeTime: string }[]).map((row) => row.completeTime);
    expect(times).toEqual([...times].sort());
    const all = await client.post('lead01', `${instance}/getDoneInstList`, {
      pageBean: { page: 1, pageSize: 500 },
    });
    const first = await client.post('lead01', `${instance}/getDoneInstList`, {
      pageBean: { page: 1, pageSize: 3 },
    });
    const second = await client.post('lead01', `${instance}/getDoneInstList`, {
      pageBean: { page: 2, pageSize: 3 },
    });
    const ids = (answer: typeof all) =>
      (answer.body.rows as { recordId: string }[]).map((row) => row.recordId);
    expect([...ids(first), ...ids(second)]).toEqual(ids(all).slice(0, 6));
    const beyond = await client.post('lead01', `${instance}/getDoneInstList`, {
      pageBean: { page: 99, pageSize: 10 },
    });
    expect(beyond.body).toMatchObject({ rows: [], total: all.body.total, page: 99, pageSize: 10 });
  });

  it("refuses what the whitelist does not know, in the caller's language", async () => {
    const bad = async (body: unknown, language = 'zh-CN') =>
      client.call('admin', 'POST', `${task}/getTodoList`, body, language);
    expect((await bad({ querys: [{ property: 'password_hash', value: 'x' }] })).body).toEqual({
      state: false,
      message: '不支持的查询字段：password_hash',
    });
    expect(
      (
        await bad({
          querys: [
            { property: 'subject', value: 'x' },
            { property: 'subject; drop table users', value: 'x' },
          ],
        })
      ).status,
    ).toBe(400);
    expect(
      (await bad({ querys: [{ property: 'subject', value: 'x', operation: 'REGEXP' }] })).body
        .message,
    ).toBe('不支持的查询方式：REGEXP');
    expect(
      (await bad({ querys: [{ property: 'createTime', value: 'yesterday', operation: 'GREAT' }] }))
        .body.message,
    ).toBe('查询条件不正确：createTime');
    expect(
      (
        await bad({
          querys: [{ property: 'createTime', value: ['2026-01-01'], operation: 'BETWEEN' }],
        })
      ).body.message,
    ).toBe('查询条件不正确：createTime');
    expect(
      (await bad({ sorter: [{ property: 'identityList', direction: 'ASC' }] })).body.message,
    ).toBe('不支持的排序字段：identityList');
    expect((await bad({ pageBean: { page: 1, pageSize: 10_000 } })).status).toBe(400);
    expect((await bad({ querys: [{ property: 'nope', value: 1 }] }, 'en-US')).body.message).toBe(
      'Unsupported query property: nope',
    );
    // A LIKE value is data, not a pattern: % and _ match themselves.
    const escaped = await client.post('admin', `${task}/getTodoList`, {
      querys: [{ property: 'subject', value: '%', operation: 'LIKE' }],
    });
    expect(escaped.body.total).toBe(0);
  });

  it('buttons in the spec order, translated', async () => {
    const id = await client.start('emp01', 'leave', {
      leaveType: 'annual',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      days: 1,
      reason: 'x',
    });
    const taskId = await client.task(id, 'lead01');
    const answer = await client.get('lead01', `${task}/getButtonsBytaskId?taskId=${taskId}`);
    const buttons = answer.body.buttons as { alias: string; name: string }[];
    expect(buttons.map((button) => button.alias)).toEqual([
      'agree',
      'oppose',
      'reject',
      'backToStart',
      'rejectToAnyNode',
      'delegate',
      'inqu',
      'commu',
      'addSign',
      'customSign',
      'copyTo',
      'flowImage',
      'approvalHistory',
      'taskDelay',
      'startTrans',
      // 签收 (lockUnlock) is for a task offered to several people: this one is lead01's.
      'endProcess',
      'saveDraft',
    ]);
    expect(buttons[0]).toMatchObject({ name: '同意', beforeScript: '', afterScript: '' });
    expect(buttons.find((button) => button.alias === 'reject')).toMatchObject({
      rejectMode: 'reject,backToStart,rejectToAnyNode',
    });
    const english = await client.call(
      'lead01',
      'GET',
      `${task}/getButtonsBytaskId?taskId=${taskId}`,
      undefined,
      'en-US',
    );
    expect((english.body.buttons as { name: string }[])[0]!.name).toBe('Agree');
  });

  it('start rights: checked for everyone but the admin (无启动权限，请联系管理员)', async () => {
    const contract = { title: '合同', counterparty: '某公司', amount: 100, signDate: '2026-11-01' };
    const refused = await client.post('emp01', `${instance}/start`, {
      flowKey: 'contract',
      data: encode(contract),
    });
    expect(refused).toMatchObject({
      status: 403,
      body: { state: false, message: '无启动权限，请联系管理员' },
    });
    const merchant = await client.post('SZHY10001', `${instance}/start`, {
      flowKey: 'leave',
      data: encode({}),
    });
    expect(merchant.body.message).toBe('无启动权限，请联系管理员');
    const rights = await client.get(
      'emp01',
      `${model}/flow/def/v1/flowHasStartRights?defKey=contract`,
    );
    expect(rights.body).toMatchObject({ state: true, value: false });
    expect(
      (await client.get('contract01', `${model}/flow/def/v1/flowHasStartRights?defKey=contract`))
        .body.value,
    ).toBe(true);
    await client.start('admin', 'contract', contract);
    expect(await total('SZHY10001', `${instance}/newProcess`)).toBe(0);
    const emp = await client.post('emp01', `${instance}/newProcess`, {
      pageBean: { page: 1, pageSize: 50 },
    });
    expect((emp.body.rows as { defKey: string }[]).map((row) => row.defKey).sort()).toEqual([
      'expense',
      'leave',
    ]);
  });

  it('flows grouped by category, searchable by key or name', async () => {
    const groups = await client.post('admin', `${instance}/getHasAuthFlowList`, {});
    expect(
      (groups.raw as { name: string; flowList: { defKey: string }[] }[]).map((group) => [
        group.name,
        group.flowList.map((flow) => flow.defKey),
      ]),
    ).toEqual([
      ['人事类', ['leave']],
      ['合同类', ['contract']],
      ['财务类', ['expense']],
      ['运营类', ['fitOut']],
    ]);
    const search = await client.post('admin', `${instance}/getHasAuthFlowList`, {
      querys: [
        { property: 'name', value: 'EXP', operation: 'LIKE', group: 'q' },
        { property: 'defKey', value: 'EXP', operation: 'LIKE', relation: 'OR', group: 'q' },
      ],
    });
    expect(
      (search.raw as { flowList: { defKey: string }[] }[]).flatMap((group) =>
        group.flowList.map((flow) => flow.defKey),
      ),
    ).toEqual(['expense']);
    // A secretary may start for the leaders they serve.
    const sec = await client.post('sec01', `${instance}/newProcess`, {
      querys: [{ property: 'defKey', value: 'leave' }],
    });
    expect(
      (sec.body.rows as { leaders: { name: string }[] }[])[0]!.leaders
        .map((leader) => leader.name)
        .sort(),
    ).toEqual(['林芳', '赵国强', '马明'].sort());
  });

  it('favourite flows: at most 11 (最多可添加11个常用流程), startable ones only', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ defKey: `k${i}` }));
    const tooMany = await client.post(
      'emp02',
      `${model}/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow`,
      twelve,
    );
    expect(tooMany.body).toEqual({ state: false, message: '最多可添加11个常用流程' });
    expect(
      (
        await client.post('emp02', `${model}/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow`, [
          { defKey: 'contract' },
        ])
      ).body.message,
    ).toBe('不能添加该流程：contract');
    await client.ok('emp02', `${model}/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow`, [
      { defKey: 'expense' },
      { defKey: 'leave' },
    ]);
    const often = await client.get('emp02', `${instance}/getMyOftenFlow`);
    expect(
      (often.body.rows as { defKey: string; isAdd: boolean }[]).map((row) => [
        row.defKey,
        row.isAdd,
      ]),
    ).toEqual([
      ['expense', true],
      ['leave', true],
    ]);
  });

  it("a user cannot read or act on someone else's task or instance", async () => {
    const id = await client.start('emp01', 'leave', {
      leaveType: 'annual',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      days: 1,
      reason: 'x',
    });
    const taskId = await client.task(id, 'lead01');
    expect(await client.get('SZHY10001', `${task}/get?id=${taskId}`)).toMatchObject({
      status: 403,
      body: { message: '无权查看该流程' },
    });
    expect(
      (await client.get('SZHY10001', `${instance}/instanceFlowOpinions?instId=${id}`)).status,
    ).toBe(403);
    expect(
      (await client.get('SZHY10001', `${instance}/instanceFlowImage?proInstId=${id}`)).status,
    ).toBe(403);
    expect(
      (await client.get('SZHY10001', `${instance}/getInstanceByInstId?instId=${id}`)).status,
    ).toBe(403);
    expect(await client.complete('emp02', taskId, 'agree')).toMatchObject({
      status: 403,
      body: { message: '这不是您的任务，无权处理' },
    });
    expect(await client.complete('emp02', 'no-such-task', 'agree')).toMatchObject({
      status: 404,
      body: { message: '未找到该任务' },
    });
    expect(
      (await server.app.inject({ method: 'POST', url: `${task}/getTodoList`, payload: {} }))
        .statusCode,
    ).toBe(401);
    // The applicant and the approver may read it; the applicant may not act.
    expect((await client.get('emp01', `${task}/get?id=${taskId}`)).status).toBe(200);
    expect(
      (await client.get('emp01', `${task}/getButtonsBytaskId?taskId=${taskId}`)).body,
    ).toMatchObject({ readOnly: true, buttons: [] });
    const detail = await client.get('lead01', `${task}/get?id=${taskId}`);
    expect(detail.body).toMatchObject({
      task: { status: 'NORMAL', name: '直属领导审批' },
      data: { days: 1 },
      editable: [],
    });
  });

  it("form data is checked on the server with the form's rule strings", async () => {
    const start = (data: unknown, language = 'zh-CN') =>
      client.call(
        'emp01',
        'POST',
        `${instance}/start`,
        { flowKey: 'leave', data: encode(data) },
        language,
      );
    const base = {
      leaveType: 'annual',
      startDate: '2026-12-03',
      endDate: '2026-12-05',
      days: 2,
      reason: 'x',
    };
    expect((await start({ ...base, endDate: '2026-12-01' })).body).toEqual({
      state: false,
      message: '结束日期：结束日期不能早于开始日期',
    });
    expect((await start({ ...base, days: 'many' })).body.message).toBe(
      '请假天数：请输入有效的数字',
    );
    expect((await start({ ...base, leaveType: 'holiday' })).body.message).toBe(
      '请假类型：不是可选的值',
    );
    expect((await start({ ...base, extra: 1 })).body.message).toBe('表单中没有字段：extra');
    // The labels are the form's own; the rule message follows the caller's language.
    expect((await start({ ...base, days: 0.4 }, 'en-US')).body.message).toBe(
      '请假天数: Must not be less than 0.5',
    );
    const bad = await client.post('emp01', `${instance}/start`, {
      flowKey: 'leave',
      data: 'not base64 json',
    });
    expect(bad.body).toEqual({ state: false, message: '表单数据格式不正确' });
    expect(
      (await client.post('emp01', `${instance}/start`, { flowKey: 'nope', data: encode(base) }))
        .body.message,
    ).toBe('未找到该流程');
  });

  it('opinions carry the files as JSON text; unknown files are refused', async () => {
    const id = await client.start('emp02', 'leave', {
      leaveType: 'annual',
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      days: 1,
      reason: 'x',
    });
    const taskId = await client.task(id, 'lead01');
    const unknown = await client.complete('lead01', taskId, 'agree', {
      files: JSON.stringify([{ id: 'missing', name: 'x' }]),
    });
    expect(unknown.body.message).toBe('附件不存在：missing');
    const logo = seedId(7, 1);
    await client.complete('lead01', taskId, 'agree', {
      files: JSON.stringify([{ id: logo, name: 'whatever' }]),
    });
    const history = await client.get('emp02', `${instance}/instanceFlowOpinions?instId=${id}`);
    const agreed = (
      history.raw as { status: string; files: string; taskKey: string; statusName: string }[]
    ).find((row) => row.status === 'agree')!;
    expect(agreed).toMatchObject({ taskKey: 'teamLeader', statusName: '同意' });
    expect(JSON.parse(agreed.files)).toEqual([
      { id: logo, name: '海雅商业标志.png', size: expect.any(Number) },
    ]);
    const nodes = await client.get('emp02', `${instance}/getNodeDefs?instId=${id}`);
    expect(
      (nodes.raw as { nodeId: string; nodeType: string }[]).map(
        (node) => `${node.nodeId}:${node.nodeType}`,
      ),
    ).toEqual([
      'start:START',
      'teamLeader:USERTASK',
      'daysGateway:EXCLUSIVEGATEWAY',
      'manager:USERTASK',
      'end:END',
    ]);
  });

  it('the other reads answer the participants with the platform shapes', async () => {
    const id = await client.start('emp01', 'leave', {
      leaveType: 'annual',
      startDate: '2026-12-01',
      endDate: '2026-12-09',
      days: 5,
      reason: 'x',
    });
    await client.act('lead01', id, 'agree');
    const shared = await client.task(id, 'mgr01');
    const defs = await client.get('emp01', `${model}/flow/def/v1/getJson?defKey=leave`);
    expect(defs.body).toMatchObject({
      defKey: 'leave',
      name: '请假申请',
      isMain: 'Y',
      bpmnXml: '',
      form: { fields: expect.any(Array) },
    });
    const main = await client.get(
      'emp01',
      `${model}/flow/def/v1/getMainById?id=${defs.body.id as string}`,
    );
    expect(main.body).toEqual({ state: true, message: '', value: defs.body.id });
    expect((await client.get('emp01', `${instance}/getMaindefId?defKey=leave`)).body.value).toBe(
      defs.body.id,
    );
    expect(
      (await client.get('emp01', `${model}/flow/def/v1/defGet?id=${defs.body.id as string}`)).body
        .bpmnXml,
    ).toContain('<process id="leave"');
    expect(
      ((await client.post('emp01', `${model}/flow/def/v1/listJson`, {})).body.rows as unknown[])
        .length,
    ).toBe(2);
    const rights = await client.get(
      'admin',
      `${model}/flow/defAuthorize/v1/getPermissionList?defKey=contract`,
    );
    expect(
      (rights.raw as { type: string; refName: string }[]).map((row) => row.refName).sort(),
    ).toEqual(['合同管理', '门店']);
    const key = await client.get('mgr01', `${task}/getTaskKeyByTaskId?taskId=${shared}`);
    expect(key.body).toEqual({
      taskId: shared,
      taskKey: 'manager',
      taskName: '部门经理审批',
      procInstId: id,
    });
    const node = await client.get('mgr01', `${task}/getCurNodeProperties?taskId=${shared}`);
    expect(node.body).toMatchObject({
      nodeId: 'manager',
      nodeType: 'USERTASK',
      dueHours: 48,
      assignees: [{ kind: 'role', code: 'dept-manager' }],
    });
    const opinion = await client.get('emp01', `${task}/nodeOpinion?instId=${id}&nodeId=teamLeader`);
    expect((opinion.raw as { status: string }[]).map((row) => row.status)).toEqual(['agree']);
    const holders = await client.get('emp01', `${instance}/getExcutorNameByInstId?instId=${id}`);
    expect(holders.raw).toEqual([
      {
        nodeId: 'manager',
        nodeName: '部门经理审批',
        executors: expect.arrayContaining(['林芳', '马明']),
      },
    ]);
    const back = await client.get(
      'mgr01',
      `${task}/taskToReject?taskId=${shared}&backModel=reject`,
    );
    expect(back.raw).toEqual([
      { nodeId: 'teamLeader', name: '直属领导审批', nodeType: 'USERTASK' },
    ]);
    const toStart = await client.get(
      'mgr01',
      `${task}/taskToReject?taskId=${shared}&backModel=backToStart`,
    );
    expect((toStart.raw as { nodeId: string }[]).map((row) => row.nodeId)).toEqual(['start']);
    expect(
      (await client.get('emp02', `${task}/taskToReject?taskId=${shared}&backModel=reject`)).status,
    ).toBe(403);
    const inst = await client.get('emp01', `${instance}/getInstanceByInstId?instId=${id}`);
    expect(inst.body).toMatchObject({
      id,
      status: 'running',
      procDefKey: 'leave',
      creator: '刘洋',
      createOrgName: '信息部',
      currentTasks: [{ nodeId: 'manager', status: 'SHARE' }],
    });
    const defImage = await client.get(
      'emp01',
      `${instance}/getBpmImage?defId=${defs.body.id as string}`,
    );
    expect(defImage.body).toMatchObject({ defKey: 'leave', doneNodes: [], currentNodes: [] });
    const copies = await client.post('lead01', `${task}/getNoticeTodoReadList`, {});
    const copy = (copies.body.rows as { id: string }[])[0]!;
    expect((await client.get('lead01', `${task}/getNotice?id=${copy.id}`)).body).toMatchObject({
      id: copy.id,
      status: 'COPYTO',
    });
    expect((await client.get('emp02', `${task}/getNotice?id=${copy.id}`)).status).toBe(403);
  });

  it('secretary settings: a leader names, lists and removes a secretary', async () => {
    const base = '/bpm-runtime/runtime/bpmSecretaryManage/v1';
    expect(
      (await client.post('lead01', `${base}/save`, { secretaryId: staffId('lead01') })).body
        .message,
    ).toBe('不能选择自己');
    await client.ok('lead01', `${base}/save`, { secretaryId: staffId('emp02'), defKeys: 'leave' });
    expect(
      (await client.post('lead01', `${base}/save`, { secretaryId: staffId('emp02') })).body.message,
    ).toBe('该秘书已存在');
    const list = await client.post('lead01', `${base}/list?personal=true`, {});
    const row = (list.body.rows as { id: string; secretaryName: string; defKeys: string }[])[0]!;
    expect(row).toMatchObject({ secretaryName: '黄婷', defKeys: 'leave' });
    expect((await client.get('emp02', `${base}/getSecretaryByUserId`)).raw).toEqual([
      expect.objectContaining({ leaderName: '陈伟' }),
    ]);
    expect((await client.get('emp01', `${base}/get/${row.id}`)).status).toBe(404);
    expect((await client.call('emp02', 'DELETE', `${base}/removes?ids=${row.id}`)).status).toBe(
      404,
    );
    await client.ok('lead01', `${base}/removes?ids=${row.id}`, undefined, 'DELETE');
    expect((await client.get('emp02', `${base}/getSecretaryByUserId`)).raw).toEqual([]);
  });

  it('phrases, agents and deputies of the model service', async () => {
    const phrases = await client.get(
      'lead01',
      `${model}/flow/approvalItem/v1/getApprovalByDefKeyAndTypeId?defKey=leave`,
    );
    expect(phrases.raw).toEqual([
      '同意，请做好工作交接。',
      '同意。',
      '情况属实，同意。',
      '请补充相关材料后再提交。',
      '不同意。',
    ]);
    expect(
      (
        await client.post('lead01', `${model}/flow/approvalItem/v1/save`, {
          expression: '系统的',
          type: 1,
        })
      ).status,
    ).toBe(403);
    await client.ok('lead01', `${model}/flow/approvalItem/v1/save`, { expression: '收到。' });
    const mine = await client.post('lead01', `${model}/flow/approvalItem/v1/listJson`, {});
    expect(
      (mine.body.rows as { expression: string; type: number }[])
        .filter((row) => row.type === 2)
        .map((row) => row.expression),
    ).toEqual(['同意，请做好工作交接。', '收到。']);
    // A phrase tied to a flow names the flow in the reader's language, not by its key.
    await client.ok('lead01', `${model}/flow/approvalItem/v1/save`, {
      expression: '请假已知悉。',
      defKey: 'leave',
    });
    const flowOf = async (language: string) => {
      const answer = await client.call(
        'lead01',
        'POST',
        `${model}/flow/approvalItem/v1/listJson`,
        {},
        language,
      );
      const rows = answer.body.rows as { expression: string; defKey: string; defName: string }[];
      return rows.find((row) => row.expression === '请假已知悉。');
    };
    expect(await flowOf('zh-CN')).toMatchObject({ defKey: 'leave', defName: '请假申请' });
    expect((await flowOf('en-US'))?.defName).toBe('Leave request');

    const agent = (body: Record<string, unknown>) =>
      client.post('emp01', `${model}/flow/agent/v1/save`, body);
    expect(
      (await agent({ agentId: staffId('emp02'), startDate: '2026-12-10', endDate: '2026-12-01' }))
        .body.message,
    ).toBe('结束时间必须晚于开始时间');
    expect(
      (await agent({ agentId: staffId('emp01'), startDate: '2026-12-01', endDate: '2026-12-10' }))
        .body.message,
    ).toBe('不能选择自己');
    await client.ok('emp01', `${model}/flow/agent/v1/save`, {
      agentId: staffId('emp02'),
      startDate: '2026-12-01',
      endDate: '2026-12-10',
      type: 2,
      defKeys: 'leave',
    });
    expect(
      (
        await agent({
          agentId: staffId('hr01'),
          startDate: '2026-12-05 08:00',
          endDate: '2026-12-20',
        })
      ).body.message,
    ).toBe('与已有的委托设置时间重叠');
    const rules = await client.post('emp01', `${model}/flow/agent/v1/listJson`, {});
    expect((rules.body.rows as Record<string, unknown>[])[0]).toMatchObject({
      agentName: '黄婷',
      type: 2,
      authNames: '请假申请',
      startDate: '2026-12-01 00:00:00',
      isEnabled: 'enabled',
    });

    await client.ok('emp01', `${model}/bpmModel/bpmDeputy/v1/save`, { agentId: staffId('hr01') });
    const deputies = await client.get('emp01', `${model}/bpmModel/bpmDeputy/v1/getByUserId`);
    expect((deputies.raw as { agentName: string }[]).map((row) => row.agentName)).toEqual(['孙丽']);
  });

  it('100 identical agent rules saved at once store one; the others answer 409', async () => {
    const body = {
      agentId: staffId('hr01'),
      startDate: '2027-03-01',
      endDate: '2027-03-10',
      type: 2,
      defKeys: 'expense',
    };
    await client.token('mgr02');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => client.post('mgr02', `${model}/flow/agent/v1/save`, body)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      '与已有的委托设置时间重叠',
    );
    const stored = await server.db
      .selectFrom('wf_agents')
      .select('id')
      .where('owner_id', '=', staffId('mgr02'))
      .execute();
    expect(stored).toHaveLength(1);
  });
});
