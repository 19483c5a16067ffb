import { beforeAll, describe, expect, it } from 'vitest';
import * as floorMapMenu from '../../server/db/migrations/0026-floor-map-menu';
import * as paymentRequestsForMerchants from '../../server/db/migrations/0046-payment-requests-for-merchants';
import { login, oneDatabase, withServer } from './harness';
import { as, tokenOf } from './shell-support';

interface Node {
  id: string;
  parentId: string;
  name: string;
  alias: string;
  path: string;
  menuUrl: string;
  href: string;
  isParent: boolean;
  sysMethods: unknown[];
  children: Node[];
}

const aliases = (nodes: Node[]) => nodes.map((node) => node.alias);

describe.each(oneDatabase)('shell menus and app search on %s', (kind) => {
  const server = withServer(kind);
  let call: Record<string, ReturnType<typeof as>>;
  beforeAll(async () => {
    call = {};
    for (const account of ['store01', 'acct01', 'SZHY10001', 'contract01']) {
      call[account] = as(server.app, await tokenOf(server.app, account));
    }
    call.english = as(server.app, await tokenOf(server.app, 'store01'), 'en-US');
  });

  const frontMenu = async (account: string) => {
    const answer = await call[account]!(
      'GET',
      '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=front_menu',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.state).toBe(true);
    expect(answer.body.message).toBe('获取当前用户菜单信息');
    return answer.body.value as Node[];
  };

  it('gives staff and merchants different front menus, by role', async () => {
    // Staff have the app centre (应用) at the first level; merchants do not.
    expect(aliases(await frontMenu('store01'))).toEqual([
      'home',
      'application',
      'v-flow',
      'ht',
      'mapContainer',
      'editMap',
      'onlineForms',
      'v-news',
      'v-check',
      'workbench',
      'v-personal',
      'v-mail',
    ]);
    expect(aliases(await frontMenu('acct01'))).toEqual([
      'home',
      'application',
      'v-flow',
      'statements',
      'shcjftzd',
      'mapContainer',
      'onlineForms',
      'v-news',
      'v-check',
      'workbench',
      'v-personal',
      'v-mail',
    ]);
    expect(aliases(await frontMenu('SZHY10001'))).toEqual([
      'home',
      'statements',
      'xscx',
      'ht',
      'shcjftzd',
      'mapContainer',
      'onlineForms',
      'v-news',
    ]);
    // Each form by role; drafts for everyone.
    const forms = async (account: string) =>
      aliases(
        (
          await call[account]!(
            'GET',
            '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=onlineForms',
          )
        ).body.value as Node[],
      );
    expect(await forms('SZHY10001')).toEqual(['of-fitOut', 'of-drafts']);
    expect(await forms('store01')).toEqual([
      'of-fitOut',
      'of-inspection',
      'of-meetings',
      'of-module-fitOut',
      'of-module-meetings',
      'of-drafts',
    ]);
  });

  it("keeps payment requests, a merchant's own, off an accountant's statements menu", async () => {
    const statementsOf = async (account: string) =>
      aliases((await frontMenu(account)).find((node) => node.alias === 'statements')!.children);
    expect(await statementsOf('acct01')).toEqual(['lyfyjsd', 'yjfytzd', 'zlfymxd']);
    expect(await statementsOf('SZHY10001')).toContain('fkqkd');
    // A database seeded before: the item had no roles of its own; the migration gives it one.
    const fkqkd = server.db.selectFrom('menus').select('id').where('alias', '=', 'fkqkd');
    await server.db.deleteFrom('menu_roles').where('menu_id', 'in', fkqkd).execute();
    expect(await statementsOf('acct01')).toContain('fkqkd');
    await paymentRequestsForMerchants.up(server.db as never);
    await paymentRequestsForMerchants.up(server.db as never);
    expect(await statementsOf('acct01')).toEqual(['lyfyjsd', 'yjfytzd', 'zlfymxd']);
    expect(await statementsOf('SZHY10001')).toContain('fkqkd');
  });

  it('shows every role only app-centre tiles whose page it can open, as its menu does', async () => {
    // One account for each seeded role (admin: the administrator and the designated user).
    const accounts = ['admin', 'SZHY10001', 'acct01', 'store01', 'contract01', 'emp01', 'mapops'];
    for (const account of accounts.filter((name) => !call[name])) {
      // emp01, staff alone, is of the workflow's people (password Staff#2026).
      const token =
        account === 'emp01'
          ? await login(server.app, account, 'Staff#2026')
          : await tokenOf(server.app, account);
      call[account] = as(server.app, token);
    }
    // The page a route opens, written either way: a menu's `querySql/...`, an app's
    // `/statement/querySql/...`.
    const page = (route: string) => route.replace(/^\/+/, '').replace(/^statement\//, '');
    const menuPages = (nodes: Node[]): string[] =>
      nodes.flatMap((node) => [
        ...(node.menuUrl ? [page(node.menuUrl)] : []),
        ...menuPages(node.children),
      ]);
    const everyMenuPage = new Set(menuPages(await frontMenu('admin')));
    const tilesOf = async (account: string) => {
      const tree = (
        await call[account]!(
          'GET',
          '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=appCenterFront',
        )
      ).body.value as Node[];
      const tiles: { id: string; name: string; url: string; templateKey: string; type: number }[] =
        [];
      const appsUnder = async (node: Node) =>
        (await call[account]!('POST', '/portal/portal/sysApp/v1/authList', { menuId: node.id }))
          .body;
      for (const root of tree) tiles.push(...(await appsUnder(root)));
      // Every node of the tree leads to a tile: none is an empty group.
      const leaves = (nodes: Node[]): Node[] =>
        nodes.flatMap((node) => (node.children.length ? leaves(node.children) : [node]));
      for (const leaf of leaves(tree))
        expect((await appsUnder(leaf)).length, `${account}: ${leaf.name}`).toBeGreaterThan(0);
      return tiles;
    };
    const shown: Record<string, string[]> = {};
    for (const account of accounts) {
      const own = new Set(menuPages(await frontMenu(account)));
      const tiles = await tilesOf(account);
      shown[account] = tiles.map((tile) => tile.name);
      for (const tile of tiles) {
        if (tile.type === 2) {
          // A form's page: its list opens for the caller.
          const info = await call[account]!(
            'GET',
            `/form/form/dataTemplate/v1/getBpmDataTemplateInfo?templateKey=${tile.templateKey}`,
          );
          expect(info.status, `${account}: ${tile.name}`).toBe(200);
        } else if (everyMenuPage.has(page(tile.url))) {
          // A page the menu opens: the caller's own menu opens it.
          expect(own.has(page(tile.url)), `${account}: ${tile.name} (${tile.url})`).toBe(true);
        }
      }
    }
    // Payment requests and sales are the merchant's; the accountant keeps the statements it
    // keeps, contract and store staff the contract print data.
    expect(shown.SZHY10001).toEqual(expect.arrayContaining(['付款请款单', '品牌销售查询']));
    expect(shown.acct01).toEqual(expect.arrayContaining(['联营费用结算单', '商户欠费通知']));
    expect(shown.acct01).not.toContain('付款请款单');
    expect(shown.acct01).not.toContain('品牌销售查询');
    expect(shown.contract01).toContain('合同打印资料');
    expect(shown.contract01).not.toContain('联营费用结算单');
    expect(shown.admin).toContain('付款请款单');
    // The search finds what the app centre shows, and a favourite is kept only among them.
    const search = async (account: string, keyword: string) =>
      (
        await call[account]!(
          'POST',
          `/portal/bpm/haiyaapi/searchApps?keyword=${encodeURIComponent(keyword)}`,
        )
      ).body.value.map((app: { name: string }) => app.name);
    expect(await search('acct01', '付款')).toEqual([]);
    expect(await search('SZHY10001', '付款')).toEqual(['付款请款单']);
    const fkqkd = (await tilesOf('SZHY10001')).find((tile) => tile.name === '付款请款单')!;
    const saved = await call.acct01!('POST', '/portal/bpm/haiyaapi/UpdateOftenFlow', {
      app: [{ yybm: fkqkd.id }],
    });
    expect(saved.status).toBe(400);
  });

  it('answers the SysMenu node shape, nested, with the id path', async () => {
    const menu = await frontMenu('SZHY10001');
    const statements = menu.find((node) => node.alias === 'statements')!;
    expect(statements).toMatchObject({ name: '对账单', isParent: true, menuUrl: '/statements' });
    expect(aliases(statements.children)).toEqual(['lyfyjsd', 'yjfytzd', 'zlfymxd', 'fkqkd']);
    const child = statements.children[0]!;
    expect(child.parentId).toBe(statements.id);
    expect(child.path).toBe(`${statements.path}${child.id}.`);
    expect(child).toMatchObject({ isParent: false, children: [], sysMethods: [], open: false });
    for (const field of ['menuIcon', 'sn', 'activeTab', 'tabsStyle', 'href', 'tenantId', 'check']) {
      expect(child).toHaveProperty(field);
    }
  });

  it('shows workbench entries by role, with the runtime routes they add', async () => {
    const sub = async (account: string) =>
      (await call[account]!('GET', '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=workbench'))
        .body.value as Node[];
    const store = await sub('store01');
    expect(store.map((node) => node.menuUrl)).toEqual([
      'template/preview/dyzl',
      'template/form/dyzl/add',
      '/flowcenter/template/preview/wfzdrw',
      'querySql/queryView/kqyc/kqycmx',
      'querySql/queryView/grqjmx/grqj',
      'href/template/wb-hours',
      '/templateReport/salesDaily',
    ]);
    expect(store.find((node) => node.alias === 'wb-hours')!.href).toBe(
      '/guides/opening-hours.html',
    );
    expect(aliases(await sub('acct01'))).toEqual([
      'wb-wfzdrw',
      'wb-kqyc',
      'wb-grqj',
      'wb-hours',
      'wb-sales-report',
    ]);
    // A merchant does not see the workbench at all.
    expect(await sub('SZHY10001')).toEqual([]);
  });

  it('serves the flow menu (v-flow) and names in English', async () => {
    const flow = await call.english!(
      'GET',
      '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=v-flow',
    );
    expect(aliases(flow.body.value)).toContain('v-leader');
    expect(flow.body.value[0]).toMatchObject({
      alias: 'v-todo',
      name: 'To-do',
      menuUrl: '/v-flow/v-todo',
    });
    const missing = await call.store01!(
      'GET',
      '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=nope',
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ state: false, message: '未找到该菜单' });
  });

  it('serves the side menu items of the caller only', async () => {
    const side = await call.store01!('POST', '/portal/bpm/haiyaapi/getmenu?account=store01');
    expect(side.status).toBe(200);
    expect(side.body.value.map((item: { name: string }) => item.name)).toEqual([
      '首页',
      '应用',
      '事项',
      '合同打印',
      '楼层地图',
      '楼层图编辑',
      '在线表单',
      '公告',
      '考勤',
      '工作台',
      '设置',
      '通讯录',
    ]);
    expect(side.body.value[2]).toMatchObject({ alias: 'v-flow', hasChildren: true });
    const merchant = await call.SZHY10001!('POST', '/portal/bpm/haiyaapi/getmenu');
    expect(merchant.body.value.map((item: { alias: string }) => item.alias)).toEqual([
      'home',
      'statements',
      'xscx',
      'ht',
      'shcjftzd',
      'mapContainer',
      'onlineForms',
      'v-news',
    ]);
    const other = await call.SZHY10001!('POST', '/portal/bpm/haiyaapi/getmenu?account=store01');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('只能查询当前登录用户自己的信息');
    const anonymous = await as(server.app, null)('POST', '/portal/bpm/haiyaapi/getmenu');
    expect(anonymous.status).toBe(401);
  });

  it('serves the app centre as a three-level tree and its apps per node', async () => {
    const tree = (
      await call.store01!(
        'GET',
        '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=appCenterFront',
      )
    ).body.value as Node[];
    expect(tree.map((node) => node.name)).toEqual(['财务服务', '办公协同', '人事服务']);
    const levels = (nodes: Node[]): number =>
      nodes.length === 0 ? 0 : 1 + Math.max(...nodes.map((node) => levels(node.children)));
    expect(levels(tree)).toBe(3);
    const merchantTree = (
      await call.SZHY10001!(
        'GET',
        '/portal/sys/sysMenu/v1/getCurrentUserMenu?menuAlias=appCenterFront',
      )
    ).body.value as Node[];
    expect(merchantTree.map((node) => node.name)).toEqual(['财务服务']);

    const finance = tree[0]!;
    const apps = await call.store01!('POST', '/portal/portal/sysApp/v1/authList', {
      menuId: finance.id,
    });
    expect(apps.status).toBe(200);
    expect(apps.body.map((app: { name: string }) => app.name)).toContain('合同打印资料');
    // A node the caller cannot see has no apps for them.
    const office = tree[1]!;
    const none = await call.SZHY10001!('POST', '/portal/portal/sysApp/v1/authList', {
      menuId: office.id,
    });
    expect(none.body).toEqual([]);
  });

  it('finds apps by name with what each type needs to open', async () => {
    const search = async (account: string, keyword: string) =>
      call[account]!(
        'POST',
        `/portal/bpm/haiyaapi/searchApps?keyword=${encodeURIComponent(keyword)}`,
      );
    const print = (await search('store01', '合同打印')).body.value;
    expect(print).toEqual([
      expect.objectContaining({
        type: 2,
        templateKey: 'dyzl',
        url: '/statement/template/preview/dyzl',
      }),
    ]);
    const details = (await search('store01', '明细')).body.value;
    // Not the lease fee details: the store role has no statements to open.
    expect(details.map((app: { name: string; type: number }) => [app.name, app.type])).toEqual([
      ['考勤异常明细', 3],
      ['个人请假明细', 3],
    ]);
    expect(details[0]).toMatchObject({
      sqlAlias: 'kqyc',
      alias: 'kqycmx',
      url: '/statement/querySql/queryView/kqyc/kqycmx',
    });
    // Finance pages open inside the portal.
    const lease = (await search('acct01', '租赁费用明细单')).body.value;
    expect(lease[0]).toMatchObject({ path: '/statements/zlfymxd', url: '/statements/zlfymxd' });
    const leave = (await search('acct01', '请假申请')).body.value;
    expect(leave).toEqual([
      expect.objectContaining({ type: 8, defKey: 'leave', url: '/agentStartByKey/leave' }),
    ]);
    // Scope: a merchant finds only the finance apps.
    expect(
      (await search('SZHY10001', '明细')).body.value.map((app: { name: string }) => app.name),
    ).toEqual(['租赁费用明细单']);
    expect((await search('SZHY10001', '请假')).body.value).toEqual([]);
    // LIKE wildcards are literal.
    expect((await search('store01', '%')).body.value).toEqual([]);
    const empty = await search('store01', '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请根据输入内容搜索');
    const english = await call.english!('POST', '/portal/bpm/haiyaapi/searchApps?keyword=');
    expect(english.body.message).toBe('Search according to input');
  });

  it('moves a database seeded before /floorMap to it, leaving an administrator’s own link', async () => {
    const floorMap = () =>
      server.db
        .selectFrom('menus')
        .select('menu_url')
        .where('alias', '=', 'mapContainer')
        .executeTakeFirstOrThrow();
    expect((await floorMap()).menu_url).toBe('/floorMap');
    const setLink = (url: string) =>
      server.db
        .updateTable('menus')
        .set({ menu_url: url })
        .where('alias', '=', 'mapContainer')
        .execute();
    await setLink('/mapContainer');
    await floorMapMenu.up(server.db as never);
    expect((await floorMap()).menu_url).toBe('/floorMap');
    await setLink('/mapContainer/hy');
    await floorMapMenu.up(server.db as never);
    expect((await floorMap()).menu_url).toBe('/mapContainer/hy');
    await setLink('/floorMap');
  });
});
