import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/**
 * The platform's envelopes (reference/platform-api.md section 1), defined once: the server's
 * routes register these schemas, and the browser's calls take their types from them (type-only
 * imports, so nothing of TypeBox reaches the bundle). Pure: no server or browser code.
 */

/** The CommonResult envelope: `state`, a message to show, and the value. */
export function commonResult<T extends TSchema>(value: T) {
  return Type.Object({
    state: Type.Boolean(),
    message: Type.Optional(Type.String()),
    value: Type.Optional(value),
  });
}

export type CommonResult<T = unknown> = Static<ReturnType<typeof commonResult<TUnsafe<T>>>>;

/** A refusal: `state` false and what to tell the user. */
export const failure = Type.Object({ state: Type.Literal(false), message: Type.String() });

/** What an action answers: done or not, what to tell the user, and any value. */
export const stateAnswer = Type.Object({
  state: Type.Boolean(),
  message: Type.String(),
  value: Type.Optional(Type.Unknown()),
});

/** An answer that is only a message (saved, deleted, sent). */
export const okMessage = Type.Object({ state: Type.Boolean(), message: Type.String() });

/**
 * The PageList every list answers. Our two extensions are optional: `next`, the cursor of the
 * rows after a full page (keyset paging, pageBean.after), and `estimated`, when the total is
 * the planner's estimate (count: 'estimate').
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

export type PageList<Row> = Static<ReturnType<typeof pageList<TUnsafe<Row>>>>;

/** One condition of a QueryFilter: a property, its value, how they compare, and its group. */
export const queryField = Type.Object({
  property: Type.String({ minLength: 1, maxLength: 64 }),
  value: Type.Optional(Type.Unknown()),
  operation: Type.Optional(Type.String({ maxLength: 32 })),
  relation: Type.Optional(Type.String({ maxLength: 8 })),
  group: Type.Optional(Type.String({ maxLength: 32 })),
});

export type QueryField = Static<typeof queryField>;

/** The sort of a QueryFilter: up to five properties, each ASC or DESC. */
export const querySorter = Type.Array(
  Type.Object({
    property: Type.String({ minLength: 1, maxLength: 64 }),
    direction: Type.Optional(Type.String({ maxLength: 4 })),
  }),
  { maxItems: 5 },
);

/**
 * The QueryFilter body, one for every list. Up to 500 rows a page, as the flow pickers read
 * every flow in one (the finance queries, which have their own descriptor, go further); up to
 * 50 conditions, as the workflow lists' advanced search sends one per field and group.
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
  querys: Type.Optional(Type.Array(queryField, { maxItems: 50 })),
  sorter: Type.Optional(querySorter),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  groupRelation: Type.Optional(Type.String({ maxLength: 3 })),
  /** How the total is counted (online form lists; server/lib/bounded-count.ts). */
  count: Type.Optional(
    Type.Union([Type.Literal('exact'), Type.Literal('estimate'), Type.Literal('none')]),
  ),
});

export type QueryFilter = Static<typeof queryFilter>;
