import { Type } from 'typebox';

/** A page of rows of a named query; row fields depend on the query (see its definition). */
export const rowPage = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** -1 when the request asked for no count. */
  total: Type.Integer(),
  /** The total is the planner's estimate (a request with count: estimate, past 1,000 rows). */
  estimated: Type.Optional(Type.Boolean()),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export { queryFilterBody } from '../../schemas';

export const viewColumns = Type.Array(
  Type.Object({
    field: Type.String(),
    label: Type.String(),
    labelEn: Type.Optional(Type.String()),
    width: Type.Optional(Type.Integer()),
    align: Type.Optional(Type.String()),
    whole: Type.Optional(
      Type.Boolean({ description: 'Identifiers read whole (a contract number): never cut to fit' }),
    ),
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
