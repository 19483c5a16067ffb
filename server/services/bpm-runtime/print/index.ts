import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  assertLinkOpens,
  linkedBatch,
  resolvePrintCaller,
  signPrintLink,
  type PrintGrant,
} from '../../../domain/print/access';
import { parseBatchDescriptor } from '../../../domain/print/batch';
import {
  batchKindOf,
  batchKinds,
  isSingleKind,
  kindParams,
  parseParams,
  singleKinds,
  type BatchKind,
  type SingleKind,
} from '../../../domain/print/kinds';
import {
  assertVisible,
  previewBatch,
  printBatch,
  printView,
  type PrintDeps,
} from '../../../domain/print/views';
import { badRequest } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { withPrintLabel } from './labels';
import { assertMethod, batchPrintMethod } from '../../../domain/shell/methods';
import { ok } from '../../schemas';

/**
 * The print views' calls (docs/print.md): one read per kind, one batch read per `_all` kind
 * (driven by the list's query descriptor), and signed print links. Reads are POST because
 * opening a fee notice confirms it and opening a dunning notice marks it viewed.
 */
/**
 * What opening a notice did, beside the document (issue 36): as its merchant (confirmed or
 * marked viewed: `acknowledged` of them now) or as staff (`staffViews` recorded, nothing
 * confirmed), or both in a batch of several merchants' notices.
 */
const opened = Type.Optional(
  Type.Object({
    as: Type.Union([Type.Literal('merchant'), Type.Literal('staff'), Type.Literal('both')]),
    acknowledged: Type.Integer(),
    staffViews: Type.Integer(),
  }),
);
const envelope = Type.Object({
  state: Type.Literal(true),
  value: Type.Object({}, { additionalProperties: true }),
  opened,
});
const batchEnvelope = Type.Object({
  state: Type.Literal(true),
  value: Type.Object({
    rows: Type.Array(Type.Object({}, { additionalProperties: true })),
    total: Type.Integer(),
    seal: Type.Optional(Type.String()),
  }),
  opened,
});
const previewEnvelope = Type.Object({
  state: Type.Literal(true),
  value: Type.Object({
    documents: Type.Integer(),
    toConfirm: Type.Integer(),
    staffViews: Type.Integer(),
  }),
});
const linkEnvelope = Type.Object({
  state: Type.Literal(true),
  value: Type.Object({ printToken: Type.String(), expiresAt: Type.String() }),
});
const descriptorSchema = Type.Object(
  {},
  {
    additionalProperties: true,
    description: 'The list query: { "query": name, "filters": {...}, "sort"?: [...] }',
  },
);

/** Parameters of a kind as optional text: missing ones get a message naming them. */
const paramsSchema = (kind: SingleKind) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(kindParams[kind]).map(([name, spec]) => [
        name,
        Type.Optional(
          Type.String({ maxLength: 100, description: spec.required ? 'required' : 'optional' }),
        ),
      ]),
    ),
  );

const linkSecurity = [{ bearer: [] }];
const linkNote =
  'Authorization: Bearer <session token> or Bearer <printToken of a signed print link>.';

export async function printRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, storage } = app.deps;
  const base = `/bpm/${config.product}Script`;
  const deps: PrintDeps = { db, storage, context: { timeZone: config.timeZone } };
  const publicRoute = { access: 'public' as const };

  for (const kind of singleKinds) {
    app.post(
      `${base}/printView/${kind}`,
      {
        config: publicRoute,
        schema: {
          summary: `Print view ${kind}: the document for the caller`,
          description: linkNote,
          security: linkSecurity,
          body: paramsSchema(kind),
          response: { 200: envelope },
        },
      },
      async (request) => {
        const caller = await resolvePrintCaller(request, db, config.jwtSecret);
        const params = withPrintLabel(request, () => parseParams(kind, request.body));
        assertLinkOpens(caller, kind, params);
        const answer = await printView(deps, kind, params, caller);
        return { ...ok(answer.value as object), opened: answer.opened };
      },
    );
  }

  for (const kind of batchKinds) {
    app.post(
      `${base}/printBatch/${kind}`,
      {
        config: publicRoute,
        schema: {
          summary: `Batch print view ${kind}_all: every row of the list query, in list order`,
          description: `${linkNote} With a print link the descriptor may be left out.`,
          security: linkSecurity,
          body: Type.Object({ descriptor: Type.Optional(descriptorSchema) }),
          response: { 200: batchEnvelope },
        },
      },
      async (request) => {
        const caller = await resolvePrintCaller(request, db, config.jwtSecret);
        // Batch printing confirms every notice it shows: a method only some roles hold.
        await assertMethod(db, caller.user, batchPrintMethod);
        const given = request.body.descriptor;
        const parsed =
          given === undefined
            ? null
            : withPrintLabel(request, () => parseBatchDescriptor(kind, given));
        const canonical = linkedBatch(caller, kind, parsed?.canonical ?? null);
        if (!canonical) throw badRequest('print:errors.batchDescriptor');
        const descriptor = parsed ?? parseBatchDescriptor(kind, canonical);
        const answer = await printBatch(deps, kind, descriptor, caller);
        return { ...ok(answer.value), opened: answer.opened };
      },
    );
  }

  for (const kind of batchKinds) {
    app.post(
      `${base}/batchPreview/${kind}`,
      {
        schema: {
          summary: `What opening batch view ${kind}_all will do: documents shown, notices confirmed`,
          description:
            'Asked before a batch print opens, so that the user is told how many notices it ' +
            'will confirm and may cancel. Reads only; confirms nothing.',
          body: Type.Object({ descriptor: descriptorSchema }),
          response: { 200: previewEnvelope },
        },
      },
      async (request) => {
        const user = currentUser(request);
        await assertMethod(db, user, batchPrintMethod);
        const { descriptor } = request.body;
        const parsed = withPrintLabel(request, () => parseBatchDescriptor(kind, descriptor));
        const caller = { user, link: null };
        return ok(await previewBatch(deps, kind, parsed, caller));
      },
    );
  }

  app.post(
    `${base}/printLink`,
    {
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
        response: { 200: linkEnvelope },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const grant = await withPrintLabel(request, () => grantFor(body.kind, body));
      if ('batch' in grant) await assertMethod(db, user, batchPrintMethod);
      if ('params' in grant) {
        await assertVisible(deps, grant.kind, grant.params, { user, link: null });
      }
      const link = await signPrintLink(config.jwtSecret, config.printLinkTtlSeconds, user, grant);
      return ok(link);
    },
  );
}

/** What a link may open: one document of a kind, or the batch of one list query. */
function grantFor(kind: string, body: { params?: unknown; descriptor?: unknown }): PrintGrant {
  if (isSingleKind(kind)) return { kind, params: parseParams(kind, body.params) };
  const batch: BatchKind | null = batchKindOf(kind);
  if (!batch) throw badRequest('print:errors.kindUnknown', { kind: kind.slice(0, 32) });
  const descriptor = parseBatchDescriptor(batch, body.descriptor);
  return { kind: `${batch}_all`, batch: descriptor.canonical };
}
