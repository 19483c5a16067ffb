import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { rectangle } from '../../server/domain/map/geometry';
import { bearer, databaseKinds, login, withServer } from './harness';

/**
 * Drafts, preview, publish, discard and restore of a floor's layout (docs/floor-map.md,
 * "Drafts and publishing"): a save keeps a draft only the floor's layout editors read, the
 * preview says what publishing changes, visitors see the published layout until it is
 * published, and every step is guarded by the published version and the draft's revision.
 * Both databases: the outcome rests on our SQL, locks and transactions.
 */
const base = '/portal/map/v1';

interface LayoutShop {
  number: string;
  category: string;
  polygon: { type: 'Polygon'; coordinates: [number, number][][] };
}
interface Shop extends LayoutShop {
  id: string;
  brand: string;
  contractNo?: string;
}
interface Floor {
  id: string;
  version: number;
  shops: Shop[];
}
interface Draft {
  baseVersion: number;
  revision: number;
  shops: LayoutShop[];
}
interface Preview {
  publishedVersion: number;
  revision: number;
  shopCount: number;
  added: { number: string }[];
  removed: { number: string }[];
  moved: { number: string; distance: number }[];
  renumbered: { from: string; to: string }[];
  resized: { number: string; from: number; to: number }[];
  recategorised: { number: string; from: string; to: string }[];
  unchanged: number;
}

