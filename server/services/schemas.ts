import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { Params } from '../i18n';

/**
 * A CommonResult that succeeded, the one way a route builds it: `{ state: true, value }`,
 * with a message when there is one to show.
 */
export function ok<V>(value: V): { state: true; value: V };
export function ok<V>(value: V, message: string): { state: true; message: string; value: V };
export function ok<V>(value: V, message?: string): { state: true; value: V; message?: string } {
  return message === undefined ? { state: true, value } : { state: true, message, value };
}

/** A success that only says so, in the caller's language: `{ state: true, message }`. */
export function done(request: FastifyRequest, key: string, params?: Params) {
  return { state: true as const, message: request.t(key, params) };
}

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

/**
 * The platform's PageList, the one every list answers. Our two extensions are optional:
 * `next`, the cursor of the rows after a full page (keyset paging, pageBean.after), and
 * `estimated`, when the total is the planner's estimate (count: 'estimate').
 */
export function pageList<T extends TSchema>(row: T) {
  return Type.Object({
    rows: Type.Array(row),
    /** -1 when the request asked for no count. */
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    next: Type.Optional(Type.String()),
    estimated: Type.Optional(Type.Boolean()),
  });
}

/**
 * The platform's QueryFilter body (reference/platform-api.md section 1), one for every list.
 * Up to 500 rows a page, as the flow pickers read every flow in one (the finance queries,
 * which have their own descriptor, go further); up to 50 conditions, as the workflow lists'
 * advanced search sends one per field and group.
 */
export const queryFilter = Type.Object({
  pageBean: Type.Optional(
    Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
      showTotal: Type.Optional(Type.Boolean()),
      /** The `next` of the page before: the rows after it (keyset paging). */
      after: Type.Optional(Type.String({ maxLength: 4096 })),
    }),
  ),
  querys: Type.Optional(
    Type.Array(
      Type.Object({
        property: Type.String({ minLength: 1, maxLength: 64 }),
        value: Type.Optional(Type.Unknown()),
        operation: Type.Optional(Type.String({ maxLength: 32 })),
        relation: Type.Optional(Type.String({ maxLength: 8 })),
        group: Type.Optional(Type.String({ maxLength: 32 })),
      }),
      { maxItems: 50 },
    ),
  ),
  sorter: Type.Optional(
    Type.Array(
      Type.Object({
        property: Type.String({ minLength: 1, maxLength: 64 }),
        direction: Type.Optional(Type.String({ maxLength: 4 })),
      }),
      { maxItems: 5 },
    ),
  ),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  groupRelation: Type.Optional(Type.String({ maxLength: 3 })),
  /** How the total is counted (online form lists; server/lib/bounded-count.ts). */
  count: Type.Optional(
    Type.Union([Type.Literal('exact'), Type.Literal('estimate'), Type.Literal('none')]),
  ),
});
