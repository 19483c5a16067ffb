import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseDescriptor } from '../../../domain/finance/descriptor';
import type { EdgeRow, QueryRequest } from '../../../domain/finance/define-query';
import {
  checkColumns,
  csvStream,
  xlsxStream,
  type ExportSheet,
} from '../../../domain/finance/export';
import { namedQueries } from '../../../domain/finance/registry';
import { financeScope } from '../../../domain/finance/scope';
import { enforceLimits } from '../../../domain/rate-limit';
import { badRequest, UserError } from '../../../lib/errors';
import { currentUser } from '../../../plugins/auth';
import { withFilterLabel } from './labels';
import { assertMethod, exportMethod } from '../../../domain/shell/methods';
import { exportBody, type ExportBody } from '../../../../src/contract/finance';

const bodyKeys = new Set(Object.keys(exportBody.properties));

/** Rows read per query while exporting: the memory an export holds, whatever its size. */
export const exportBatchSize = 5000;
/** Per user, and for the whole process (an export keeps a database connection busy). */
const userLimit = { max: 10, windowSeconds: 60 };
const concurrentExports = 2;
let running = 0;

const mime = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The first batch is read before answering: a column the query lacks is still a 400. */
async function withFirst(batches: AsyncGenerator<EdgeRow[]>) {
  const first = await batches.next();
  async function* all() {
    if (!first.done) yield first.value;
    yield* batches;
  }
  return { firstRow: first.done ? undefined : first.value[0], all: all() };
}

function sheetOf(request: FastifyRequest, input: ExportBody, query: QueryRequest, total: number) {
  const t = request.t.bind(request);
  const filters = Object.entries(query.filters).map(
    ([name, value]) => [t(`server:finance.filters.${name}`), value] as [string, string],
  );
  // Sheet names: at most 31 characters, none of []:*?/\ (Excel's rules).
  const title =
    input.title
      .trim()
      .replace(/[[\]:*?/\\]/g, ' ')
      .slice(0, 31) || 'Sheet1';
  const sheet: ExportSheet = {
    title,
    columns: input.columns.map((column) => ({
      field: column.field,
      title: column.title,
      kind: column.kind ?? 'text',
      ...(column.labels ? { labels: column.labels } : {}),
    })),
    total,
    factsTitle: t('server:finance.exportSheet'),
    facts: [[t('server:finance.exportRows'), String(total)], ...filters],
  };
  return sheet;
}

function fileName(request: FastifyRequest, input: ExportBody, total: number) {
  const title = input.title.trim().replace(/[\\/:*?"<>|]/g, ' ');
  return `${request.t('server:finance.exportFileName', { title, count: total })}.${input.format}`;
}

/**
 * POST {bpmRunTime}/bpm/{product}Script/exportSql: every row a list's filters select, under
 * the caller's scope, in the order on screen, as XLSX or CSV written while it is read
 * (docs/finance-queries.md). The row count is in the file name, the second sheet and
 * X-Total-Count (which the element's progress counts against).
 */
export async function exportRoute(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  app.post(
    `/bpm/${config.product}Script/exportSql`,
    {
      schema: {
        summary: 'Exports every row of a named finance query (XLSX or CSV, streamed)',
        description:
          'param: the executeSql descriptor (page, count and after are ignored); columns: the fields on screen with their titles.',
        security: [{ bearer: [] }],
        body: exportBody,
      },
      preValidation: async (request) => {
        // Refused, not stripped: the old client sent SQL text, and a key we do not know
        // is a mistake the caller should hear about. Before validation the body is what was
        // sent, not yet the schema's.
        const given: unknown = request.body;
        if (typeof given !== 'object' || given === null) return;
        for (const key of Object.keys(given)) {
          if (key.toLowerCase() === 'sql') throw badRequest('server:finance.sqlRejected');
          if (!bodyKeys.has(key)) {
            throw badRequest('server:finance.descriptorKeyUnknown', { key: key.slice(0, 64) });
          }
        }
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await assertMethod(db, user, exportMethod);
      const input = request.body;
      const descriptor = withFilterLabel(request, () => parseDescriptor(input.param, namedQueries));
      await enforceLimits(db, [{ key: `finance-export:user:${user.id}`, ...userLimit }]);
      if (running >= concurrentExports) {
        throw new UserError(429, 'server:finance.exportBusy', {}, { 'Retry-After': '5' });
      }
      running++;
      let released = false;
      const release = () => {
        if (!released) running--;
        released = true;
      };
      try {
        return await send(request, reply, input, descriptor, release);
      } catch (error) {
        release();
        throw error;
      }
    },
  );

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    input: ExportBody,
    descriptor: ReturnType<typeof parseDescriptor>,
    release: () => void,
  ) {
    const scope = financeScope(currentUser(request));
    const context = {
      timeZone: config.timeZone,
      language: request.language,
      cursorKey: config.jwtSecret,
    };
    const query: QueryRequest = { ...descriptor, page: null, after: null, count: 'exact' };
    const { total, summary } = await descriptor.query.totals(db, query, scope, context);
    const batches = descriptor.query.stream(db, query, scope, context, exportBatchSize);
    const { firstRow, all } = await withFirst(batches);
    checkColumns(descriptor.query.name, input.title, input.columns, firstRow);
    const sheet = sheetOf(request, input, query, total);
    if (summary)
      sheet.summary = { label: request.t('server:finance.exportTotal'), values: summary };
    const aborted = new AbortController();
    reply.raw.once('close', () => {
      aborted.abort();
      release();
    });
    const name = fileName(request, input, total);
    const stream =
      input.format === 'csv'
        ? csvStream(sheet, all, aborted.signal)
        : xlsxStream(sheet, all, aborted.signal, (error) =>
            request.log.error({ err: error }, 'export failed'),
          );
    return reply
      .header('content-type', mime[input.format])
      .header(
        'content-disposition',
        `attachment; filename="export.${input.format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store')
      .send(stream);
  }
}
