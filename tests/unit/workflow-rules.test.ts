import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAgentRule, businessDateTime } from '../../src/core/workflow/agents';
import { orderButtons } from '../../src/core/workflow/buttons';
import { lockMessage } from '../../src/core/workflow/lock';
import { openingOf, taskPath } from '../../src/core/workflow/opening';
import { pagesOf, queryFilter } from '../../src/core/workflow/query';
import { revokeFlags, withRevokeFlags } from '../../src/core/workflow/revoke';
import {
  checkStarter,
  groupByCategory,
  maxFavouriteFlows,
  toggleFavourite,
} from '../../src/core/workflow/starter';
import {
  instanceStatusKey,
  opinionLabelKey,
  statusLabelKey,
  todoStatuses,
} from '../../src/core/workflow/status';

type Tree = { [key: string]: string | Tree };
const messages = (language: string) =>
  JSON.parse(readFileSync(`src/core/i18n/${language}/workflow.json`, 'utf8')) as Tree;
const text = (tree: Tree, key: string) =>
  key
    .replace(/^workflow:/, '')
    .split('.')
    .reduce<string | Tree | undefined>((node, part) => (node as Tree | undefined)?.[part], tree);
const zh = messages('zh-CN');

describe('to-do status labels', () => {
  it('label every status of the spec as it prescribes, BACKSHARE like SHARE', () => {
    const expected: Record<string, string> = {
      NORMAL: '待办',
      TRANSFORMED: '流转',
      TRANSFORMEDINQU: '征询',
      DELIVERTO: '转办',
      COPYTO: '抄送',
      FOLLOW: '跟踪',
      COMMU: '沟通',
      BACK: '驳回',
      ADDSIGN: '加签',
      SHARE: '共享',
      AGENT: '委托',
      SIGNSEQUENCEED: '顺序签署',
      SIGNLINEED: '并行签署',
      BACKSHARE: '共享',
    };
    for (const [status, label] of Object.entries(expected))
      expect(text(zh, statusLabelKey(status)), status).toBe(label);
    expect(todoStatuses).toHaveLength(13);
  });

  it('names an unknown status "other" instead of showing nothing', () => {
    expect(statusLabelKey('SOMETHING')).toBe('workflow:status.other');
    expect(statusLabelKey(undefined)).toBe('workflow:status.other');
    expect(instanceStatusKey('manualend')).toBe('workflow:instStatus.manualend');
    expect(instanceStatusKey('x')).toBe('workflow:instStatus.other');
    expect(opinionLabelKey('agree')).toBe('workflow:opinion.agree');
    expect(opinionLabelKey('customSign')).toBeUndefined();
  });

  it('has every key these modules return in both languages', () => {
    const en = messages('en-US');
    const keys = [
      ...todoStatuses.map(statusLabelKey),
      'workflow:status.other',
      ...['running', 'end', 'manualend', 'revoke', 'x'].map(instanceStatusKey),
      ...[0, 1, 2, 3, 4, 9].map((code) => lockMessage(code).key),
      'workflow:starter.pickStarter',
      'workflow:starter.pickLeader',
      'workflow:starter.favouriteLimit',
      'workflow:agents.personRequired',
      'workflow:agents.dateInvalid',
      'workflow:agents.periodInvalid',
      'workflow:agents.flowsRequired',
      'workflow:form.notAnOption',
    ];
    for (const key of keys) {
      expect(typeof text(zh, key), `zh-CN ${key}`).toBe('string');
      expect(typeof text(en, key), `en-US ${key}`).toBe('string');
    }
  });
});

describe('button order', () => {
  const aliases = (list: { alias: string }[]) => list.map((button) => button.alias);
  const buttons = (...names: string[]) => names.map((alias) => ({ alias, name: alias }));

  it('moves startTrans, lockUnlock, endProcess and saveDraft to the end in that order', () => {
    const ordered = orderButtons(
      buttons('saveDraft', 'agree', 'endProcess', 'lockUnlock', 'oppose', 'startTrans', 'inqu'),
      false,
    );
    expect(aliases(ordered)).toEqual([
      'agree',
      'oppose',
      'inqu',
      'startTrans',
      'lockUnlock',
      'endProcess',
      'saveDraft',
    ]);
  });

  it('drops lockUnlock and inqu while adding a signature', () => {
    const ordered = orderButtons(
      buttons('agree', 'lockUnlock', 'inqu', 'oppose', 'endProcess'),
      true,
    );
    expect(aliases(ordered)).toEqual(['agree', 'oppose', 'endProcess']);
  });

  it('is idempotent and keeps the other buttons in the server order', () => {
    const once = orderButtons(
      buttons('reject', 'startTrans', 'agree', 'copyTo', 'saveDraft'),
      false,
    );
    expect(aliases(orderButtons(once, false))).toEqual(aliases(once));
    expect(aliases(once)).toEqual(['reject', 'agree', 'copyTo', 'startTrans', 'saveDraft']);
  });
});

