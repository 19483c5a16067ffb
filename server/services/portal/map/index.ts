import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
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
import { commonResult, done, ok } from '../../schemas';
import {
  draftSchema,
  idText,
  layoutDiffSchema,
  layoutShopSchema,
  revision,
  shopSchema,
  storeCode,
  storeSchema,
} from './schemas';

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

  app.get(
    `${base}/stores`,
    {
      schema: {
        summary: 'The stores and their mapped floors (public)',
        response: { 200: Type.Array(storeSchema) },
      },
    },
    async () => listStores(db),
  );

  app.get(
    `${base}/floor`,
    {
      schema: {
        summary:
          "One floor's shops: public fields for anyone, staff fields (merchant, contract, statement, overdue) within the caller's scope",
        querystring: Type.Object({ floorId: idText }),
        response: {
          200: Type.Object({
            id: Type.String(),
            floor: Type.String(),
            store: Type.String(),
            width: Type.Integer(),
            height: Type.Integer(),
            version: Type.Integer(),
            shops: Type.Array(shopSchema),
          }),
        },
      },
    },
    async (request) => {
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
    },
  );

  app.get(
    `${base}/search`,
    {
      schema: {
        summary: 'Shops of a store by brand or shop number (public fields)',
        querystring: Type.Object({
          store: storeCode,
          q: Type.String({ minLength: 1, maxLength: 40 }),
        }),
        response: {
          200: Type.Array(
            Type.Object({
              id: Type.String(),
              number: Type.String(),
              brand: Type.String(),
              floor: Type.String(),
              floorId: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { store, q } = request.query;
      return searchShops(db, store, q.trim());
    },
  );

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

  app.get(
    `${base}/access`,
    {
      schema: {
        summary: 'What the caller may edit: stores of layout edits, and assignments',
        response: {
          200: Type.Object({
            layoutStores: Type.Union([Type.Literal('all'), Type.Array(Type.String())]),
            assign: Type.Boolean(),
          }),
        },
      },
    },
    async (request) => {
      const access = mapAccess(currentUser(request));
      return { layoutStores: access.layoutStores, assign: access.assign };
    },
  );

  app.get(
    `${base}/versions`,
    {
      schema: {
        summary: "Saved layouts of a floor, newest first (layout editors of the floor's store)",
        querystring: Type.Object({ floorId: idText }),
        response: {
          200: Type.Array(
            Type.Object({
              version: Type.Integer(),
              note: Type.String(),
              createdAt: Type.String(),
              createdBy: Type.String(),
              shopCount: Type.Integer(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { floorId } = request.query;
      const floor = await findFloor(db, floorId);
      const access = mapAccess(currentUser(request));

      assertLayoutEditor(access, floor.store_code);
      return listVersions(db, floor.id);
    },
  );

  app.get(
    `${base}/draft`,
    {
      schema: {
        summary: "The floor's unpublished layout, if any (layout editors of the floor's store)",
        querystring: Type.Object({ floorId: idText }),
        response: { 200: Type.Object({ draft: Type.Union([Type.Null(), draftSchema]) }) },
      },
    },
    async (request) => {
      const { floorId } = request.query;
      const floor = await findFloor(db, floorId);
      assertLayoutEditor(mapAccess(currentUser(request)), floor.store_code);
      return { draft: await readDraft(db, floor.id) };
    },
  );

  app.get(
    `${base}/preview`,
    {
      schema: {
        summary:
          'What publishing the draft (or restoring `version`) changes against the published layout',
        querystring: Type.Object({
          floorId: idText,
          version: Type.Optional(Type.Integer({ minimum: 1 })),
        }),
        response: { 200: layoutDiffSchema },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    `${base}/layout`,
    {
      schema: {
        summary:
          "Saves a floor's shops as its draft (validated; seen by its layout editors only until published)",
        body: Type.Object(
          {
            floorId: idText,
            baseVersion: Type.Integer({ minimum: 0 }),
            revision: Type.Optional(revision),
            note: Type.Optional(Type.String({ maxLength: 200 })),
            shops: Type.Array(layoutShopSchema, { maxItems: 1000 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: commonResult(Type.Object({ revision: Type.Integer() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const saved = await saveDraft(db, mapAccess(user), user, {
        ...body,
        revision: body.revision ?? 0,
        note: body.note ?? '',
      });
      return ok({ revision: saved }, request.t('server:map.draftSaved'));
    },
  );

  app.post(
    `${base}/publish`,
    {
      schema: {
        summary: "Publishes the floor's draft as its next layout version, for everyone",
        body: Type.Object(
          { floorId: idText, baseVersion: Type.Integer({ minimum: 0 }), revision },
          { additionalProperties: false },
        ),
        response: { 200: commonResult(Type.Object({ version: Type.Integer() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const version = await publishDraft(db, mapAccess(user), user, body);
      return ok({ version }, request.t('server:map.published', { version }));
    },
  );

  app.post(
    `${base}/discard`,
    {
      schema: {
        summary: "Drops the floor's draft; the published layout stays as it is",
        body: Type.Object({ floorId: idText, revision }, { additionalProperties: false }),
        response: { 200: commonResult(Type.Null()) },
      },
    },
    async (request) => {
      const body = request.body;
      await discardDraft(db, mapAccess(currentUser(request)), body);
      return done(request, 'server:map.discarded');
    },
  );

  app.post(
    `${base}/restore`,
    {
      schema: {
        summary:
          'Publishes an earlier layout of a floor again as a new version (and drops its draft)',
        body: Type.Object(
          {
            floorId: idText,
            baseVersion: Type.Integer({ minimum: 0 }),
            version: Type.Integer({ minimum: 1 }),
            revision: Type.Optional(revision),
          },
          { additionalProperties: false },
        ),
        response: { 200: commonResult(Type.Object({ version: Type.Integer() })) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const version = await restoreVersion(db, mapAccess(user), user, {
        ...body,
        revision: body.revision ?? 0,
      });
      return ok({ version }, request.t('server:map.restored', { from: body.version, version }));
    },
  );

  app.post(
    `${base}/plan`,
    {
      schema: {
        summary:
          "Replaces a floor's plan image (PNG, JPEG or WebP as base64) and its size in metres",
        body: Type.Object(
          {
            floorId: idText,
            image: Type.String({ minLength: 8, maxLength: 900_000, pattern: '^[A-Za-z0-9+/=]+$' }),
            width: Type.Integer({ minimum: 10, maximum: 10000 }),
            height: Type.Integer({ minimum: 10, maximum: 10000 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: commonResult(Type.Null()) },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    `${base}/assign`,
    {
      schema: {
        summary:
          'Operations: brand, contract (and so merchant) and status of a shop; geometry untouched',
        body: Type.Object(
          {
            shopId: idText,
            status: Type.Union([
              Type.Literal('vacant'),
              Type.Literal('fitting'),
              Type.Literal('open'),
            ]),
            brand: Type.String({ maxLength: 60 }),
            contractNo: Type.String({ maxLength: 40 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: commonResult(Type.Null()) },
      },
    },
    async (request) => {
      const body = request.body;
      const access = mapAccess(currentUser(request));
      await assignShop(db, access, {
        ...body,
        brand: body.brand.trim(),
        contractNo: body.contractNo.trim(),
      });
      return done(request, 'server:map.assigned');
    },
  );
}
