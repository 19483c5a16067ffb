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
