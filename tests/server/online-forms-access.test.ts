import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../src/core/forms/definition';
import { demoForms, insertFormRecord } from '../../server/db/seed/forms';
import { roleIds } from '../../server/db/seed/ids';
import { orgId } from '../../server/db/seed/workflow/people';
import { up as addFormRights } from '../../server/db/migrations/0033-form-rights';
import { seededFormRights } from '../../server/db/seed/form-rights';
import { oneDatabase } from './harness';
import {
  contractRegistrationRecord,
  fitOutApplication,
  inspectionRecord,
  meetingBookingRecord,
  workbook,
  xlsxUpload,
} from './form-fixtures';
import { useServerAndClient } from './workflow-harness';

/**
 * Who may use a form's records (docs/forms.md, "Who may use a form"): every entry point to a
 * form's table, for every kind of account the seed has, against the rights each seeded form
 * gives. A refusal is a 403 with the right's message, says nothing of the records, and changes
 * nothing; an allowed call works.
 */
const base = '/form/form/dataTemplate/v1';
const accounts = ['SZHY10001', 'store01', 'contract01', 'acct01', 'emp01', 'admin'] as const;
type Account = (typeof accounts)[number];
type FormKey = 'contractRegistration' | 'inspection' | 'fitOut' | 'meetingBooking';

/**
 * What each account may do with each seeded form: r read, a add, e edit, d delete (their own
 * records), m manage (every record, export and import). Managers hold every right.
 */
const expected: Record<FormKey, Record<Account, string>> = {
  contractRegistration: {
    SZHY10001: '',
    store01: '',
    contract01: 'raedm',
    acct01: '',
    emp01: '',
    admin: 'raedm',
  },
  inspection: {
    SZHY10001: '',
    store01: 'raedm',
    contract01: '',
    acct01: '',
    emp01: '',
    admin: 'raedm',
  },
  fitOut: {
    SZHY10001: 'rae',
    store01: 'raedm',
    contract01: 'raedm',
    acct01: '',
    emp01: '',
    admin: 'raedm',
  },
  meetingBooking: {
    SZHY10001: '',
    store01: 'rae',
    contract01: 'rae',
    acct01: 'rae',
    emp01: 'rae',
    admin: 'raedm',
  },
};
const forms = Object.keys(expected) as FormKey[];

const refusal = {
  read: '无权查看该表单的记录',
  add: '无权向该表单添加记录',
  edit: '无权修改该表单的记录',
  delete: '无权删除该表单的记录',
  export: '无权导出该表单的记录',
  import: '无权导入该表单的记录',
};

/** A sub-table of each form and one row of it, for the sub-table calls. */
const subTableOf: Partial<Record<FormKey, { name: string; row: Record<string, string> }>> = {
  fitOut: { name: 'works', row: { kind: 'decoration', content: '吊顶', cost: '100' } },
  inspection: { name: 'findings', row: { item: '灯箱破损', rectifyBy: '2026-12-05' } },
  meetingBooking: { name: 'attendees', row: { person: '' } },
};

/** A text field a batch update may set, per form. */
const textFieldOf: Record<FormKey, string> = {
  contractRegistration: 'merchantName',
  inspection: 'area',
  fitOut: 'brand',
  meetingBooking: 'subject',
};

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