describe('opening a to-do', () => {
  const me = 'u-sec';
  const row = {
    id: 't1',
    taskId: 't1',
    procInstId: 'i1',
    status: 'NORMAL',
    ownerId: null,
    assigneeId: me,
    identityList: [{ id: me, name: 'me' }],
  };
  const leaders = [
    { id: 'u-a', name: 'A' },
    { id: 'u-b', name: 'B' },
  ];

  it('asks to pick a leader for a shared task with several identities', () => {
    for (const status of ['SHARE', 'BACKSHARE'])
      expect(openingOf({ ...row, status, identityList: leaders }, me)).toEqual({
        kind: 'pick',
        identities: leaders,
      });
  });

  it('uses the only identity of a shared task, the viewer being identity 0', () => {
    expect(openingOf({ ...row, status: 'SHARE', identityList: [leaders[0]!] }, me)).toEqual({
      kind: 'open',
      path: '/task/t1/u-a',
      readOnly: false,
    });
    expect(openingOf({ ...row, status: 'SHARE' }, me)).toMatchObject({ path: '/task/t1/0' });
  });

  it('opens an agent task read-only in agent mode for its owner only', () => {
    const agent = { ...row, status: 'AGENT', ownerId: me, assigneeId: 'u-agent' };
    expect(openingOf(agent, me)).toEqual({
      kind: 'open',
      path: '/instRead/i1/agent',
      readOnly: true,
    });
    // The agent holding it opens the task itself.
    expect(openingOf(agent, 'u-agent')).toMatchObject({ path: '/task/t1/0', readOnly: false });
    // Owner and assignee the same: an ordinary task.
    expect(openingOf({ ...agent, assigneeId: me }, me)).toMatchObject({ path: '/task/t1/0' });
  });

  it('opens anything else with identity 0', () => {
    for (const status of ['NORMAL', 'BACK', 'DELIVERTO', 'TRANSFORMED', 'ADDSIGN'])
      expect(openingOf({ ...row, status, identityList: leaders }, me)).toEqual({
        kind: 'open',
        path: '/task/t1/0',
        readOnly: false,
      });
  });

  it('in the leader to-do acts for the leader whatever the status', () => {
    expect(
      openingOf({ ...row, identityList: [leaders[1]!] }, me, { onBehalf: true }),
    ).toMatchObject({
      path: '/task/t1/u-b',
    });
    expect(openingOf({ ...row, identityList: leaders }, me, { onBehalf: true }).kind).toBe('pick');
  });

  it('encodes ids in the path', () => {
    expect(taskPath('a/b', 'c d', me)).toBe('/task/a%2Fb/c%20d');
  });
});

describe('revocable done rows', () => {
  const done = (id: string, taskKey: string, status: string, opinionStatus: string) => ({
    id,
    taskKey,
    status,
    opinionStatus,
  });

  it('allows an agree on a running instance or an inquiry reply', () => {
    expect(
      revokeFlags([
        done('i1', 'n1', 'running', 'agree'),
        done('i2', 'n1', 'end', 'agree'),
        done('i3', 'n1', 'end', 'inqu'),
        done('i4', 'n1', 'running', 'oppose'),
        done('i5', 'n1', 'running', 'reject'),
      ]),
    ).toEqual([true, false, true, false, false]);
  });

  it('takes back only the newest action on one node of one instance', () => {
    expect(
      revokeFlags([
        done('i1', 'n1', 'running', 'agree'),
        done('i1', 'n1', 'running', 'agree'),
        done('i1', 'n2', 'running', 'agree'),
        done('i2', 'n1', 'running', 'agree'),
      ]),
    ).toEqual([true, false, true, true]);
    // A non-revocable newer row does not block an older revocable one.
    expect(
      revokeFlags([done('i1', 'n1', 'running', 'oppose'), done('i1', 'n1', 'running', 'agree')]),
    ).toEqual([false, true]);
  });

  it("keeps the server's flag when it sent one", () => {
    const rows = [
      { ...done('i1', 'n1', 'running', 'agree'), revoke: false },
      { ...done('i2', 'n1', 'running', 'agree') },
    ];
    expect(withRevokeFlags(rows).map((row) => row.revoke)).toEqual([false, true]);
  });
});

describe('lock and unlock answers', () => {
  it('maps 1 to 已签收 and 3 to 已取消签收', () => {
    expect(lockMessage(1)).toEqual({ key: 'workflow:lock.locked', ok: true });
    expect(lockMessage(3)).toEqual({ key: 'workflow:lock.unlocked', ok: true });
    expect(text(zh, lockMessage(1).key)).toBe('已签收');
    expect(text(zh, lockMessage(3).key)).toBe('已取消签收');
    expect(lockMessage(4).ok).toBe(false);
    expect(lockMessage(0).key).toBe('workflow:lock.handled');
    expect(lockMessage(7).key).toBe('workflow:lock.unknown');
  });
});

