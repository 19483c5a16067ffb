import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rectangle } from '../../server/domain/map/geometry';
import { bearer, databaseKinds, login, withServer } from './harness';

/**
 * The floor map's server (docs/floor-map.md): public reads carry public fields only, staff
 * fields follow the caller's scope, writes are checked by role and store and validated,
 * bad input changes nothing, and concurrent saves of one floor make one draft each.
 */
const base = '/portal/map/v1';
const privateFields = ['merchantName', 'contractNo', 'contractId', 'statementStatus', 'overdue'];

interface Shop {
  id: string;
  number: string;
  floor: string;
  brand: string;
  polygon: { type: 'Polygon'; coordinates: [number, number][][] };
  category: string;
  own?: boolean;
  merchantName?: string;
  contractNo?: string;
}
interface Floor {
  id: string;
  floor: string;
  store: string;
  version: number;
  width: number;
  height: number;
  shops: Shop[];
}
interface Store {
  code: string;
  floors: { id: string; floor: string; version: number }[];
}

for (const kind of databaseKinds) {
  describe(`floor map (${kind})`, () => {
    const server = withServer(kind);
    let app: FastifyInstance;
    const tokens: Record<string, string> = {};
    let stores: Store[];

    const get = <T>(url: string, token?: string, lang = 'zh-CN') =>
      app
        .inject({
          method: 'GET',
          url,
          headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
        })
        .then((r) => ({
          status: r.statusCode,
          body: r.json<T>(),
        }));
    const post = (url: string, payload: unknown, token?: string, lang = 'zh-CN') =>
      app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { 'accept-language': lang, ...(token ? bearer(token) : {}) },
      });
    const floorOf = (store: string, floor: string) =>
      stores.find((s) => s.code === store)!.floors.find((f) => f.floor === floor)!.id;
    const readFloor = async (store: string, floor: string, token?: string) =>
      (await get<Floor>(`${base}/floor?floorId=${floorOf(store, floor)}`, token)).body;
    const layoutOf = (floor: Floor) =>
      floor.shops.map((shop) => ({
        number: shop.number,
        category: shop.category,
        polygon: shop.polygon,
      }));
    const countVersions = async (floorId: string) => {
      const rows = await server.db
        .selectFrom('map_layout_versions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('floor_id', '=', floorId)
        .executeTakeFirstOrThrow();
      return Number(rows.n);
    };

    beforeAll(async () => {
      app = server.app;
      for (const [account, password] of [
        ['admin', 'Atrium#2026'],
        ['store01', 'Staff#2026'],
        ['mapops', 'Staff#2026'],
        ['acct01', 'Staff#2026'],
        ['SZHY10001', 'Merchant#2026'],
        ['SZHY10002', 'Merchant#2026'],
      ]) {
        tokens[account!] = await login(app, account!, password!);
      }
      stores = (await get<Store[]>(`${base}/stores`)).body;
    });

    it('seeds every floor of the four stores, shops on the floors of their contracts', async () => {
      expect(stores.map((s) => s.code)).toEqual(['S01', 'S02', 'S03', 'S04']);
      expect(stores.find((s) => s.code === 'S03')!.floors.map((f) => f.floor)).toContain('B2');
      const mismatched = await server.db
        .selectFrom('map_shops as s')
        .innerJoin('map_floors as f', 'f.id', 's.floor_id')
        .innerJoin('contracts as c', 'c.id', 's.contract_id')
        .select(['s.shop_no', 'f.floor', 'c.floor as contract_floor', 'c.shop_no as contract_shop'])
        .execute();
      expect(mismatched.length).toBeGreaterThan(50);
      for (const row of mismatched) {
        expect(row.floor).toBe(row.contract_floor);
        expect(row.shop_no).toBe(row.contract_shop);
      }
      // The dunning notice takes its bank account from the contract's floor: the map agrees.
      const dunning = await server.db
        .selectFrom('dunning_notices as d')
        .innerJoin('map_shops as s', 's.contract_id', 'd.contract_id')
        .innerJoin('map_floors as f', 'f.id', 's.floor_id')
        .select(['d.floor', 'f.floor as map_floor'])
        .execute();
      for (const row of dunning) expect(row.map_floor).toBe(row.floor);
    });

    it('answers anonymous callers public fields only, and the plan image', async () => {
      const floor = await readFloor('S01', 'L1');
      expect(floor.shops.length).toBeGreaterThan(10);
      for (const shop of floor.shops)
        for (const field of [...privateFields, 'own']) expect(shop).not.toHaveProperty(field);
      expect(floor.shops.some((shop) => shop.brand)).toBe(true);
      const plan = await app.inject({ method: 'GET', url: `${base}/plan/${floor.id}` });
      expect(plan.statusCode).toBe(200);
      expect(plan.headers['content-type']).toContain('image/svg+xml');
      expect(plan.body).toContain('<svg');
      // An image has no language: its title is in both, as its other labels are.
      expect(plan.body).toContain('>海雅百货宝安店 L1<');
      expect(plan.body).toContain(">Haiya Department Store Bao'an L1<");
    });

    it("shows a merchant its own shops' details and never another merchant's", async () => {
      const floor = await readFloor('S01', 'L1', tokens.SZHY10001);
      const own = floor.shops.filter((shop) => shop.own);
      expect(own.length).toBeGreaterThan(0);
      for (const shop of own) expect(shop.contractNo).toMatch(/^HT-/);
      for (const shop of floor.shops.filter((s) => !s.own))
        for (const field of privateFields) expect(shop).not.toHaveProperty(field);
      const other = await readFloor('S03', 'B1', tokens.SZHY10001);
      const teaShop = other.shops.find((shop) => shop.brand === '悦茶');
      expect(teaShop).toBeDefined();
      expect(teaShop).not.toHaveProperty('merchantName');
      expect(teaShop).not.toHaveProperty('contractNo');
    });

    it('gives staff fields by scope: admin everywhere, store01 in its own stores only', async () => {
      const admin = await readFloor('S03', 'L1', tokens.admin);
      expect(admin.shops.find((shop) => shop.brand)!).toHaveProperty('contractNo');
      const inScope = await readFloor('S01', 'L2', tokens.store01);
      expect(inScope.shops.find((shop) => shop.brand)!).toHaveProperty('merchantName');
      const outOfScope = await readFloor('S03', 'L2', tokens.store01);
      for (const shop of outOfScope.shops) expect(shop).not.toHaveProperty('contractNo');
      const accountant = await readFloor('S01', 'L1', tokens.acct01);
      for (const shop of accountant.shops) expect(shop).not.toHaveProperty('contractNo');
    });

    it('finds a brand across floors, literally', async () => {
      const found = (
        await get<{ brand: string; floor: string }[]>(
          `${base}/search?store=S03&q=${encodeURIComponent('悦茶')}`,
        )
      ).body;
      expect(found.map((hit) => hit.floor)).toContain('B1');
      const wildcard = (
        await get<unknown[]>(`${base}/search?store=S01&q=${encodeURIComponent('%')}`)
      ).body;
      expect(wildcard).toEqual([]);
    });

    it('refuses layout edits without a session, by operations staff, and by store01 on another store', async () => {
      const floor = await readFloor('S03', 'L1');
      const body = { floorId: floor.id, baseVersion: floor.version, shops: layoutOf(floor) };
      expect((await post(`${base}/layout`, body)).statusCode).toBe(401);
      expect((await post(`${base}/layout`, body, tokens.mapops)).statusCode).toBe(403);
      const refused = await post(`${base}/layout`, body, tokens.store01);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('只能编辑本人所属门店的楼层图');
      expect(
        (
          await post(
            `${base}/restore`,
            { floorId: floor.id, baseVersion: floor.version, version: 1 },
            tokens.store01,
          )
        ).statusCode,
      ).toBe(403);
      expect((await readFloor('S03', 'L1')).version).toBe(floor.version);
    });

    it('publishes store01 layouts of its own store as versions and restores them', async () => {
      const floor = await readFloor('S01', 'L4');
      const added = { number: 'L4-X1', category: 'home', polygon: rectangle(20, 46, 10, 8) };
      const saved = await post(
        `${base}/layout`,
        { floorId: floor.id, baseVersion: floor.version, shops: [...layoutOf(floor), added] },
        tokens.store01,
      );
      expect(saved.statusCode).toBe(200);
      // A save is a draft (floor-map-drafts.test.ts); publishing makes the version.
      const published = await post(
        `${base}/publish`,
        { floorId: floor.id, baseVersion: floor.version, revision: saved.json().value.revision },
        tokens.store01,
      );
      expect(published.json().message).toBe(`已发布为第 ${floor.version + 1} 版`);
      const after = await readFloor('S01', 'L4');
      const shop = after.shops.find((s) => s.number === 'L4-X1')!;
      expect(shop).toBeDefined();
      const areaRow = await server.db
        .selectFrom('map_shops')
        .select('area')
        .where('id', '=', shop.id)
        .executeTakeFirstOrThrow();
      expect(Number(areaRow.area)).toBe(80);
      const restored = await post(
        `${base}/restore`,
        { floorId: floor.id, baseVersion: after.version, version: floor.version },
        tokens.store01,
        'en-US',
      );
      expect(restored.json().message).toBe(
        `Version ${floor.version} restored as version ${floor.version + 2}`,
      );
      const back = await readFloor('S01', 'L4');
      expect(back.shops.some((s) => s.number === 'L4-X1')).toBe(false);
      expect(back.version).toBe(floor.version + 2);
      // Assignments survive a geometry save: shops keep them by number.
      expect(back.shops.filter((s) => s.brand).length).toBe(
        floor.shops.filter((s) => s.brand).length,
      );
    });

    const refusals: [string, (floor: Floor) => unknown[], string][] = [
      [
        'an overlap',
        (f) => [
          ...layoutOf(f),
          { number: 'L5-X1', category: '', polygon: rectangle(6, 6, 10, 10) },
        ],
        '铺位 L5-01 与铺位 L5-X1 重叠',
      ],
      [
        'a self-intersecting polygon',
        (f) => [
          ...layoutOf(f),
          {
            number: 'L5-X2',
            category: '',
            polygon: {
              type: 'Polygon',
              coordinates: [
                [
                  [20, 46],
                  [30, 54],
                  [30, 46],
                  [20, 54],
                  [20, 46],
                ],
              ],
            },
          },
        ],
        '铺位 L5-X2 的边自相交，请重新绘制',
      ],
      [
        'an open ring',
        (f) => [
          ...layoutOf(f),
          {
            number: 'L5-X3',
            category: '',
            polygon: {
              type: 'Polygon',
              coordinates: [
                [
                  [20, 46],
                  [30, 46],
                  [30, 54],
                  [20, 54],
                ],
              ],
            },
          },
        ],
        '铺位 L5-X3 的多边形没有闭合',
      ],
      [
        'a shop outside the plan',
        (f) => [
          ...layoutOf(f),
          { number: 'L5-X4', category: '', polygon: rectangle(155, 46, 10, 8) },
        ],
        '铺位 L5-X4 超出了平面图范围',
      ],
      [
        'a duplicate number',
        (f) => [
          ...layoutOf(f),
          { number: 'L5-01', category: '', polygon: rectangle(20, 46, 10, 8) },
        ],
        '铺位号 L5-01 重复',
      ],
      [
        'a number of another floor',
        (f) => [
          ...layoutOf(f),
          { number: 'L1-01', category: '', polygon: rectangle(20, 46, 10, 8) },
        ],
        '铺位号 L1-01 已在本门店其他楼层使用',
      ],
      [
        'a bad number',
        (f) => [
          ...layoutOf(f),
          { number: 'L5 01;', category: '', polygon: rectangle(20, 46, 10, 8) },
        ],
        '铺位号 L5 01; 无效：只能使用字母、数字和连字符，最多 20 个字符',
      ],
    ];
    for (const [name, shops, message] of refusals) {
      it(`refuses ${name} with a message and changes nothing`, async () => {
        const floor = await readFloor('S01', 'L5');
        const before = await countVersions(floor.id);
        const response = await post(
          `${base}/layout`,
          { floorId: floor.id, baseVersion: floor.version, shops: shops(floor) },
          tokens.admin,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ state: false, message });
        expect(await countVersions(floor.id)).toBe(before);
        expect(
          await server.db
            .selectFrom('map_layout_drafts')
            .selectAll()
            .where('floor_id', '=', floor.id)
            .execute(),
        ).toHaveLength(0);
        expect((await readFloor('S01', 'L5')).shops).toEqual(floor.shops);
      });
    }

    it('refuses NUL bytes, deep JSON, unknown fields and bad ids', async () => {
      const floor = await readFloor('S01', 'L5');
      const nul = await post(
        `${base}/layout`,
        {
          floorId: floor.id,
          baseVersion: floor.version,
          shops: [{ number: 'A\u0000', category: '', polygon: rectangle(1, 1, 5, 5) }],
        },
        tokens.admin,
      );
      expect(nul.statusCode).toBe(400);
      let deep: unknown = 1;
      for (let i = 0; i < 200; i++) deep = [deep];
      expect(
        (
          await post(
            `${base}/layout`,
            { floorId: floor.id, baseVersion: 1, shops: deep },
            tokens.admin,
          )
        ).statusCode,
      ).toBe(400);
      // A stale base version (someone saved since): refused with the current version named.
      const stale = await post(
        `${base}/layout`,
        { floorId: floor.id, baseVersion: floor.version - 1, shops: [] },
        tokens.admin,
        'en-US',
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        `Someone else has updated this floor to version ${floor.version}; reload before saving`,
      );
      expect(
        (await get(`${base}/floor?floorId=${encodeURIComponent("1' or '1'='1")}`)).status,
      ).toBe(400);
      expect((await get(`${base}/floor?floorId=999`)).status).toBe(404);
      expect(
        (
          await post(
            `${base}/plan`,
            {
              floorId: floor.id,
              image: Buffer.from('<svg onload=alert(1)>').toString('base64'),
              width: 160,
              height: 100,
            },
            tokens.admin,
          )
        ).json().message,
      ).toBe('平面图只能是 PNG、JPEG 或 WebP 图片');
      expect((await readFloor('S01', 'L5')).version).toBe(floor.version);
    });

    it('makes one draft of ten concurrent saves on one base version, refusing the rest', async () => {
      const floor = await readFloor('S02', 'L3');
      const before = await countVersions(floor.id);
      const body = { floorId: floor.id, baseVersion: floor.version, shops: layoutOf(floor) };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post(`${base}/layout`, body, tokens.admin)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      const drafts = await server.db
        .selectFrom('map_layout_drafts')
        .select('revision')
        .where('floor_id', '=', floor.id)
        .execute();
      expect(drafts).toEqual([{ revision: 1 }]);
      expect(await countVersions(floor.id)).toBe(before);
    });

    it('lets operations staff assign a shop, within its store and floor, without touching shapes', async () => {
      const floor = await readFloor('S02', 'L1', tokens.admin);
      const vacant = floor.shops.find((s) => !s.brand)!;
      const contract = await server.db
        .selectFrom('contracts')
        .select(['number', 'floor'])
        .where('store_code', '=', 'S02')
        .where('floor', '=', 'L1')
        .executeTakeFirstOrThrow();
      const wrong = await server.db
        .selectFrom('contracts')
        .select('number')
        .where('store_code', '=', 'S04')
        .executeTakeFirstOrThrow();
      expect(
        (
          await post(
            `${base}/assign`,
            { shopId: vacant.id, status: 'open', brand: '', contractNo: contract.number },
            tokens.store01,
          )
        ).statusCode,
      ).toBe(403);
      const elsewhere = await post(
        `${base}/assign`,
        { shopId: vacant.id, status: 'open', brand: '', contractNo: wrong.number },
        tokens.mapops,
      );
      expect(elsewhere.statusCode).toBe(400);
      const ok = await post(
        `${base}/assign`,
        { shopId: vacant.id, status: 'fitting', brand: '', contractNo: contract.number },
        tokens.mapops,
      );
      expect(ok.statusCode).toBe(200);
      const after = (await readFloor('S02', 'L1', tokens.admin)).shops.find(
        (s) => s.id === vacant.id,
      )!;
      expect(after.contractNo).toBe(contract.number);
      expect(after.brand).not.toBe('');
      expect(after.polygon).toEqual(vacant.polygon);
    });
  });
}
