import { Type } from 'typebox';

export const templateKey = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
});
export const recordId = Type.String({ minLength: 1, maxLength: 24, pattern: '^[0-9]+$' });

/** `ids=1,2,3` of the DELETE calls: at most 500 decimal ids. */
export const idList = Type.String({
  minLength: 1,
  maxLength: 12_500,
  pattern: '^[0-9]+(,[0-9]+)*$',
});

export const values = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  maxProperties: 200,
});

export const page = Type.Object({
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export const pageBean = Type.Optional(
  Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  }),
);

export function splitIds(text: string): string[] {
  return [...new Set(text.split(','))].slice(0, 500);
}
