import { Type } from 'typebox';

/** A point in plan units (metres, y down). */
const point = Type.Tuple([
  Type.Number({ minimum: -1e6, maximum: 1e6 }),
  Type.Number({ minimum: -1e6, maximum: 1e6 }),
]);

export const polygonSchema = Type.Object(
  {
    type: Type.Literal('Polygon'),
    coordinates: Type.Array(Type.Array(point, { maxItems: 1000 }), { minItems: 1, maxItems: 4 }),
  },
  { additionalProperties: false },
);

export const layoutShopSchema = Type.Object(
  {
    number: Type.String({ minLength: 1, maxLength: 40 }),
    category: Type.String({ maxLength: 40 }),
    polygon: polygonSchema,
  },
  { additionalProperties: false },
);

export const shopSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  floor: Type.String(),
  brand: Type.String(),
  category: Type.String(),
  area: Type.Number(),
  status: Type.String(),
  x: Type.Number(),
  y: Type.Number(),
  polygon: polygonSchema,
  own: Type.Optional(Type.Boolean()),
  merchantName: Type.Optional(Type.String()),
  contractNo: Type.Optional(Type.String()),
  contractId: Type.Optional(Type.String()),
  statementStatus: Type.Optional(Type.String()),
  overdue: Type.Optional(Type.Boolean()),
});

export const floorSummarySchema = Type.Object({
  id: Type.String(),
  floor: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  version: Type.Integer(),
});

export const storeSchema = Type.Object({
  code: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  floors: Type.Array(floorSummarySchema),
});

export const idText = Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z_-]+$' });
export const storeCode = Type.String({ minLength: 1, maxLength: 10, pattern: '^[A-Z0-9]+$' });

/** A draft's revision as the editor read it: 0 when the floor had no draft. */
export const revision = Type.Integer({ minimum: 0, maximum: 1_000_000 });

export const draftSchema = Type.Object({
  baseVersion: Type.Integer(),
  revision: Type.Integer(),
  note: Type.String(),
  updatedAt: Type.String(),
  updatedBy: Type.String(),
  shops: Type.Array(layoutShopSchema),
});

const numbered = (fields: Parameters<typeof Type.Object>[0]) =>
  Type.Array(Type.Object({ number: Type.String(), ...fields }));

export const layoutDiffSchema = Type.Object({
  publishedVersion: Type.Integer(),
  revision: Type.Integer(),
  shopCount: Type.Integer(),
  added: numbered({ area: Type.Number() }),
  removed: numbered({ area: Type.Number() }),
  moved: numbered({ distance: Type.Number() }),
  renumbered: Type.Array(Type.Object({ from: Type.String(), to: Type.String() })),
  resized: numbered({ from: Type.Number(), to: Type.Number() }),
  recategorised: numbered({ from: Type.String(), to: Type.String() }),
  unchanged: Type.Integer(),
});
