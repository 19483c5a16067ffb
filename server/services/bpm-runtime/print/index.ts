import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
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
import { addRoute, type RouteExtras } from '../../contract';
import { printCallsOf, type ViewCall } from '../../../../src/contract/print';

/**
 * The print views' calls (docs/print.md; their shapes are the contract's,
 * src/contract/print.ts): one read per kind, one batch read per `_all` kind (driven by the
 * list's query descriptor), and signed print links. Views and batches open with a print
 * link's token too, so the session check is theirs (`resolvePrintCaller`), not the hook's.
 */
export async function printRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, storage } = app.deps;
  const calls = printCallsOf(config.product);
  const deps: PrintDeps = { db, storage, context: { timeZone: config.timeZone } };
  const publicRoute: RouteExtras = { config: { access: 'public' } };

  for (const kind of singleKinds) {
    // One route per kind, registered in one loop: its answer is any kind's document.
    const call: ViewCall<string, SingleKind> = calls.view[kind];
    addRoute(
      app,
      call,
      async (request) => {
        const caller = await resolvePrintCaller(request, db, config.jwtSecret);
        const params = withPrintLabel(request, () => parseParams(kind, request.body));
        assertLinkOpens(caller, kind, params);
        const answer = await printView(deps, kind, params, caller);
        return { ...ok(answer.value), opened: answer.opened };
      },
      publicRoute,
    );
  }

  for (const kind of batchKinds) {
    addRoute(
      app,
      calls.batch[kind],
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
      publicRoute,
    );
  }

  for (const kind of batchKinds) {
    addRoute(app, calls.preview[kind], async (request) => {
      const user = currentUser(request);
      await assertMethod(db, user, batchPrintMethod);
      const { descriptor } = request.body;
      const parsed = withPrintLabel(request, () => parseBatchDescriptor(kind, descriptor));
      const caller = { user, link: null };
      return ok(await previewBatch(deps, kind, parsed, caller));
    });
  }

  addRoute(app, calls.link, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    const grant = await withPrintLabel(request, () => grantFor(body.kind, body));
    if ('batch' in grant) await assertMethod(db, user, batchPrintMethod);
    if ('params' in grant) {
      await assertVisible(deps, grant.kind, grant.params, { user, link: null });
    }
    const link = await signPrintLink(config.jwtSecret, config.printLinkTtlSeconds, user, grant);
    return ok(link);
  });
}

/** What a link may open: one document of a kind, or the batch of one list query. */
function grantFor(kind: string, body: { params?: unknown; descriptor?: unknown }): PrintGrant {
  if (isSingleKind(kind)) return { kind, params: parseParams(kind, body.params) };
  const batch: BatchKind | null = batchKindOf(kind);
  if (!batch) throw badRequest('print:errors.kindUnknown', { kind: kind.slice(0, 32) });
  const descriptor = parseBatchDescriptor(batch, body.descriptor);
  return { kind: `${batch}_all`, batch: descriptor.canonical };
}
