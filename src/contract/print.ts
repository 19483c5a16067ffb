import {
  Type,
  type Static,
  type TObject,
  type TOptional,
  type TSchema,
  type TString,
} from 'typebox';
import { defineCalls } from './call';

/**
 * The print views (docs/print.md; spec/merchant-finance.md section 2, print pages table):
 * six kinds of document opened one at a time, four of them also as a batch (`_all`) driven
 * by the query of the list that opened them, and signed print links. The kinds and their
 * parameters are defined here once: the server parses requests with them, the browser types
 * its element's attributes and routes with them. Reads are POST because opening a fee notice
 * confirms it and opening a dunning notice marks it viewed.
 */

export const singleKinds = ['fkqkd', 'kpqrd', 'yjftzd', 'lyfyjsd', 'zlfymxd', 'shcjftzd'] as const;
export type SingleKind = (typeof singleKinds)[number];

export const batchKinds = ['yjftzd', 'lyfyjsd', 'zlfymxd', 'shcjftzd'] as const;
export type BatchKind = (typeof batchKinds)[number];

/** A route kind as the host names it: `lyfyjsd` or `lyfyjsd_all`. */
export type RouteKind = SingleKind | `${BatchKind}_all`;

/** How a parameter is checked: the finance filter rules of the same kind. */
export type ParamFilter = 'text' | 'month' | 'id';

export interface ParamSpec {
  readonly kind: ParamFilter;
  readonly required: boolean;
}

const required = <F extends ParamFilter>(kind: F) => ({ kind, required: true }) as const;
const optional = <F extends ParamFilter>(kind: F) => ({ kind, required: false }) as const;

const recordNo = { JLBH: required('text'), HSFS: optional('text') };
const noticeMonth = { DJBH: required('text'), NY: required('month') };
const leaseMonth = { HTH: required('text'), NY: required('month') };

/** Each kind's parameters, named as in the print routes' query strings. */
export const kindParams = {
  fkqkd: recordNo,
  kpqrd: recordNo,
  yjftzd: noticeMonth,
  lyfyjsd: noticeMonth,
  zlfymxd: leaseMonth,
  shcjftzd: { ID: required('id') },
} as const satisfies Record<SingleKind, Readonly<Record<string, ParamSpec>>>;

/** The names of a kind's parameters (JLBH, HSFS, DJBH, NY, HTH, ID). */
export type ParamName<K extends SingleKind> = K extends SingleKind
  ? keyof (typeof kindParams)[K] & string
  : never;

/**
 * A row of a document: the fields its query answers, values as the finance queries give them.
 * Declared without a type, as `listRow` is, so that fast-json-stringify hands it whole to
 * JSON.stringify: every field the print elements read is answered.
 */
const printRow = Type.Unsafe<Record<string, string | number | null>>({
  description: 'One row: an object of the fields its query answers',
});

export type PrintRow = Static<typeof printRow>;

/** The settlement statement (fkqkd, searchDJH): header, fee lines, contract term, totals. */
const settlementView = Type.Object({
  header: printRow,
  lines: Type.Array(printRow),
  term: Type.Object({ start: Type.String(), end: Type.String() }),
  date: Type.String(),
  totals: Type.Object({ XSJE: Type.Number(), KKJE: Type.Number(), YSJE: Type.Number() }),
});

/** Its invoicing confirmation (kpqrd, searchFPQRD): the adjustments and who to ask. */
const invoicingView = Type.Object({
  header: printRow,
  adjustments: printRow,
  contact: Type.Object({ DYR: Type.String(), LXDH: Type.String() }),
  lines: Type.Array(printRow),
  totals: Type.Object({ XSJE: Type.Number(), KKJE: Type.Number() }),
});

/** A dunning notice with the seal (a data URL, '' when none is set). */
const dunningView = Type.Object({ record: printRow, seal: Type.String() });

/** Each kind's document: the three fee notices are their list's row. */
const viewValues = {
  fkqkd: settlementView,
  kpqrd: invoicingView,
  yjftzd: printRow,
  lyfyjsd: printRow,
  zlfymxd: printRow,
  shcjftzd: dunningView,
} satisfies Record<SingleKind, TSchema>;

export type PrintView<K extends SingleKind> = Static<(typeof viewValues)[K]>;
export type SettlementView = PrintView<'fkqkd'>;
export type InvoicingView = PrintView<'kpqrd'>;
export type DunningView = PrintView<'shcjftzd'>;

/** Every row of a list query, in list order; dunning notices add the seal. */
const batchView = Type.Object({
  rows: Type.Array(printRow),
  total: Type.Integer(),
  seal: Type.Optional(Type.String()),
});

export type BatchView = Static<typeof batchView>;

/**
 * What opening a notice did, beside the document (issue 36): as its merchant (confirmed or
 * marked viewed: `acknowledged` of them now) or as staff (`staffViews` recorded, nothing
 * confirmed), or both in a batch of several merchants' notices.
 */
const opened = Type.Object({
  as: Type.Union([Type.Literal('merchant'), Type.Literal('staff'), Type.Literal('both')]),
  acknowledged: Type.Integer(),
  staffViews: Type.Integer(),
});

export type Opened = Static<typeof opened>;

/** What opening a batch will do, said to the user before it happens (issue 13 item 5). */
const batchPreview = Type.Object({
  /** Documents the batch view will show. */
  documents: Type.Integer(),
  /** Of those, notices that opening it confirms (their merchant's own, with this time). */
  toConfirm: Type.Integer(),
  /** Of those, notices of other merchants: opening them records a staff view (issue 36). */
  staffViews: Type.Integer(),
});