for (const kind of databaseKinds) {
  describe(`floor map drafts (${kind})`, () => {
    const server = withServer(kind);
    let app: FastifyInstance;
    const tokens: Record<string, string> = {};
    let floorIds: Record<string, string>;

    const send = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
      app.inject({
        method,
        url,
        payload,
        headers: { 'accept-language': 'zh-CN', ...(token ? bearer(token) : {}) },
      });
    const inEnglish = (url: string, token: string | undefined, payload: object) =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'accept-language': 'en-US', ...bearer(token!) },
      });
    const floor = async (key: string, token?: string) =>
      (await send('GET', `${base}/floor?floorId=${floorIds[key]}`, token)).json<Floor>();
    const draftOf = async (key: string, token = tokens.admin) =>
      (await send('GET', `${base}/draft?floorId=${floorIds[key]}`, token)).json<{
        draft: Draft | null;
      }>().draft;
    const layoutOf = (shops: LayoutShop[]): LayoutShop[] =>
      shops.map(({ number, category, polygon }) => ({ number, category, polygon }));
    const shift = (shop: LayoutShop, dx: number): LayoutShop => ({
      ...shop,
      polygon: {
        type: 'Polygon',
        coordinates: [shop.polygon.coordinates[0]!.map(([x, y]) => [x + dx, y])],
      },
    });

    beforeAll(async () => {
      app = server.app;
      for (const [account, password] of [
        ['admin', 'Atrium#2026'],
        ['store01', 'Staff#2026'],
        ['acct01', 'Staff#2026'],
        ['mapops', 'Staff#2026'],
        ['SZHY10001', 'Merchant#2026'],
      ]) {
        tokens[account!] = await login(app, account!, password!);
      }
      const stores = (await send('GET', `${base}/stores`)).json<
        { code: string; floors: { id: string; floor: string }[] }[]
      >();
      floorIds = Object.fromEntries(
        stores.flatMap((store) => store.floors.map((f) => [`${store.code}/${f.floor}`, f.id])),
      );
    });

    it('keeps a save as a draft that visitors never see, and publishes it after a preview', async () => {
      const before = await floor('S01/L2');
      const shops = layoutOf(before.shops);
      const [first, second, third, fourth, fifth] = shops;
      // One of each change: added, removed, moved, renumbered, resized, recategorised.
      const edited = [
        shift(first!, -0.5),
        { ...second!, number: 'L2-R2' },
        {
          ...third!,
          polygon: {
            type: 'Polygon' as const,
            coordinates: [
              third!.polygon.coordinates[0]!.map(([x, y], _, ring) => {
                const top = Math.min(...ring.map(([, py]) => py));
                return [x, y === top ? y + 2 : y] as [number, number];
              }),
            ],
          },
        },
        { ...fourth!, category: fourth!.category === 'tea' ? 'home' : 'tea' },
        ...shops.slice(5),
        { number: 'L2-N1', category: 'home', polygon: rectangle(20, 46, 10, 8) },
      ];
      const saved = await send('POST', `${base}/layout`, tokens.store01, {
        floorId: before.id,
        baseVersion: before.version,
        shops: edited,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        state: true,
        message: '草稿已保存，发布前只有楼层图编辑人员能看到',
        value: { revision: 1 },
      });

      // Everyone else still sees the published floor, unchanged.
      for (const token of [undefined, tokens.acct01, tokens.SZHY10001, tokens.store01]) {
        const seen = await floor('S01/L2', token);
        expect(seen.version).toBe(before.version);
        expect(seen.shops.map((s) => s.number)).toEqual(before.shops.map((s) => s.number));
      }
      // The draft survives a reload, for its editors.
      const draft = (await draftOf('S01/L2', tokens.store01))!;
      expect(draft).toMatchObject({ baseVersion: before.version, revision: 1 });
      expect(draft.shops).toEqual(edited);

      const preview = (
        await send('GET', `${base}/preview?floorId=${before.id}`, tokens.store01)
      ).json<Preview>();
      expect(preview.publishedVersion).toBe(before.version);
      expect(preview.revision).toBe(1);
      expect(preview.added.map((s) => s.number)).toEqual(['L2-N1']);
      expect(preview.removed.map((s) => s.number)).toEqual([fifth!.number]);
      expect(preview.moved).toEqual([{ number: first!.number, distance: 0.5 }]);
      expect(preview.renumbered).toEqual([{ from: second!.number, to: 'L2-R2' }]);
      expect(preview.resized.map((s) => s.number)).toEqual([third!.number]);
      expect(preview.resized[0]!.to).toBeLessThan(preview.resized[0]!.from);
      expect(preview.recategorised.map((s) => s.number)).toEqual([fourth!.number]);
      expect(preview.unchanged).toBe(shops.length - 5);

      const renamed = before.shops.find((s) => s.number === second!.number)!;
      const published = await send('POST', `${base}/publish`, tokens.store01, {
        floorId: before.id,
        baseVersion: before.version,
        revision: 1,
      });
      expect(published.json()).toEqual({
        state: true,
        message: `已发布为第 ${before.version + 1} 版`,
        value: { version: before.version + 1 },
      });
      const after = await floor('S01/L2');
      expect(after.version).toBe(before.version + 1);
      expect(after.shops.map((s) => s.number).sort()).toEqual(edited.map((s) => s.number).sort());
      // A renumbered shop is the same unit: its id, brand and contract go with it.
      const moved = after.shops.find((s) => s.number === 'L2-R2')!;
      expect(moved.id).toBe(renamed.id);
      expect(moved.brand).toBe(renamed.brand);
      expect(await draftOf('S01/L2')).toBeNull();
    });

    it('lets no visitor, merchant, operations or other store read, preview, publish or discard a draft', async () => {
      const target = await floor('S03/L3');
      const shops = [
        ...layoutOf(target.shops),
        { number: 'L3-N1', category: '', polygon: rectangle(20, 46, 10, 8) },
      ];
      expect(
        (
          await send('POST', `${base}/layout`, tokens.admin, {
            floorId: target.id,
            baseVersion: target.version,
            shops,
          })
        ).statusCode,
      ).toBe(200);
      const body = { floorId: target.id, baseVersion: target.version, revision: 1 };
      const attempts = [
        ['GET', `${base}/draft?floorId=${target.id}`, undefined],
        ['GET', `${base}/preview?floorId=${target.id}`, undefined],
        ['POST', `${base}/publish`, body],
        ['POST', `${base}/discard`, { floorId: target.id, revision: 1 }],
        ['POST', `${base}/layout`, { floorId: target.id, baseVersion: target.version, shops }],
      ] as const;
      for (const [method, url, payload] of attempts) {
        expect((await send(method, url, undefined, payload)).statusCode).toBe(401);
        for (const who of ['acct01', 'mapops', 'SZHY10001', 'store01']) {
          const answer = await send(method, url, tokens[who], payload);
          expect(answer.statusCode, `${who} ${method} ${url}`).toBe(403);
          expect(answer.body).not.toContain('L3-N1');
          expect(answer.json().message).toBe('只能编辑本人所属门店的楼层图');
        }
      }
      // Nothing moved: the draft is as the administrator left it, the floor unpublished.
      expect((await draftOf('S03/L3'))!.revision).toBe(1);
      expect((await floor('S03/L3')).version).toBe(target.version);
      expect((await floor('S03/L3')).shops.some((s) => s.number === 'L3-N1')).toBe(false);
    });

    it('keeps one draft per floor: a save or publish on a stale revision or version is refused', async () => {
      const target = await floor('S02/L4');
      const shops = layoutOf(target.shops);
      const save = (revision: number, baseVersion = target.version, token = tokens.admin) =>
        send('POST', `${base}/layout`, token, {
          floorId: target.id,
          baseVersion,
          revision,
          shops,
        });
      expect((await save(0)).statusCode).toBe(200);
      // A second editor who opened the floor before that save still holds revision 0.
      const second = await inEnglish(`${base}/layout`, tokens.store01, {
        floorId: target.id,
        baseVersion: target.version,
        shops,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(
        "Someone else has updated this floor's draft (save 1); reload before continuing",
      );
      const third = await save(0, target.version, tokens.store01);
      expect(third.json().message).toBe(
        '这个楼层的草稿已被他人更新（第 1 次保存），请重新加载后再操作',
      );
      expect((await save(1)).json().value).toEqual({ revision: 2 });
      const staleVersion = await inEnglish(`${base}/publish`, tokens.admin, {
        floorId: target.id,
        baseVersion: target.version - 1,
        revision: 2,
      });
      expect(staleVersion.statusCode).toBe(409);
      expect(staleVersion.json().message).toBe(
        `Someone else has updated this floor to version ${target.version}; reload before saving`,
      );
      const staleRevision = await send('POST', `${base}/publish`, tokens.admin, {
        floorId: target.id,
        baseVersion: target.version,
        revision: 1,
      });
      expect(staleRevision.statusCode).toBe(409);
      // Ten editors publishing the same draft at once: one version, nine refusals.
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          send('POST', `${base}/publish`, tokens.admin, {
            floorId: target.id,
            baseVersion: target.version,
            revision: 2,
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(9);
      expect((await floor('S02/L4')).version).toBe(target.version + 1);
      expect(await draftOf('S02/L4')).toBeNull();
    });

    it('discards a draft, leaving the published floor as it was', async () => {
      const target = await floor('S01/L3');
      await send('POST', `${base}/layout`, tokens.store01, {
        floorId: target.id,
        baseVersion: target.version,
        shops: layoutOf(target.shops).slice(1),
      });
      const stale = await send('POST', `${base}/discard`, tokens.store01, {
        floorId: target.id,
        revision: 0,
      });
      expect(stale.statusCode).toBe(409);
      const discarded = await inEnglish(`${base}/discard`, tokens.store01, {
        floorId: target.id,
        revision: 1,
      });
      expect(discarded.json()).toEqual({ state: true, message: 'Draft discarded' });
      expect(await draftOf('S01/L3')).toBeNull();
      expect((await floor('S01/L3')).shops).toEqual(target.shops);
      const none = await send('GET', `${base}/preview?floorId=${target.id}`, tokens.store01);
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe('这个楼层没有草稿');
    });

    it('previews a restore, and restoring drops the draft it was told about', async () => {
      const target = await floor('S01/L5');
      const original = target.version;
      const removedOne = layoutOf(target.shops).slice(1);
      await send('POST', `${base}/layout`, tokens.admin, {
        floorId: target.id,
        baseVersion: original,
        shops: removedOne,
      });
      await send('POST', `${base}/publish`, tokens.admin, {
        floorId: target.id,
        baseVersion: original,
        revision: 1,
      });
      await send('POST', `${base}/layout`, tokens.admin, {
        floorId: target.id,
        baseVersion: original + 1,
        shops: removedOne.slice(1),
      });
      const preview = (
        await send('GET', `${base}/preview?floorId=${target.id}&version=${original}`, tokens.admin)
      ).json<Preview>();
      expect(preview.added.map((s) => s.number)).toEqual([target.shops[0]!.number]);
      expect(preview.revision).toBe(1);
      const restore = (revision?: number) =>
        send('POST', `${base}/restore`, tokens.admin, {
          floorId: target.id,
          baseVersion: original + 1,
          version: original,
          ...(revision === undefined ? {} : { revision }),
        });
      // Not told of the draft: refused, so no one's draft goes unseen.
      expect((await restore()).statusCode).toBe(409);
      const restored = await restore(1);
      expect(restored.json().message).toBe(`已恢复第 ${original} 版，发布为第 ${original + 2} 版`);
      expect(await draftOf('S01/L5')).toBeNull();
      const after = await floor('S01/L5');
      expect(after.shops.map((s) => s.number)).toEqual(target.shops.map((s) => s.number));
    });

    it('refuses a bad draft in the caller’s language and keeps no draft', async () => {
      const target = await floor('S04/L1');
      const shops = [
        ...layoutOf(target.shops),
        { number: 'L1-X1', category: '', polygon: rectangle(155, 46, 10, 8) },
      ];
      const en = await inEnglish(`${base}/layout`, tokens.admin, {
        floorId: target.id,
        baseVersion: target.version,
        shops,
      });
      expect(en.statusCode).toBe(400);
      expect(en.json().message).toBe('Shop L1-X1 lies outside the floor plan');
      const zh = await send('POST', `${base}/publish`, tokens.admin, {
        floorId: target.id,
        baseVersion: target.version,
        revision: -1,
      });
      expect(zh.statusCode).toBe(400);
      expect(zh.json().message).not.toMatch(/must|revision/);
      expect(await draftOf('S04/L1')).toBeNull();
    });
  });
}
