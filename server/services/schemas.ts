import { Type, type TSchema } from 'typebox';

/** The platform's CommonResult envelope (reference/platform-api.md section 1). */
export function commonResult<T extends TSchema>(value: T) {
  return Type.Object({
    state: Type.Boolean(),
    message: Type.Optional(Type.String()),
    value: Type.Optional(value),
  });
}

export const failure = Type.Object({ state: Type.Literal(false), message: Type.String() });

export const okMessage = Type.Object({ state: Type.Boolean(), message: Type.String() });

/** The platform's PageList. */
export function pageList<T extends TSchema>(row: T) {
  return Type.Object({
    rows: Type.Array(row),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });
}

/** The platform's QueryFilter body, the parts we read (pageBean and querys). */
export const queryFilterBody = Type.Object({
  pageBean: Type.Optional(
    Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      showTotal: Type.Optional(Type.Boolean()),
    }),
  ),
  querys: Type.Optional(
    Type.Array(
      Type.Object({
        property: Type.String({ minLength: 1, maxLength: 64 }),
        value: Type.Optional(Type.Unknown()),
        operation: Type.Optional(Type.String({ maxLength: 20 })),
        relation: Type.Optional(Type.String({ maxLength: 10 })),
        group: Type.Optional(Type.String({ maxLength: 20 })),
      }),
      { maxItems: 20 },
    ),
  ),
  sorter: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 5 })),
  params: Type.Optional(Type.Unknown()),
  /** How the total is counted (online form lists; server/lib/bounded-count.ts). */
  count: Type.Optional(
    Type.Union([Type.Literal('exact'), Type.Literal('estimate'), Type.Literal('none')]),
  ),
});
