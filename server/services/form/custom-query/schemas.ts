import { Type } from 'typebox';

/** A page of rows of a named query; row fields depend on the query (see its definition). */
export const rowPage = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

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
});

export const viewColumns = Type.Array(
  Type.Object({
    field: Type.String(),
    label: Type.String(),
    labelEn: Type.Optional(Type.String()),
    width: Type.Optional(Type.Integer()),
    align: Type.Optional(Type.String()),
  }),
);

export const viewConditions = Type.Array(
  Type.Object({
    field: Type.String(),
    label: Type.String(),
    labelEn: Type.Optional(Type.String()),
    type: Type.String(),
    options: Type.Optional(Type.Array(Type.Object({ value: Type.String(), label: Type.String() }))),
    optionsFrom: Type.Optional(Type.String()),
  }),
);