export type BatchPreview = Static<typeof batchPreview>;

const printLink = Type.Object({ printToken: Type.String(), expiresAt: Type.String() });

export type PrintLink = Static<typeof printLink>;

/** A document, and what opening it did (notices only). */
const openedAnswer = <T extends TSchema>(value: T) =>
  Type.Object({ state: Type.Literal(true), value, opened: Type.Optional(opened) });

/** A print answer without its `state`: what the domain reads and the browser returns. */
export interface PrintAnswer<T> {
  value: T;
  opened?: Opened;
}

const okAnswer = <T extends TSchema>(value: T) => Type.Object({ state: Type.Literal(true), value });

const descriptorSchema = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'The list query: { "query": name, "filters": {...}, "sort"?: [...] }',
  },
);

/** For a union of kinds (a route registered for any kind), the names all of them have. */
type ParamsSchema<K extends SingleKind> = TObject<{
  [N in keyof (typeof kindParams)[K] & string]: TOptional<TString>;
}>;

/** Parameters of a kind as optional text: missing ones get a message naming them. */
function paramsSchema<K extends SingleKind>(kind: K): ParamsSchema<K> {
  const properties = Object.fromEntries(
    Object.entries(kindParams[kind]).map(([name, spec]: [string, ParamSpec]) => [
      name,
      Type.Optional(
        Type.String({ maxLength: 100, description: spec.required ? 'required' : 'optional' }),
      ),
    ]),
  );
  // Object.fromEntries forgets the names; they are the kind's, as kindParams lists them.
  return Type.Object(properties) as unknown as ParamsSchema<K>;
}

/** Print views open with the session or with a signed link's token. */
const linkSecurity: Record<string, string[]>[] = [{ bearer: [] }];
const linkNote =
  'Authorization: Bearer <session token> or Bearer <printToken of a signed print link>.';

const viewCall = <Product extends string, K extends SingleKind>(product: Product, kind: K) => ({
  method: 'POST' as const,
  path: `/bpm/${product}Script/printView/${kind}` as const,
  schema: {
    summary: `Print view ${kind}: the document for the caller`,
    description: linkNote,
    security: linkSecurity,
    body: paramsSchema(kind),
    response: { 200: openedAnswer(viewValues[kind]) },
  },
});

const batchCall = <Product extends string, K extends BatchKind>(product: Product, kind: K) => ({
  method: 'POST' as const,
  path: `/bpm/${product}Script/printBatch/${kind}` as const,
  schema: {
    summary: `Batch print view ${kind}_all: every row of the list query, in list order`,
    description: `${linkNote} With a print link the descriptor may be left out.`,
    security: linkSecurity,
    body: Type.Object({ descriptor: Type.Optional(descriptorSchema) }),
    response: { 200: openedAnswer(batchView) },
  },
});

const previewCall = <Product extends string, K extends BatchKind>(product: Product, kind: K) => ({
  method: 'POST' as const,
  path: `/bpm/${product}Script/batchPreview/${kind}` as const,
  schema: {
    summary: `What opening batch view ${kind}_all will do: documents shown, notices confirmed`,
    description:
      'Asked before a batch print opens, so that the user is told how many notices it ' +
      'will confirm and may cancel. Reads only; confirms nothing.',
    body: Type.Object({ descriptor: descriptorSchema }),
    response: { 200: okAnswer(batchPreview) },
  },
});

export type ViewCall<Product extends string, K extends SingleKind> = ReturnType<
  typeof viewCall<Product, K>
>;
export type BatchCall<Product extends string, K extends BatchKind> = ReturnType<
  typeof batchCall<Product, K>
>;
export type PreviewCall<Product extends string, K extends BatchKind> = ReturnType<
  typeof previewCall<Product, K>
>;

/** One call per kind, keyed by its kind. */
function byKind<K extends string, C>(kinds: readonly K[], callOf: (kind: K) => C): Record<K, C> {
  return Object.fromEntries(kinds.map((kind) => [kind, callOf(kind)])) as Record<K, C>;
}

/**
 * The calls, made for the deployment's product (the paths carry it:
 * `/bpm/{product}Script/printView/fkqkd`): a view per single kind, a batch and its preview per
 * batch kind, and the print link. Each kind's call is typed with its own kind (its body's
 * parameter names, its document), which a map built at run time cannot say by itself. The
 * browser types its calls with `PrintCalls`, whose paths take any product.
 */
export const printCallsOf = <const Product extends string>(product: Product) => ({
  view: defineCalls(byKind(singleKinds, (kind) => viewCall(product, kind))) as {
    [K in SingleKind]: ViewCall<Product, K>;
  },
  batch: defineCalls(byKind(batchKinds, (kind) => batchCall(product, kind))) as {
    [K in BatchKind]: BatchCall<Product, K>;
  },
  preview: defineCalls(byKind(batchKinds, (kind) => previewCall(product, kind))) as {
    [K in BatchKind]: PreviewCall<Product, K>;
  },
  ...defineCalls({
    link: {
      method: 'POST',
      path: `/bpm/${product}Script/printLink`,
      schema: {
        summary: 'A signed, short-lived link to one print view or batch, for the signed-in user',
        security: linkSecurity,
        body: Type.Object({
          kind: Type.String({
            maxLength: 32,
            description: 'fkqkd … shcjftzd, or a batch kind like lyfyjsd_all',
          }),
          params: Type.Optional(Type.Object({}, { additionalProperties: true })),
          descriptor: Type.Optional(descriptorSchema),
        }),
        response: { 200: okAnswer(printLink) },
      },
    },
  }),
});

export type PrintCalls = ReturnType<typeof printCallsOf<string>>;
