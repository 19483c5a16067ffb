import { describe, expect, it } from 'vitest';
import { oneDatabase } from './harness';
import {
  encode,
  expectInvariants,
  expenseForm,
  leaveForm,
  staffId,
  useServerAndClient,
  formDataOf,
} from './workflow-harness';

const task = '/bpm-runtime/runtime/task/v1';
const instance = '/bpm-runtime/runtime/instance/v1';
const report = '/bpm-runtime/runtime/report/v1';

/**
 * The calls around business records and related processes: getTaskKeyByNodeId,
 * saveFormData, startForm, getByRecordInstId, getDoneList, getRelatedInformationById,
 * relatedProcess, report getEchartsData and isTop. Each: what it answers, who gets nothing,
 * and that bad input changes nothing.
 */
describe.each(oneDatabase)('workflow records and related processes on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);

  const formData = (instId: string) => formDataOf(server.db, instId);
  const instanceCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('wf_instances')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const ids = (answer: { body: Record<string, unknown> }) =>
    (answer.body.rows as { id: string }[]).map((row) => row.id);

  describe('getTaskKeyByNodeId', () => {
    it('answers the open task at a node to those who may read the instance', async () => {
      const id = await client.start('emp01', 'leave', leaveForm());
      const taskId = await client.task(id, 'lead01');
      const url = `${task}/getTaskKeyByNodeId?instId=${id}&nodeId=teamLeader`;
      for (const account of ['lead01', 'emp01', 'admin']) {
        const answer = await client.get(account, url);
        expect(answer.status, account).toBe(200);
        expect(answer.body).toMatchObject({
          taskId,
          taskKey: 'teamLeader',
          taskName: '直属领导审批',
          procInstId: id,
          tasks: [{ taskId, assigneeId: staffId('lead01') }],
        });
      }
    });

    it('404 with a message for someone who may not read it, and for a node without tasks', async () => {
      const id = await client.start('emp01', 'leave', leaveForm());
      const stranger = await client.get(
        'emp02',
        `${task}/getTaskKeyByNodeId?instId=${id}&nodeId=teamLeader`,
      );
      expect(stranger.status).toBe(404);
      expect(stranger.body).toEqual({ state: false, message: '该节点没有您可查看的待办任务' });
      const empty = await client.get(
        'lead01',
        `${task}/getTaskKeyByNodeId?instId=${id}&nodeId=manager`,
      );
      expect(empty.status).toBe(404);
      const missing = await client.get('emp01', `${task}/getTaskKeyByNodeId?instId=${id}`);
      expect(missing.status).toBe(400);
    });
  });

  describe('saveFormData', () => {
    /** An expense at the accounting review, where only the amount may change. */
    async function atAccounting() {
      const id = await client.start('emp01', 'expense', expenseForm());
      await client.act('lead01', id, 'agree');
      return { id, taskId: await client.task(id, 'acct01') };
    }

    it('saves an editable field without completing the task', async () => {
      const { id, taskId } = await atAccounting();
      const saved = await client.ok('acct01', `${instance}/saveFormData`, {
        taskId,
        data: encode({ ...expenseForm(), amount: 250 }),
      });
      expect(saved.body).toEqual({ state: true, message: '保存成功' });
      expect(await formData(id)).toMatchObject({ amount: 250, title: '报销' });
      expect(await client.task(id, 'acct01')).toBe(taskId);
      // By instance: the caller's open task there.
      await client.ok('acct01', `${instance}/saveFormData`, {
        instId: id,
        data: { ...expenseForm(), amount: 260 },
      });
      expect(await formData(id)).toMatchObject({ amount: 260 });
    });

    it('a read-only field is not changed: 400, nothing saved', async () => {
      const { id, taskId } = await atAccounting();
      const before = await formData(id);
      const answer = await client.post('acct01', `${instance}/saveFormData`, {
        taskId,
        data: encode({ ...expenseForm(), title: '改过的事由', amount: 300 }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('当前节点不能修改【报销事由】');
      expect(await formData(id)).toEqual(before);
    });

    it('a value breaking a rule: 400 with the rule message in the caller language, nothing saved', async () => {
      const { id, taskId } = await atAccounting();
      const before = await formData(id);
      const answer = await client.post('acct01', `${instance}/saveFormData`, {
        taskId,
        data: { ...expenseForm(), amount: -5 },
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ state: false, message: '报销金额（元）：不能小于0.01' });
      const english = await client.call(
        'acct01',
        'POST',
        `${instance}/saveFormData`,
        { taskId, data: { ...expenseForm(), amount: -5 } },
        'en-US',
      );
      expect(english.status).toBe(400);
      expect(english.body.message).toBe('报销金额（元）: Must not be less than 0.01');
      expect(await formData(id)).toEqual(before);
    });

    it('refuses people who do not hold the task, and a body without task or instance', async () => {
      const { id, taskId } = await atAccounting();
      const before = await formData(id);
      const stranger = await client.post('emp02', `${instance}/saveFormData`, {
        taskId,
        data: { ...expenseForm(), amount: 400 },
      });
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe('这不是您的任务，无权处理');
      const byInstance = await client.post('emp02', `${instance}/saveFormData`, {
        instId: id,
        data: { ...expenseForm(), amount: 400 },
      });
      expect(byInstance.status).toBe(403);
      const neither = await client.post('acct01', `${instance}/saveFormData`, {
        data: { amount: 400 },
      });
      expect(neither.status).toBe(400);
      expect(neither.body.message).toBe('请提供任务或流程实例');
      expect(await formData(id)).toEqual(before);
    });
  });

  describe('startForm and getByRecordInstId', () => {
    const startForm = (account: string, defKey: string, businessKey: string, data: unknown) =>
      client.post(
        account,
        `${instance}/startForm?defKey=${defKey}&businessKey=${businessKey}&boAlias=${defKey}`,
        data,
      );

    it('starts a flow for a business record and refuses a second running one', async () => {
      const first = await startForm('emp01', 'leave', 'LV-1001', leaveForm());
      expect(first.body).toMatchObject({ state: true, message: '流程启动成功' });
      const instId = first.body.instId as string;
      const row = await server.db
        .selectFrom('wf_instances')
        .select(['business_key', 'status'])
        .where('id', '=', instId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ business_key: 'LV-1001', status: 'running' });
      await expectInvariants(server.db);

      const count = await instanceCount();
      const second = await startForm('emp01', 'leave', 'LV-1001', leaveForm());
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(/^该业务数据已有流程在审批中：/);
      // The same record through plain start is refused the same way.
      const plain = await client.post('emp01', `${instance}/start`, {
        flowKey: 'leave',
        businessKey: 'LV-1001',
        data: encode(leaveForm()),
      });
      expect(plain.status).toBe(409);
      // An English reader is told in English, the running flow's subject too.
      const english = await client.call(
        'emp01',
        'POST',
        `${instance}/start`,
        { flowKey: 'leave', businessKey: 'LV-1001', data: encode(leaveForm()) },
        'en-US',
      );
      expect(english.body.message).toMatch(
        /^This business record already has a flow under approval: Leave request from .+ \(2 days\)$/,
      );
      expect(await instanceCount()).toBe(count);

      // Once withdrawn, the record may start again.
      await client.ok('emp01', `${instance}/revokeInstance`, { instanceId: instId });
      const again = await startForm('emp01', 'leave', 'LV-1001', leaveForm(1));
      expect(again.body.state).toBe(true);
    });

    it('two simultaneous starts for one record: one starts, the other is refused', async () => {
      const answers = await Promise.all(
        [1, 2, 3].map(() => startForm('emp01', 'expense', 'EX-RACE', expenseForm())),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
      for (const answer of answers.filter((item) => item.status === 409)) {
        expect(answer.body.message).toMatch(/^该业务数据已有流程在审批中：/);
      }
      const rows = await server.db
        .selectFrom('wf_instances')
        .select('id')
        .where('business_key', '=', 'EX-RACE')
        .execute();
      expect(rows).toHaveLength(1);
      await expectInvariants(server.db);
    });

    it('checks start rights and the form rules; nothing is created on error', async () => {
      const count = await instanceCount();
      const noRight = await startForm('emp01', 'contract', 'CT-1', {
        title: '合同',
        counterparty: '某公司',
        amount: 100,
        signDate: '2026-11-01',
      });
      expect(noRight.status).toBe(403);
      expect(noRight.body.message).toBe('无启动权限，请联系管理员');
      const bad = await startForm('emp01', 'leave', 'LV-2002', leaveForm(40));
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ state: false, message: '请假天数：不能大于30' });
      const blank = await startForm('emp01', 'leave', '%20', leaveForm());
      expect(blank.status).toBe(400);
      expect(await instanceCount()).toBe(count);
    });

    it('getByRecordInstId lists the record instances the caller may read, newest first', async () => {
      const first = (await startForm('emp01', 'leave', 'REC-77', leaveForm())).body
        .instId as string;
      await client.ok('emp01', `${instance}/revokeInstance`, { instanceId: first });
      const second = (await startForm('emp01', 'leave', 'REC-77', leaveForm(1))).body
        .instId as string;
      // Another applicant's expense for the same record key: emp01 may not read it.
      const other = await client.start('emp02', 'expense', expenseForm(), {
        businessKey: 'REC-77',
      });

      const mine = await client.post('emp01', `${instance}/getByRecordInstId`, {
        instId: second,
      });
      expect(mine.status).toBe(200);
      expect(ids(mine)).toEqual([second, first]);
      expect(mine.body).toMatchObject({ total: 2, page: 1, pageSize: 10 });
      const all = await client.post('admin', `${instance}/getByRecordInstId`, { instId: first });
      expect(ids(all)).toEqual([other, second, first]);

      const stranger = await client.post('emp02', `${instance}/getByRecordInstId`, {
        instId: second,
      });
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe('无权查看该流程');
      const bad = await client.post('emp01', `${instance}/getByRecordInstId`, {
        instId: second,
        querys: [{ property: 'nope', value: 'x' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('不支持的查询字段：nope');
    });
  });

  describe('getDoneList', () => {
    it('one row per instance; revoke computed only with isCheckRevoke=true', async () => {
      // Returned once, then agreed: two actions of lead01, one instance.
      const twice = await client.start('emp01', 'leave', leaveForm());
      await client.act('lead01', twice, 'backToStart');
      await client.act('emp01', twice, 'agree');
      await client.act('lead01', twice, 'agree');
      // Agreed and running at the managers: lead01 may still take it back.
      const running = await client.start('emp02', 'leave', leaveForm(5));
      await client.act('lead01', running, 'agree');

      const perAction = await client.post('lead01', `${instance}/getDoneInstList`, {
        pageBean: { page: 1, pageSize: 500 },
      });
      const actions = (perAction.body.rows as { id: string }[]).filter((row) => row.id === twice);
      expect(actions).toHaveLength(2);

      const checked = await client.post('lead01', `${instance}/getDoneList?isCheckRevoke=true`, {
        pageBean: { page: 1, pageSize: 500 },
      });
      expect(checked.status).toBe(200);
      const rows = checked.body.rows as {
        id: string;
        revoke: boolean;
        taskId: string;
        completeTime: string;
      }[];
      expect(rows.filter((row) => row.id === twice)).toHaveLength(1);
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      expect(rows.find((row) => row.id === twice)).toMatchObject({ revoke: false });
      const revocable = rows.find((row) => row.id === running)!;
      expect(revocable.revoke).toBe(true);
      expect(revocable.completeTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      // The row's taskId is the action revokeInstance takes back.
      const revoked = await client.post('lead01', `${instance}/revokeInstance`, {
        instanceId: running,
        taskId: revocable.taskId,
      });
      expect(revoked.body.state).toBe(true);

      const unchecked = await client.post('lead01', `${instance}/getDoneList`, {
        pageBean: { page: 1, pageSize: 500 },
      });
      expect(unchecked.status, JSON.stringify(unchecked.body)).toBe(200);
      expect((unchecked.body.rows as { revoke: boolean }[]).every((row) => !row.revoke)).toBe(true);
      expect(unchecked.body.total).toBe(checked.body.total);

      const filtered = await client.post('lead01', `${instance}/getDoneList`, {
        querys: [{ property: 'procDefKey', value: 'leave', operation: 'EQUAL' }],
        pageBean: { page: 1, pageSize: 500 },
      });
      expect(
        (filtered.body.rows as { procDefKey: string }[]).every((row) => row.procDefKey === 'leave'),
      ).toBe(true);
    });

    it('another user gets none of these rows; bad filters are a 400', async () => {
      const id = await client.start('emp01', 'leave', leaveForm());
      await client.act('lead01', id, 'agree');
      const other = await client.post('emp02', `${instance}/getDoneList?isCheckRevoke=true`, {
        pageBean: { page: 1, pageSize: 500 },
      });
      expect(ids(other)).not.toContain(id);
      const bad = await client.post('lead01', `${instance}/getDoneList`, {
        querys: [{ property: 'password', value: 'x' }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('不支持的查询字段：password');
      const flag = await client.post('lead01', `${instance}/getDoneList?isCheckRevoke=maybe`, {});
      expect(flag.status).toBe(400);
    });
  });

  describe('related processes', () => {
    async function uploadedFile(name: string) {
      const id = `file-${name}-${Math.random().toString(36).slice(2, 8)}`;
      await server.db
        .insertInto('files')
        .values({
          id,
          name,
          extension: 'pdf',
          size: 1234,
          mime: 'application/pdf',
          storage_key: id,
          uploader_id: staffId('lead01'),
        })
        .execute();
      return id;
    }

    it('links related processes at start; getRelatedInformationById shows them and the files', async () => {
      const earlier = await client.start('emp01', 'leave', leaveForm());
      const linked = await client.start('emp01', 'leave', leaveForm(1), {
        businessKey: 'REL-1',
        relatedInstIds: [earlier],
      });
      // Same record key, another applicant: only readers of it see it.
      const sameRecord = await client.start('emp02', 'expense', expenseForm(), {
        businessKey: 'REL-1',
      });
      const fileId = await uploadedFile('approval.pdf');
      await client.act('lead01', linked, 'agree', {
        files: JSON.stringify([{ id: fileId, name: 'approval.pdf' }]),
      });

      const info = await client.get('emp01', `${instance}/getRelatedInformationById?id=${linked}`);
      expect(info.status).toBe(200);
      const instances = info.body.instances as { id: string; relation: string }[];
      expect(instances.map((row) => [row.id, row.relation])).toEqual([[earlier, 'linked']]);
      expect(info.body.files).toEqual([
        expect.objectContaining({
          id: fileId,
          name: 'approval.pdf',
          size: 1234,
          kind: 'files',
          taskKey: 'teamLeader',
          uploaderName: '陈伟',
        }),
      ]);
      const admin = await client.get('admin', `${instance}/getRelatedInformationById?id=${linked}`);
      expect(
        (admin.body.instances as { id: string; relation: string }[])
          .map((row) => `${row.id}:${row.relation}`)
          .sort(),
      ).toEqual([`${earlier}:linked`, `${sameRecord}:record`].sort());
      // The link shows from the other side too.
      const back = await client.get('emp01', `${instance}/getRelatedInformationById?id=${earlier}`);
      expect((back.body.instances as { id: string }[]).map((row) => row.id)).toEqual([linked]);

      const stranger = await client.get(
        'emp02',
        `${instance}/getRelatedInformationById?id=${linked}`,
      );
      expect(stranger.status).toBe(403);
      expect(stranger.body.message).toBe('无权查看该流程');
    });

    it('refuses to link an instance the applicant has nothing to do with; nothing is started', async () => {
      const foreign = await client.start('emp02', 'leave', leaveForm());
      const count = await instanceCount();
      const answer = await client.post('emp01', `${instance}/start`, {
        flowKey: 'leave',
        data: encode(leaveForm()),
        relatedInstIds: foreign,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(`不能关联该流程：${foreign}`);
      expect(await instanceCount()).toBe(count);
    });

    it('relatedProcess lists what the caller may link, searchable by subject with LIKE escaped', async () => {
      const special = await client.start('emp01', 'leave', leaveForm(), {
        subject: '完成率100%_特别',
      });
      const plain = await client.start('emp01', 'leave', leaveForm(), {
        subject: '完成率100X特别',
      });
      const search = (account: string, value: string) =>
        client.post(account, `${instance}/relatedProcess`, {
          querys: [{ property: 'subject', value, operation: 'LIKE' }],
          pageBean: { page: 1, pageSize: 50 },
        });
      const escaped = await search('emp01', '100%_');
      expect(escaped.status).toBe(200);
      expect(ids(escaped)).toEqual([special]);
      const both = await search('emp01', '完成率100');
      expect(ids(both).sort()).toEqual([special, plain].sort());
      // The approver who acted may link it; a stranger may not.
      await client.act('lead01', special, 'agree');
      expect(ids(await search('lead01', '100%_'))).toEqual([special]);
      expect(ids(await search('emp02', '完成率100'))).toEqual([]);

      const paged = await client.post('emp01', `${instance}/relatedProcess`, {
        pageBean: { page: 1, pageSize: 1 },
      });
      expect(paged.body).toMatchObject({ page: 1, pageSize: 1 });
      expect(paged.body.total as number).toBeGreaterThanOrEqual(2);
      const bad = await client.post('emp01', `${instance}/relatedProcess`, {
        querys: [{ property: 'subject', value: 'x', operation: 'DROP' }],
      });
      expect(bad.status).toBe(400);
    });
  });

  describe('report getEchartsData', () => {
    type Chart = {
      legend: string[];
      xAxis: string[];
      series: { name: string; type: string; data: number[] }[];
    };
    const sum = (chart: Chart) =>
      chart.series.reduce((total, item) => total + item.data.reduce((a, b) => a + b, 0), 0);

    it('instancesByFlow counts the instances the caller may read, per flow and status', async () => {
      const admin = (await client.get('admin', `${report}/getEchartsData?reportId=instancesByFlow`))
        .raw as Chart;
      expect(admin.legend).toEqual(['审批中', '已结束', '已终止', '已撤回']);
      expect(admin.xAxis).toContain('请假申请');
      expect(admin.series.map((item) => item.type)).toEqual(['bar', 'bar', 'bar', 'bar']);
      for (const item of admin.series) expect(item.data).toHaveLength(admin.xAxis.length);
      expect(sum(admin)).toBe(await instanceCount());

      const staff = (await client.get('emp02', `${report}/getEchartsData?reportId=instancesByFlow`))
        .raw as Chart;
      expect(sum(staff)).toBeGreaterThan(0);
      expect(sum(staff)).toBeLessThan(sum(admin));

      const english = await client.call(
        'admin',
        'GET',
        `${report}/getEchartsData?reportId=instancesByFlow`,
        undefined,
        'en-US',
      );
      expect((english.raw as Chart).legend[0]).toBe('In progress');
    });

    it('tasksByStatus and avgDurationByFlow answer the same shape', async () => {
      const tasks = (await client.get('admin', `${report}/getEchartsData?reportId=tasksByStatus`))
        .raw as Chart;
      expect(tasks.legend).toEqual(['待办任务数']);
      expect(tasks.xAxis).toContain('待办');
      expect(tasks.series[0]!.data).toHaveLength(tasks.xAxis.length);
      const open = await server.db
        .selectFrom('wf_tasks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow();
      expect(sum(tasks)).toBe(Number(open.n));
      const hours = (
        await client.get('lead01', `${report}/getEchartsData?reportId=avgDurationByFlow`)
      ).raw as Chart;
      expect(hours.legend).toEqual(['平均耗时（小时）']);
      expect(hours.series[0]!.data.every((value) => value >= 0)).toBe(true);
    });

    it('an unknown report is a 400 that names the known ones', async () => {
      const answer = await client.get('admin', `${report}/getEchartsData?reportId=salaries`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(
        '没有该报表：salaries（可用：instancesByFlow, tasksByStatus, avgDurationByFlow）',
      );
    });
  });

  describe('isTop', () => {
    const often = async (account: string) =>
      (
        (await client.get(account, `${instance}/getMyOftenFlow`)).body.rows as {
          defKey: string;
          isTop: boolean;
        }[]
      ).map((row) => `${row.defKey}${row.isTop ? '*' : ''}`);

    it('pins a favourite flow to the top and keeps it pinned when the list is saved', async () => {
      await client.ok('emp01', '/bpm-model/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow', [
        { defKey: 'leave' },
        { defKey: 'expense' },
      ]);
      await client.ok('emp02', '/bpm-model/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow', [
        { defKey: 'leave' },
        { defKey: 'expense' },
      ]);
      expect(await often('emp01')).toEqual(['leave', 'expense']);
      const pinned = await client.call('emp01', 'GET', `${instance}/isTop?defKey=expense&isTop=1`);
      expect(pinned.body).toEqual({ state: true, message: '已置顶' });
      expect(await often('emp01')).toEqual(['expense*', 'leave']);
      expect(await often('emp02')).toEqual(['leave', 'expense']);

      await client.ok('emp01', '/bpm-model/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow', [
        { defKey: 'leave' },
        { defKey: 'expense' },
      ]);
      expect(await often('emp01')).toEqual(['expense*', 'leave']);
      const unpinned = await client.get('emp01', `${instance}/isTop?defKey=expense&isTop=0`);
      expect(unpinned.body.message).toBe('已取消置顶');
      expect(await often('emp01')).toEqual(['leave', 'expense']);
    });

    it('a flow that is not a favourite is a 404; a bad flag a 400; nothing changes', async () => {
      await client.ok('emp01', '/bpm-model/bpmModel/BpmOftenFlow/v1/saveMyOftenFlow', [
        { defKey: 'leave' },
      ]);
      const missing = await client.get('emp01', `${instance}/isTop?defKey=contract&isTop=1`);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('该流程不在您的常用流程中');
      const bad = await client.get('emp01', `${instance}/isTop?defKey=leave&isTop=2`);
      expect(bad.status).toBe(400);
      expect(await often('emp01')).toEqual(['leave']);
    });
  });
});
