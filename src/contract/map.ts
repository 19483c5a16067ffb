import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult } from './envelope';

/**
 * The floor map (docs/floor-map.md; server/services/portal/map): public reads, staff fields
 * by the caller's scope, checked layout edits. Coordinates are plan metres, y down.
 */
const base = '/map/v1';

/** A point in plan units (metres, y down). */
const point = Type.Tuple([
  Type.Number({ minimum: -1e6, maximum: 1e6 }),
  Type.Number({ minimum: -1e6, maximum: 1e6 }),
]);

/** A ring of [x, y] points, first point repeated last. */
export type Ring = Static<typeof point>[];

export const polygon = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(point, { maxItems: 1000 }), { minItems: 1, maxItems: 4 }),
  },
  { additionalProperties: false },
);

export type MapPolygon = Static<typeof polygon>;

export const shopStatus = Type.Union([
  Type.Literal('vacant'),
  Type.Literal('fitting'),
  Type.Literal('open'),
]);

export type ShopStatus = Static<typeof shopStatus>;

/** One shop of a layout: geometry and number only, never assignments. */
export const layoutShop = Type.Object(
  {
    number: Type.String({ minLength: 1, maxLength: 40 }),
    category: Type.String({ maxLength: 40 }),
    polygon,
  },
  { additionalProperties: false },
);

export type LayoutShop = Static<typeof layoutShop>;

/** What anyone reads of a shop: the spec's info panel plus area, category and status. */
export const shop = Type.Object({
  id: Type.String(),
  number: Type.String(),
  floor: Type.String(),
  brand: Type.String(),
  category: Type.String(),
  area: Type.Number(),
  status: shopStatus,
  x: Type.Number(),
  y: Type.Number(),
  polygon,
  /** The caller's own shop (a merchant's unit): drawn highlighted. */
  own: Type.Optional(Type.Boolean()),
  /** Staff fields: only for a caller whose scope covers the shop. */
  merchantName: Type.Optional(Type.String()),
  contractNo: Type.Optional(Type.String()),
  contractId: Type.Optional(Type.String()),
  /** This month's fee notice: confirmed, pending, or none issued. */
  statementStatus: Type.Optional(
    Type.Union([Type.Literal('confirmed'), Type.Literal('pending'), Type.Literal('none')]),
  ),
  overdue: Type.Optional(Type.Boolean()),
});

export type MapShop = Static<typeof shop>;

const floorFields = {
  id: Type.String(),
  floor: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  version: Type.Integer(),
};

export const floorSummary = Type.Object(floorFields);

export type FloorSummary = Static<typeof floorSummary>;

const store = Type.Object({
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  floors: Type.Array(floorSummary),
});

export type MapStore = Static<typeof store>;

const floor = Type.Object({ ...floorFields, store: Type.String(), shops: Type.Array(shop) });

export type FloorData = Static<typeof floor>;

const searchHit = Type.Object({
  id: Type.String(),
  number: Type.String(),
  brand: Type.String(),
  floor: Type.String(),
  floorId: Type.String(),
});

export type SearchHit = Static<typeof searchHit>;

const layoutVersion = Type.Object({
  version: Type.Integer(),
  note: Type.String(),
  createdAt: Type.String(),
  createdBy: Type.String(),
  shopCount: Type.Integer(),
});

export type LayoutVersion = Static<typeof layoutVersion>;

/** A floor's unpublished layout: its layout editors' work in progress. */
const draft = Type.Object({
  baseVersion: Type.Integer(),
  revision: Type.Integer(),
  note: Type.String(),
  updatedAt: Type.String(),
  updatedBy: Type.String(),
  shops: Type.Array(layoutShop),
});

export type LayoutDraft = Static<typeof draft>;

const numbered = <Fields extends Parameters<typeof Type.Object>[0]>(fields: Fields) =>
  Type.Array(Type.Object({ number: Type.String(), ...fields }));

/**
 * What publishing a layout changes against the published one (docs/floor-map.md, "Drafts and
 * publishing"): the server computes it (server/domain/map/diff.ts), the editor shows it.
 */
const layoutChanges = Type.Object({
  added: numbered({ area: Type.Number() }),
  removed: numbered({ area: Type.Number() }),
  /** Same size, centroid moved this many metres. */
  moved: numbered({ distance: Type.Number() }),
  renumbered: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
  /** Area before and after (m²); an outline redrawn at the same area counts too. */
  resized: numbered({ from: Type.Number(), to: Type.Number() }),
  recategorised: numbered({ from: Type.String(), to: Type.String() }),
  unchanged: Type.Integer(),
});

export type LayoutChanges = Static<typeof layoutChanges>;

/** What publishing a draft (or restoring a version) changes against the published layout. */
const layoutDiff = Type.Object({
  publishedVersion: Type.Integer(),
  revision: Type.Integer(),
  shopCount: Type.Integer(),
  ...layoutChanges.properties,
});

