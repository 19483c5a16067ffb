import { Type } from 'typebox';
import { pageList } from '../../schemas';

/** A page of rows of a named query; row fields depend on the query (see its definition). */
export const rowPage = pageList(Type.Record(Type.String(), Type.Unknown()));

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
