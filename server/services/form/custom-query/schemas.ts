import { Type } from 'typebox';

// A page of a named query's rows is the contract's (custom queries answer one too).
export { rowPage } from '../../../../src/contract/custom-query';

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
