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