describe.each(oneDatabase)('who may use a form, on %s', (kind) => {
  const { server, client } = useServerAndClient(kind);
  const users = {} as Record<Account, string>;
  /** The record each account created in each form, and a draft of a new one. */
  const own = {} as Record<FormKey, Record<Account, string>>;
  const drafts = {} as Record<FormKey, Record<Account, string>>;
  let serial = 0;
  const nextNo = () => `HT-ACL-${kind}-${++serial}`;

  const call = async (
    account: Account | null,
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const response = await server.app.inject({
      method,
      url,
      headers: {
        ...(account ? { authorization: `Bearer ${await client.token(account)}` } : {}),
        'accept-language': 'zh-CN',
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // A workbook: keep the text.
    }
    return { status: response.statusCode, body };
  };

  /** A valid new record of the form, as its page sends it. */
  const recordOf = (form: FormKey, account: Account): Record<string, unknown> => {
    switch (form) {
      case 'contractRegistration':
        return contractRegistrationRecord(nextNo());
      case 'inspection':
        return inspectionRecord();
      case 'fitOut':
        return fitOutApplication();
      case 'meetingBooking':
        return meetingBookingRecord(users[account]);
    }
  };

  const definitionOf = (form: FormKey) =>
    demoForms.find((each) => each.key === form) as FormDefinition;

  /** An import file of one valid row: the fields a user fills in, by name. */
  const importFile = (form: FormKey, account: Account) => {
    const values = recordOf(form, account);
    const fields = definitionOf(form).fields.filter((f) => !f.formula && !f.capitalsOf);
    return workbook([
      fields.map((field) => field.name),
      fields.map((field) => String(values[field.name] ?? '')),
    ]);
  };

  /** Everything stored of a form's records and drafts, to show a refusal changed nothing. */
  const fingerprint = async (form: FormKey) => {
    const [records, subs, stored] = await Promise.all([
      server.db
        .selectFrom('form_records')
        .select(['id', 'data', 'updated_at'])
        .where('form_key', '=', form)
        .orderBy('id')
        .execute(),
      server.db
        .selectFrom('form_sub_rows as s')
        .innerJoin('form_records as r', 'r.id', 's.record_id')
        .select(['s.record_id', 's.position', 's.data'])
        .where('r.form_key', '=', form)
        .orderBy('s.record_id')
        .orderBy('s.sub_table')
        .orderBy('s.position')
        .execute(),
      server.db
        .selectFrom('form_drafts')
        .select(['id', 'data', 'updated_at'])
        .where('template_key', '=', form)
        .orderBy('id')
        .execute(),
    ]);
    return JSON.stringify([records, subs, stored]);
  };

  beforeAll(async () => {
    const rows = await server.db
      .selectFrom('users')
      .select(['id', 'account'])
      .where('account', 'in', [...accounts])
      .execute();
    for (const row of rows) users[row.account as Account] = row.id;
    let n = 0;
    for (const form of forms) {
      own[form] = {} as Record<Account, string>;
      drafts[form] = {} as Record<Account, string>;
      for (const account of accounts) {
        const id = String(990_000_000_000 + ++n);
        const { [subTableOf[form]?.name ?? '']: subRows, ...main } = recordOf(form, account);
        const subs = subTableOf[form] ? { [subTableOf[form].name]: subRows as never } : {};
        await insertFormRecord(server.db, definitionOf(form), id, users[account], main, subs);
        own[form][account] = id;
        drafts[form][account] = String(980_000_000_000 + n);
        await server.db
          .insertInto('form_drafts')
          .values({
            id: drafts[form][account],
            user_id: users[account],
            template_key: form,
            record_id: null,
            data: JSON.stringify({ [textFieldOf[form]]: '草稿' }),
            title: `${account} ${form}`,
          })
          .execute();
      }
    }
  });

  /**
   * Every entry point to a form's records: what it needs (one of `needs`, each r/a/e/d/m),
   * the refusal a caller without it gets, and the call. Deleting comes last: it removes the
   * caller's own record the others use.
   */
  interface EntryPoint {
    name: string;
    needs: string[];
    refused: (held: string) => string;
    /** Forms it applies to (those with a sub-table, for the sub-table calls). */
    applies?: (form: FormKey) => boolean;
    run: (account: Account, form: FormKey) => Promise<Answer>;
  }
  const hasSub = (form: FormKey) => Boolean(subTableOf[form]);
  const subOf = (form: FormKey) => subTableOf[form]!.name;
  const entryPoints: EntryPoint[] = [
    {
      name: 'list (dataList_)',
      needs: ['r'],
      refused: () => refusal.read,
      run: (account, form) =>
        call(account, 'POST', `${base}/dataList_${form}`, { pageBean: { page: 1, pageSize: 5 } }),
    },
    {
      name: 'template (getBpmDataTemplateInfo)',
      needs: ['r', 'a'],
      refused: () => refusal.read,
      run: (account, form) =>
        call(account, 'GET', `${base}/getBpmDataTemplateInfo?templateKey=${form}`),
    },
    {
      name: 'record (getForm with id)',
      needs: ['r'],
      refused: () => refusal.read,
      run: (account, form) =>
        call(account, 'GET', `${base}/getForm/${form}/${form}?id=${own[form][account]}`),
    },
    {
      name: 'sub-table rows (getSubData)',
      needs: ['r'],
      refused: () => refusal.read,
      applies: hasSub,
      run: (account, form) =>
        call(
          account,
          'GET',
          `${base}/getSubData?templateKey=${form}&id=${own[form][account]}&subTable=${subOf(form)}`,
        ),
    },
    {
      name: 'sub-table page (getSubDataPagination)',
      needs: ['r'],
      refused: () => refusal.read,
      applies: hasSub,
      run: (account, form) =>
        call(account, 'POST', `${base}/getSubDataPagination`, {
          templateKey: form,
          id: own[form][account],
          subTable: subOf(form),
          pageBean: { page: 1, pageSize: 10 },
        }),
    },
    {
      name: 'sub-table export (exportSub)',
      needs: ['r'],
      refused: () => refusal.read,
      applies: hasSub,
      run: (account, form) =>
        call(account, 'POST', `${base}/exportSub`, {
          templateKey: form,
          id: own[form][account],
          subTable: subOf(form),
        }),
    },
    {
      name: 'export',
      needs: ['m'],
      refused: (held) => (held.includes('r') ? refusal.export : refusal.read),
      run: (account, form) => call(account, 'POST', `${base}/export?templateKey=${form}`, {}),
    },
    {
      name: 'empty record for adding (getForm without id)',
      needs: ['a'],
      refused: () => refusal.add,
      run: (account, form) => call(account, 'GET', `${base}/getForm/${form}/${form}`),
    },
    {
      name: 'add (boSave)',
      needs: ['a'],
      refused: () => refusal.add,
      run: (account, form) =>
        call(account, 'POST', `${base}/boSave/${form}`, recordOf(form, account)),
    },
    {
      name: 'draft of a new record (boSaveDraft)',
      needs: ['a'],
      refused: () => refusal.add,
      run: (account, form) =>
        call(account, 'POST', `${base}/boSaveDraft`, {
          templateKey: form,
          title: '新草稿',
          data: { [textFieldOf[form]]: 'x' },
        }),
    },
    {
      name: 'draft read back (getTempDraftData)',
      needs: ['a'],
      refused: () => refusal.add,
      run: (account, form) =>
        call(account, 'GET', `${base}/getTempDraftData/${drafts[form][account]}`),
    },
    {
      name: 'import template (downloadMainTempFile)',
      needs: ['m'],
      refused: (held) => (held.includes('a') ? refusal.import : refusal.add),
      run: (account, form) => call(account, 'POST', `${base}/downloadMainTempFile/${form}`, {}),
    },
    {
      name: 'import (importMain)',
      needs: ['m'],
      refused: (held) => (held.includes('a') ? refusal.import : refusal.add),
      run: async (account, form) => {
        const { payload, headers } = xlsxUpload(await importFile(form, account));
        return call(account, 'POST', `${base}/importMain?templateKey=${form}`, payload, headers);
      },
    },
    {
      name: 'sub-table import (importSub)',
      needs: ['a', 'e'],
      refused: () => refusal.add,
      applies: hasSub,
      run: async (account, form) => {
        const row = { ...subTableOf[form]!.row };
        if ('person' in row) row.person = users[account];
        const bytes = await workbook([Object.keys(row), Object.values(row)]);
        const { payload, headers } = xlsxUpload(bytes);
        const url = `${base}/importSub?templateKey=${form}&subTable=${subOf(form)}`;
        return call(account, 'POST', url, payload, headers);
      },
    },
    {
      name: 'edit (boSave with ID_)',
      needs: ['e'],
      refused: () => refusal.edit,
      run: (account, form) =>
        call(account, 'POST', `${base}/boSave/${form}`, {
          ...recordOf(form, account),
          ID_: own[form][account],
        }),
    },
    {
      name: 'draft of a record (boSaveDraft with recordId)',
      needs: ['e'],
      refused: () => refusal.edit,
      run: (account, form) =>
        call(account, 'POST', `${base}/boSaveDraft`, {
          templateKey: form,
          recordId: own[form][account],
          title: '修改草稿',
          data: { [textFieldOf[form]]: 'y' },
        }),
    },
    {
      name: 'batch update (boBatchUpdate)',
      needs: ['e'],
      refused: () => refusal.edit,
      run: (account, form) =>
        call(account, 'POST', `${base}/boBatchUpdate/${form}`, {
          ids: [own[form][account]],
          values: { [textFieldOf[form]]: '批量修改' },
        }),
    },
    {
      name: 'delete (boDel)',
      needs: ['d'],
      refused: () => refusal.delete,
      run: (account, form) =>
        call(account, 'DELETE', `${base}/boDel/${form}?ids=${own[form][account]}`),
    },
  ];

  const cases = entryPoints.flatMap((entry) =>
    forms
      .filter((form) => entry.applies?.(form) ?? true)
      .flatMap((form) =>
        accounts.map((account) => {
          const held = expected[form][account];
          const allowed = entry.needs.some((need) => held.includes(need));
          return { entry, form, account, held, allowed };
        }),
      ),
  );

  it.each(cases.map((each) => [each.entry.name, each.form, each.account, each.allowed, each]))(
    '%s of %s as %s: allowed %s',
    async (_name, _form, _account, _allowed, { entry, form, account, held, allowed }) => {
      const before = allowed ? '' : await fingerprint(form);
      const answer = await entry.run(account, form);
      if (allowed) {
        expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
        if (typeof answer.body === 'object') expect(answer.body.state).not.toBe(false);
        return;
      }
      // Nothing of the records: no rows, no total, no value; only the message.
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 403,
        body: { state: false, message: entry.refused(held) },
      });
      expect(await fingerprint(form)).toBe(before);
    },
  );

  it('lists a reader’s own records only, a manager’s all', async () => {
    const rows = async (account: Account, form: FormKey) =>
      (
        await call(account, 'POST', `${base}/dataList_${form}`, {
          pageBean: { page: 1, pageSize: 200 },
        })
      ).body as { rows: { ID_: string }[]; total: number };
    const merchant = await rows('SZHY10001', 'fitOut');
    expect(merchant.rows.length).toBeGreaterThan(0);
    const creators = await server.db
      .selectFrom('form_records')
      .select('created_by')
      .distinct()
      .where(
        'id',
        'in',
        merchant.rows.map((row) => row.ID_),
      )
      .execute();
    expect(creators).toEqual([{ created_by: users.SZHY10001 }]);
    const manager = await rows('store01', 'inspection');
    expect(manager.total).toBeGreaterThan(60);
  });

  it('stops a merchant squatting a contract number, and says nothing of numbers taken', async () => {
    const taken = await call('SZHY10001', 'POST', `${base}/boSave/contractRegistration`, {
      ...contractRegistrationRecord('HT20261000'),
    });
    const fresh = await call('SZHY10001', 'POST', `${base}/boSave/contractRegistration`, {
      ...contractRegistrationRecord('HT-SQUAT-1'),
    });
    // The same answer whether the number is taken or not.
    expect(taken).toEqual(fresh);
    expect(fresh).toEqual({ status: 403, body: { state: false, message: refusal.add } });
    const stored = await server.db
      .selectFrom('form_records')
      .select('id')
      .where('form_key', '=', 'contractRegistration')
      .where((eb) => eb(eb.ref('data', '->>').key('contractNo' as never), '=', 'HT-SQUAT-1'))
      .execute();
    expect(stored).toEqual([]);
    const registered = await call('contract01', 'POST', `${base}/boSave/contractRegistration`, {
      ...contractRegistrationRecord('HT-SQUAT-1'),
    });
    expect(registered.body).toMatchObject({ state: true, message: '保存成功' });
  });

  it('ignores forged identity headers, refuses no token, and keeps ids to their form', async () => {
    const forged = {
      'x-user-id': users.admin,
      'x-account': 'admin',
      'x-forwarded-user': 'admin',
      leaderId: users.contract01,
      'tenant-code': 'hy',
    };
    const list = await call(
      'SZHY10001',
      'POST',
      `${base}/dataList_contractRegistration`,
      {},
      forged,
    );
    expect(list).toEqual({ status: 403, body: { state: false, message: refusal.read } });
    for (const [method, url] of [
      ['POST', `${base}/dataList_inspection`],
      ['GET', `${base}/getBpmDataTemplateInfo?templateKey=inspection`],
      ['GET', `${base}/getForm/inspection/inspection?id=${own.inspection.store01}`],
      ['POST', `${base}/boSave/inspection`],
      ['POST', `${base}/export?templateKey=inspection`],
      ['POST', `${base}/boSaveDraft`],
      ['POST', `${base}/getMyDraftList`],
    ] as const) {
      expect((await call(null, method, url, {})).status, url).toBe(401);
    }
    // A record of a form the merchant may read, asked through a form they may not: refused
    // before the id is looked at; through their own form, a record of another form is none.
    const other = own.inspection.store01;
    expect(
      (
        await call(
          'SZHY10001',
          'GET',
          `${base}/getForm/fitOut/inspection?id=${own.fitOut.SZHY10001}`,
        )
      ).status,
    ).toBe(403);
    expect(
      (await call('SZHY10001', 'GET', `${base}/getForm/inspection/fitOut?id=${other}`)).status,
    ).toBe(404);
    expect(
      (
        await call('SZHY10001', 'POST', `${base}/boBatchUpdate/fitOut`, {
          ids: [other],
          values: { brand: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('offers only the forms a caller may open, and their drafts', async () => {
    const templates = async (account: Account) =>
      (
        (await call(account, 'POST', `${base}/listJson`, { pageBean: { page: 1, pageSize: 50 } }))
          .body as { rows: { templateKey: string }[]; total: number }
      ).rows.map((row) => row.templateKey);
    expect(await templates('SZHY10001')).toEqual(['dyzl', 'fitOut']);
    expect(await templates('emp01')).toEqual(['meetingBooking', 'wfzdrw']);
    expect(await templates('admin')).toEqual([
      'contractRegistration',
      'dyzl',
      'fitOut',
      'inspection',
      'meetingBooking',
      'wfzdrw',
    ]);
    const draftList = async (account: Account) =>
      (
        await call(account, 'POST', `${base}/getMyDraftList`, {
          pageBean: { page: 1, pageSize: 50 },
        })
      ).body as { rows: { templateKey: string }[]; total: number };
    const merchant = await draftList('SZHY10001');
    expect(new Set(merchant.rows.map((row) => row.templateKey))).toEqual(new Set(['fitOut']));
    expect(merchant.total).toBe(merchant.rows.length);
  });

  it('guards query views, custom queries and dialogs that read a form’s table', async () => {
    // Configured by an administrator over the dyzl records (contract_prints).
    await server.db
      .insertInto('query_views')
      .values({
        sql_alias: 'acl',
        alias: 'prints',
        name: '打印资料',
        named_query: 'contractPrints',
        columns: JSON.stringify([{ field: 'F_HTH', label: '合同号' }]),
        conditions: JSON.stringify([]),
      })
      .execute();
    await server.db
      .insertInto('custom_queries')
      .values({
        alias: 'aclPrints',
        name: '打印资料',
        ds_type: 'dataSource',
        request_type: 'POST',
        named_query: 'contractPrints',
      })
      .execute();
    await server.db
      .insertInto('custom_dialogs')
      .values({
        id: '990000000999',
        alias: 'aclPrints',
        name: '打印资料',
        style: 'list',
        ds_type: 'query',
        query_name: 'contractPrints',
        displayfield: JSON.stringify([{ field: 'F_HTH', comment: '合同号' }]),
        resultfield: JSON.stringify([{ field: 'F_HTH', comment: '合同号' }]),
      })
      .execute();
    const doors = [
      ['POST', '/form/form/query/queryView/data_acl/prints', {}],
      ['POST', '/form/form/query/queryView/export?sqlAlias=acl&alias=prints', {}],
      ['POST', '/form/form/customQuery/v1/doQuery?alias=aclPrints', {}],
      [
        'POST',
        '/form/form/customDialog/v1/getListData?alias=aclPrints',
        { pageBean: { page: 1, pageSize: 10 } },
      ],
      ['POST', `${base}/dataList_dyzl`, {}],
    ] as const;
    for (const [method, url, body] of doors) {
      // emp01 may not read dyzl at all; the merchant reads its own unit's rows.
      expect(await call('emp01', method, url, body), url).toEqual({
        status: 403,
        body: { state: false, message: refusal.read },
      });
      expect((await call('SZHY10001', method, url, body)).status, url).toBe(200);
    }
    // Once the administrator closes dyzl to merchants, every door closes with it.
    const rights = await call('admin', 'GET', `${base}/getRights?templateKey=dyzl`);
    const saved = await call('admin', 'POST', `${base}/saveRights`, {
      templateKey: 'dyzl',
      managers: rights.body.value.managers,
      rights: { ...rights.body.value.rights, read: {} },
    });
    expect(saved.body).toEqual({ state: true, message: '权限已保存' });
    for (const [method, url, body] of doors)
      expect((await call('SZHY10001', method, url, body)).status, url).toBe(403);
    await call('admin', 'POST', `${base}/saveRights`, {
      templateKey: 'dyzl',
      managers: rights.body.value.managers,
      rights: rights.body.value.rights,
    });
  });

  it('lets the administrator alone set rights by role, organisation and menu', async () => {
    const refused = await call('emp01', 'GET', `${base}/getRights?templateKey=inspection`);
    expect(refused).toEqual({
      status: 403,
      body: { state: false, message: '只有管理员可以设置表单的权限' },
    });
    const current = (await call('admin', 'GET', `${base}/getRights?templateKey=inspection`)).body
      .value;
    expect(current).toMatchObject({
      templateKey: 'inspection',
      managers: [roleIds.store],
      rights: seededFormRights.inspection,
      custom: true,
    });
    expect(current.roles).toContainEqual({ id: roleIds.staff, label: '员工' });
    expect(current.orgs).toContainEqual({ id: orgId(3), label: '海雅商业集团/信息部' });
    const english = await client.call(
      'admin',
      'GET',
      `${base}/getRights?templateKey=inspection`,
      undefined,
      'en-US',
    );
    expect((english.body.value as { orgs: unknown[] }).orgs).toContainEqual({
      id: orgId(3),
      label: 'Haiya Commercial Group/IT Department',
    });
    const save = (
      rights: unknown,
      managers: string[] = [roleIds.store],
      account: Account = 'admin',
    ) =>
      call(account, 'POST', `${base}/saveRights`, { templateKey: 'inspection', managers, rights });
    const none = { read: {}, add: {}, edit: {}, delete: {} };
    expect((await save(none, [roleIds.store], 'store01')).status).toBe(403);
    expect(await save({ ...none, read: { roles: ['nope'] } })).toEqual({
      status: 400,
      body: { state: false, message: '权限中的角色或组织不存在：nope' },
    });
    // A part the rights do not know is dropped (Fastify's schema), never stored or obeyed.
    expect((await save({ ...none, read: { everyone: true } })).status).toBe(200);
    const stored = await call('admin', 'GET', `${base}/getRights?templateKey=inspection`);
    expect(stored.body.value.rights.read).toEqual({});
    const list = (account: Account) =>
      call(account, 'POST', `${base}/dataList_inspection`, { pageBean: { page: 1, pageSize: 50 } });
    // By organisation: the group (the IT department's parent) lets emp01 in, not a merchant.
    expect((await save({ ...none, read: { orgs: [orgId(1)] } })).status).toBe(200);
    const emp = await list('emp01');
    expect(emp.status).toBe(200);
    expect(emp.body.rows.map((row: { ID_: string }) => row.ID_)).toEqual([own.inspection.emp01]);
    expect((await list('SZHY10001')).status).toBe(403);
    // By the menu: the inspections menu item is the store role's.
    expect((await save({ ...none, read: { menu: true } })).status).toBe(200);
    expect((await list('emp01')).status).toBe(403);
    // By role, and managers changed: contract01 now manages (sees every record).
    expect(
      (await save({ ...none, read: { roles: [roleIds.staff] } }, [roleIds.contractManager])).status,
    ).toBe(200);
    expect((await list('emp01')).status).toBe(200);
    const count = async (createdBy?: string) => {
      let query = server.db
        .selectFrom('form_records')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('form_key', '=', 'inspection');
      if (createdBy) query = query.where('created_by', '=', createdBy);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    expect((await list('contract01')).body.total).toBe(await count());
    // store01 is no manager now: the records it created (the seeded ones among them) only.
    expect((await list('store01')).body.total).toBe(await count(users.store01));
    expect(await count(users.store01)).toBeLessThan(await count());
    expect((await save(seededFormRights.inspection)).status).toBe(200);
  });

  it('answers a unique check to readers only (an add-only caller cannot probe numbers)', async () => {
    const rights = (
      await call('admin', 'GET', `${base}/getRights?templateKey=contractRegistration`)
    ).body.value;
    await call('admin', 'POST', `${base}/saveRights`, {
      templateKey: 'contractRegistration',
      managers: rights.managers,
      rights: { ...rights.rights, add: { roles: [roleIds.staff] } },
    });
    const taken = await call('emp01', 'POST', `${base}/boSave/contractRegistration`, {
      ...contractRegistrationRecord('HT20261000'),
    });
    const fresh = await call('emp01', 'POST', `${base}/boSave/contractRegistration`, {
      ...contractRegistrationRecord('HT-PROBE-1'),
    });
    expect(taken).toEqual(fresh);
    expect(fresh).toEqual({ status: 403, body: { state: false, message: refusal.read } });
    await call('admin', 'POST', `${base}/saveRights`, {
      templateKey: 'contractRegistration',
      managers: rights.managers,
      rights: rights.rights,
    });
  });

  it('gives a database seeded before rights the demo forms’ rights (migration 0033)', async () => {
    await server.db.schema.alterTable('data_templates').dropColumn('rights').execute();
    await addFormRights(server.db as never);
    const rows = await server.db
      .selectFrom('data_templates')
      .select(['template_key', 'rights'])
      .orderBy('template_key')
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.template_key, row.rights]))).toEqual(
      seededFormRights,
    );
  });
});