export type LayoutDiff = Static<typeof layoutDiff>;

/** An id of a floor or a shop. */
export const idText = Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' });
const storeCode = Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' });
const floorQuery = Type.Object({ floorId: idText });
const publishedVersion = Type.Integer({ minimum: 0 });

/** A draft's revision as the editor read it: 0 when the floor had no draft. */
const revision = Type.Integer({ minimum: 0, maximum: 1_000_000 });

/** A change's answer: the layout version it published. */
const published = commonResult(Type.Object({ version: Type.Integer() }));

/** The plan image (GET /map/v1/plan/:floorId) answers a file, so it is no call here. */
export const mapCalls = defineCalls({
  stores: {
    method: 'GET',
    path: `${base}/stores`,
    schema: {
      summary: 'The stores and their mapped floors (public)',
      response: { 200: Type.Array(store) },
    },
  },
  floor: {
    method: 'GET',
    path: `${base}/floor`,
    schema: {
      summary:
        "One floor's shops: public fields for anyone, staff fields (merchant, contract, statement, overdue) within the caller's scope",
      querystring: floorQuery,
      response: { 200: floor },
    },
  },
  search: {
    method: 'GET',
    path: `${base}/search`,
    schema: {
      summary: 'Shops of a store by brand or shop number (public fields)',
      querystring: Type.Object({
        store: storeCode,
        q: Type.String({ minLength: 1, maxLength: 40 }),
      }),
      response: { 200: Type.Array(searchHit) },
    },
  },
  access: {
    method: 'GET',
    path: `${base}/access`,
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
  versions: {
    method: 'GET',
    path: `${base}/versions`,
    schema: {
      summary: "Saved layouts of a floor, newest first (layout editors of the floor's store)",
      querystring: floorQuery,
      response: { 200: Type.Array(layoutVersion) },
    },
  },
  draft: {
    method: 'GET',
    path: `${base}/draft`,
    schema: {
      summary: "The floor's unpublished layout, if any (layout editors of the floor's store)",
      querystring: floorQuery,
      response: { 200: Type.Object({ draft: Type.Union([Type.Null(), draft]) }) },
    },
  },
  preview: {
    method: 'GET',
    path: `${base}/preview`,
    schema: {
      summary:
        'What publishing the draft (or restoring `version`) changes against the published layout',
      querystring: Type.Object({
        floorId: idText,
        version: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
      response: { 200: layoutDiff },
    },
  },
  saveLayout: {
    method: 'POST',
    path: `${base}/layout`,
    schema: {
      summary:
        "Saves a floor's shops as its draft (validated; seen by its layout editors only until published)",
      body: Type.Object(
        {
          floorId: idText,
          baseVersion: publishedVersion,
          revision: Type.Optional(revision),
          note: Type.Optional(Type.String({ maxLength: 200 })),
          shops: Type.Array(layoutShop, { maxItems: 1000 }),
        },
        { additionalProperties: false },
      ),
      response: { 200: commonResult(Type.Object({ revision: Type.Integer() })) },
    },
  },
  publish: {
    method: 'POST',
    path: `${base}/publish`,
    schema: {
      summary: "Publishes the floor's draft as its next layout version, for everyone",
      body: Type.Object(
        { floorId: idText, baseVersion: publishedVersion, revision },
        { additionalProperties: false },
      ),
      response: { 200: published },
    },
  },
  discard: {
    method: 'POST',
    path: `${base}/discard`,
    schema: {
      summary: "Drops the floor's draft; the published layout stays as it is",
      body: Type.Object({ floorId: idText, revision }, { additionalProperties: false }),
      response: { 200: commonResult(Type.Null()) },
    },
  },
  restore: {
    method: 'POST',
    path: `${base}/restore`,
    schema: {
      summary:
        'Publishes an earlier layout of a floor again as a new version (and drops its draft)',
      body: Type.Object(
        {
          floorId: idText,
          baseVersion: publishedVersion,
          version: Type.Integer({ minimum: 1 }),
          revision: Type.Optional(revision),
        },
        { additionalProperties: false },
      ),
      response: { 200: published },
    },
  },
  uploadPlan: {
    method: 'POST',
    path: `${base}/plan`,
    schema: {
      summary: "Replaces a floor's plan image (PNG, JPEG or WebP as base64) and its size in metres",
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
  assign: {
    method: 'POST',
    path: `${base}/assign`,
    schema: {
      summary:
        'Operations: brand, contract (and so merchant) and status of a shop; geometry untouched',
      body: Type.Object(
        {
          shopId: idText,
          status: shopStatus,
          brand: Type.String({ maxLength: 60 }),
          contractNo: Type.String({ maxLength: 40 }),
        },
        { additionalProperties: false },
      ),
      response: { 200: commonResult(Type.Null()) },
    },
  },
});
