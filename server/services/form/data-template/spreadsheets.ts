import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { assertMayDo } from '../../../domain/forms/access';
import { checkContext, formTemplate } from '../../../domain/forms/form-templates';
import {
  assertInFormRecords,
  getRecord,
  insertRecords,
  recordBatches,
} from '../../../domain/forms/records';
import {
  importLimits,
  readWorkbook,
  streamWorkbook,
  templateWorkbook,
} from '../../../domain/forms/spreadsheet';
import { checkRecord, checkSubRow, type CheckedRecord } from '../../../domain/forms/values';
import { duplicatesInFile } from '../../../domain/forms/unique';
import { sortOf } from '../../../domain/forms/record-order';
import { filtersOf } from '../../../domain/shell/queries/query-filter';
import { UserError, badRequest, notFound } from '../../../lib/errors';
import { queryContext } from '../../portal/shell/context';
import { readOneFile } from '../../portal/shell/attachments';
import { queryFilterBody } from '../../schemas';
import { enforceExportLimit, sendXlsx } from '../xlsx';
import { recordId, templateKey } from './schemas';

const base = '/form/dataTemplate/v1';
/** export, downloadMainTempFile, exportSub, importSub, importMain (docs/forms.md). */
export async function formSpreadsheetRoutes(app: FastifyInstance) {
  app.post(
    `${base}/export`,
    {
      schema: {
        summary: 'Every record matching the filters on screen, in its sort order, streamed as XLSX',
        querystring: Type.Object({ templateKey }),
        body: Type.Union([queryFilterBody, Type.Null()]),
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const { template, definition } = await formTemplate(
        ctx,
        (request.query as { templateKey: string }).templateKey,
        'read',
      );
      // A form kept in a table of its own (dyzl) is refused before it counts as an export.
      assertInFormRecords(template);
      await assertMayDo(ctx, template, 'export');
      await enforceExportLimit(ctx.db, ctx.caller.id);
      const filters = filtersOf(request.body as never);
      // The first batch is read before answering, so a bad filter is a 400, not a torn file.
      const batches = recordBatches(ctx, template, definition, filters, sortOf(request.body));
      const first = await batches.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* batches;
      }
      const name = (ctx.language === 'en-US' && template.name_en) || template.name;
      return sendXlsx(reply, name, streamWorkbook(ctx.language, name, definition.fields, all()));
    },
  );

  app.post(
    `${base}/downloadMainTempFile/:templateKey`,
    {
      schema: {
        summary: 'The import template: a header row of the fields the user fills in',
        params: Type.Object({ templateKey }),
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const { template, definition } = await formTemplate(
        ctx,
        (request.params as { templateKey: string }).templateKey,
        'add',
      );
      await assertMayDo(ctx, template, 'import');
      const name = (ctx.language === 'en-US' && template.name_en) || template.name;
      return sendXlsx(reply, name, await templateWorkbook(ctx.language, definition));
    },
  );

  app.post(
    `${base}/exportSub`,
    {
      schema: {
        summary: 'One sub-table of a record the caller may see, as XLSX',
        body: Type.Object({ templateKey, id: recordId, subTable: templateKey }),
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const body = request.body as { templateKey: string; id: string; subTable: string };
      const { template, definition } = await formTemplate(ctx, body.templateKey, 'read');
      const table = definition.subTables.find((each) => each.name === body.subTable);
      if (!table) throw notFound('server:forms.subTableNotFound');
      const { data } = await getRecord(ctx, template, body.id);
      const rows = (data[table.name] ?? []) as Record<string, unknown>[];
      const name = (ctx.language === 'en-US' && table.labelEn) || table.label;
      async function* once() {
        yield rows;
      }
      return sendXlsx(reply, name, streamWorkbook(ctx.language, name, table.fields, once()));
    },
  );

  app.post(
    `${base}/importSub`,
    {
      schema: {
        summary: "Reads a sub-table's rows from XLSX for the form; checked, not saved",
        querystring: Type.Object({ templateKey, subTable: templateKey }),
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const query = request.query as { templateKey: string; subTable: string };
      // Rows for a record being added or edited: checked as a save would (unique values too).
      const { template, definition } = await formTemplate(ctx, query.templateKey, ['add', 'edit']);
      const table = definition.subTables.find((each) => each.name === query.subTable);
      if (!table) throw notFound('server:forms.subTableNotFound');
      const rows = await readWorkbook(table.fields, await upload(app, request));
      const context = checkContext(ctx, template.form_key);
      const checked = await checkRows(request, rows, async (values) => ({
        main: await checkSubRow(context, table, values),
        subs: {},
      }));
      if ('errors' in checked) return refuseImport(request, reply, checked.errors);
      return { state: true, value: checked.records.map((record) => record.main) };
    },
  );

  app.post(
    `${base}/importMain`,
    {
      schema: {
        summary: 'Adds a record per XLSX row; any bad row refuses the file with a per-row report',
        querystring: Type.Object({ templateKey }),
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const form = await formTemplate(
        ctx,
        (request.query as { templateKey: string }).templateKey,
        'add',
      );
      const { template, definition } = form;
      await assertMayDo(ctx, template, 'import');
      const rows = await readWorkbook(definition.fields, await upload(app, request));
      const context = checkContext(ctx, template.form_key);
      const checked = await checkRows(
        request,
        rows,
        (values) => checkRecord(context, definition, values),
        duplicatesInFile(ctx.language, definition, rows),
      );
      if ('errors' in checked) return refuseImport(request, reply, checked.errors);
      const count = await insertRecords(ctx, form, checked.records);
      return { state: true, message: request.t('server:forms.imported', { count }), value: count };
    },
  );
}

async function upload(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  // Refused while it arrives once past the import bound (server/lib/spreadsheet/limits.ts).
  const maxBytes = Math.min(app.deps.config.maxUploadBytes, importLimits.maxFileBytes);
  const file = await readOneFile(request, maxBytes);
  if (!file || !/\.xlsx$/i.test(file.name)) throw badRequest('server:forms.importFile');
  return file.bytes;
}

type Checked = { records: CheckedRecord[] } | { errors: { row: number; message: string }[] };

/**
 * Checks every row; answers all of them checked, or every row's problem (sheet row numbers,
 * with the file's own problems such as repeated unique values).
 */
async function checkRows(
  request: FastifyRequest,
  rows: { row: number; values: Record<string, unknown> }[],
  check: (values: Record<string, unknown>) => Promise<CheckedRecord>,
  fileProblems: { row: number; message: string }[] = [],
): Promise<Checked> {
  const records: CheckedRecord[] = [];
  const errors: { row: number; message: string }[] = [...fileProblems];
  for (const { row, values } of rows) {
    try {
      records.push(await check(values));
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      errors.push({ row, message: request.t(error.key, error.params) });
    }
  }
  return errors.length ? { errors: errors.sort((a, b) => a.row - b.row) } : { records };
}

function refuseImport(
  request: FastifyRequest,
  reply: FastifyReply,
  errors: { row: number; message: string }[],
) {
  return reply.code(400).send({
    state: false,
    message: request.t('server:forms.importRejected', { count: errors.length }),
    value: errors.slice(0, 1000),
  });
}