describe('list queries', () => {
  it('puts the search text in an OR group and exact filters in the main group', () => {
    expect(
      queryFilter({
        page: 2,
        pageSize: 20,
        search: ' leave ',
        searchIn: ['name', 'defKey'],
        equal: { typeId: 't1', orgId: undefined, procDefKey: ' ' },
      }),
    ).toEqual({
      pageBean: { page: 2, pageSize: 20, showTotal: true },
      querys: [
        { property: 'typeId', value: 't1', operation: 'EQUAL', relation: 'AND', group: 'main' },
        { property: 'name', value: 'leave', operation: 'LIKE', relation: 'OR', group: 'search' },
        { property: 'defKey', value: 'leave', operation: 'LIKE', relation: 'OR', group: 'search' },
      ],
      sorter: [],
      groupRelation: 'AND',
    });
  });

  it('sends no field for an empty search box and never a page below 1', () => {
    const filter = queryFilter({ page: 0, pageSize: 8, search: '  ', searchIn: ['subject'] });
    expect(filter.querys).toEqual([]);
    expect(filter.pageBean?.page).toBe(1);
    expect(pagesOf(0, 10)).toBe(1);
    expect(pagesOf(21, 10)).toBe(3);
  });
});

describe('flow starter', () => {
  it('says 请选择一个发起人 for the blank option and 请选择代为审批的领导 without a leader', () => {
    const blank = checkStarter({ mode: '', leaderId: '' });
    expect('failure' in blank && text(zh, blank.failure.key)).toBe('请选择一个发起人');
    const noLeader = checkStarter({ mode: 'leader', leaderId: '' });
    expect('failure' in noLeader && text(zh, noLeader.failure.key)).toBe('请选择代为审批的领导');
    expect(checkStarter({ mode: 'self', leaderId: 'x' })).toEqual({ leaderId: '0' });
    expect(checkStarter({ mode: 'leader', leaderId: 'u-a' })).toEqual({ leaderId: 'u-a' });
  });

  it('keeps at most 11 favourite flows', () => {
    const eleven = Array.from({ length: maxFavouriteFlows }, (_, index) => `flow${index}`);
    const refused = toggleFavourite(eleven, 'twelfth');
    expect('failure' in refused && text(zh, refused.failure.key)).toBe('最多可添加11个常用流程');
    expect(toggleFavourite(eleven, 'flow3')).toEqual({
      keys: eleven.filter((key) => key !== 'flow3'),
    });
    expect(toggleFavourite(['a'], 'b')).toEqual({ keys: ['a', 'b'] });
  });

  it('groups flows by category in the categories order, leaving empty ones out', () => {
    const groups = groupByCategory(
      [{ id: 'c2' }, { id: 'c1' }, { id: 'c3' }],
      [
        { typeId: 'c1', name: 'leave' },
        { typeId: 'c2', name: 'contract' },
        { typeId: 'c1', name: 'trip' },
      ],
    );
    expect(groups.map((group) => [group.id, group.flowList.map((flow) => flow.name)])).toEqual([
      ['c2', ['contract']],
      ['c1', ['leave', 'trip']],
    ]);
  });

  it('reads the list empty text as the spec writes it', () => {
    expect(text(zh, 'workflow:starter.emptyTitle')).toBe('抱歉！没有找到符合条件的流程');
    expect(text(zh, 'workflow:starter.emptyHint')).toBe('您可以尝试更换关键词');
    expect(text(zh, 'workflow:starter.noRights')).toBe('无启动权限，请联系管理员');
  });
});

describe('agent rules', () => {
  const rule = {
    agentId: 'u-agent',
    startDate: '2026-12-01T09:00',
    endDate: '2026-12-31 18:00',
    type: 1 as const,
    defKeys: [],
  };

  it('accepts a person with a period that ends after it starts', () => {
    expect(checkAgentRule(rule)).toBeUndefined();
    expect(businessDateTime('2026-12-01T09:00')).toBe('2026-12-01 09:00');
  });

  it('refuses what the server would refuse, with the reason', () => {
    expect(checkAgentRule({ ...rule, agentId: ' ' })?.key).toBe('workflow:agents.personRequired');
    expect(checkAgentRule({ ...rule, startDate: '2026-02-30 09:00' })?.key).toBe(
      'workflow:agents.dateInvalid',
    );
    expect(checkAgentRule({ ...rule, endDate: '2026-12-01 09:00' })?.key).toBe(
      'workflow:agents.periodInvalid',
    );
    expect(checkAgentRule({ ...rule, type: 2 })?.key).toBe('workflow:agents.flowsRequired');
    expect(checkAgentRule({ ...rule, type: 2, defKeys: ['leave'] })).toBeUndefined();
  });
});
