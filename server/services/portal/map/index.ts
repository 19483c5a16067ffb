import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { idText, mapCalls } from '../../../../src/contract/map';
import { currentUser } from '../../../plugins/auth';
import { assertLayoutEditor, mapAccess } from '../../../domain/map/access';
import { diffLayouts } from '../../../domain/map/diff';
import {
  findFloor,
  listStores,
  listVersions,
  publishedLayout,
  readDraft,
  readFloorShops,
  readPlan,
  searchShops,
} from '../../../domain/map/read';
import {
  assignShop,
  discardDraft,
  publishDraft,
  replacePlan,
  restoreVersion,
  saveDraft,
  versionShops,
} from '../../../domain/map/write';
import { badRequest, notFound } from '../../../lib/errors';
import { businessCalendar } from '../../../lib/time';
import { addRoute } from '../../contract';
import { done, ok } from '../../schemas';

const base = '/map/v1';

/** Plan images an editor may upload: raster formats a browser draws without running code. */
const rasterTypes: [string, (bytes: Buffer) => boolean][] = [
  [
    'image/png',
    (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

/** The floor map (docs/floor-map.md): public reads, staff fields by scope, checked writes. */
export async function mapRoutes(untyped: FastifyInstance) {
  // The routes read their request parts typed by their schemas.
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;

  addRoute(app, mapCalls.stores, async () => listStores(db));

  addRoute(app, mapCalls.floor, async (request) => {
    const { floorId } = request.query;
    const floor = await findFloor(db, floorId);
    const access = mapAccess(request.user);
    return {
      id: floor.id,
      floor: floor.floor,
      store: floor.store_code,
      width: floor.plan_width,
      height: floor.plan_height,
      version: floor.version,
      shops: await readFloorShops(db, floor.id, access, businessCalendar(config).today),
    };
  });

  addRoute(app, mapCalls.search, async (request) => {
    const { store, q } = request.query;
    return searchShops(db, store, q.trim());
  });

  app.get(
    `${base}/plan/:floorId`,
    {
      schema: { summary: "A floor's plan image", params: Type.Object({ floorId: idText }) },
    },
    async (request, reply) => {
      const plan = await readPlan(db, request.params.floorId);
      return (
        reply
          .header('Content-Type', plan.mime)
          .header('X-Content-Type-Options', 'nosniff')
          // An SVG opened on its own runs nothing and loads nothing.
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('Cache-Control', 'no-cache')
          .send(plan.bytes)
      );
    },
  );

  addRoute(app, mapCalls.access, async (request) => {
    const access = mapAccess(currentUser(request));
    return { layoutStores: access.layoutStores, assign: access.assign };
  });

  addRoute(app, mapCalls.versions, async (request) => {
    const { floorId } = request.query;
    const floor = await findFloor(db, floorId);
    const access = mapAccess(currentUser(request));

    assertLayoutEditor(access, floor.store_code);
    return listVersions(db, floor.id);
  });

  addRoute(app, mapCalls.draft, async (request) => {
    const { floorId } = request.query;
    const floor = await findFloor(db, floorId);
    assertLayoutEditor(mapAccess(currentUser(request)), floor.store_code);
    return { draft: await readDraft(db, floor.id) };
  });

  addRoute(app, mapCalls.preview, async (request) => {
    const { floorId, version } = request.query;
    const floor = await findFloor(db, floorId);
    assertLayoutEditor(mapAccess(currentUser(request)), floor.store_code);
    const draft = await readDraft(db, floor.id);
    let shops;
    if (version !== undefined) shops = await versionShops(db, floor.id, version);
    else if (draft) shops = draft.shops;
    else throw notFound('server:map.noDraft');
    return {
      publishedVersion: floor.version,
      revision: draft?.revision ?? 0,
      shopCount: shops.length,
      ...diffLayouts(await publishedLayout(db, floor.id), shops),
    };
  });

  addRoute(app, mapCalls.saveLayout, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const saved = await saveDraft(db, mapAccess(user), user, {
      ...body,
      revision: body.revision ?? 0,
      note: body.note ?? '',
    });
    return ok({ revision: saved }, request.t('server:map.draftSaved'));
  });

  addRoute(app, mapCalls.publish, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const version = await publishDraft(db, mapAccess(user), user, body);
    return ok({ version }, request.t('server:map.published', { version }));
  });

  addRoute(app, mapCalls.discard, async (request) => {
    const body = request.body;
    await discardDraft(db, mapAccess(currentUser(request)), body);
    return done(request, 'server:map.discarded');
  });

  addRoute(app, mapCalls.restore, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const version = await restoreVersion(db, mapAccess(user), user, {
      ...body,
      revision: body.revision ?? 0,
    });
    return ok({ version }, request.t('server:map.restored', { from: body.version, version }));
  });

  addRoute(app, mapCalls.uploadPlan, async (request) => {
    const body = request.body;
    const bytes = Buffer.from(body.image, 'base64');
    const type = rasterTypes.find(([, test]) => test(bytes));
    if (!type) throw badRequest('server:map.badImage');
    const access = mapAccess(currentUser(request));
    await replacePlan(db, access, {
      floorId: body.floorId,
      mime: type[0],
      bytes,
      width: body.width,
      height: body.height,
    });
    return done(request, 'server:map.planSaved');
  });

  addRoute(app, mapCalls.assign, async (request) => {
    const body = request.body;
    const access = mapAccess(currentUser(request));
    await assignShop(db, access, {
      ...body,
      brand: body.brand.trim(),
      contractNo: body.contractNo.trim(),
    });
    return done(request, 'server:map.assigned');
  });
}
