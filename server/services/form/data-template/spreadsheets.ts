import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldOptions, FormField } from '../../../../src/core/forms/definition';
import type { Db } from '../../../db/database';
import { Type } from 'typebox';
// The report of a refused import is the browser's type too.
import {
  importAnswer,
  importRefusal,
  type ImportProblem,
} from '../../../../src/contract/form-imports';
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
import {
  checkSubRow,
  recordProblems,
  type CheckedRecord,
  type RecordProblem,
} from '../../../domain/forms/values';
import { optionsOf } from '../../../domain/forms/dictionaries';
import { translate, type Language } from '../../../i18n';
import { duplicatesInFile } from '../../../domain/forms/unique';
import { sortOf } from '../../../domain/forms/record-order';
import { filtersOf } from '../../../domain/shell/queries/query-filter';
import { badRequest, notFound } from '../../../lib/errors';
import { queryContext } from '../../portal/shell/context';
import { readOneFile } from '../../portal/shell/attachments';
import { commonResult, ok, queryFilter } from '../../schemas';
import { enforceExportLimit, sendXlsx } from '../xlsx';
import { recordId, templateKey } from './schemas';

const base = '/form/dataTemplate/v1';

/** export, downloadMainTempFile, exportSub, importSub, importMain (docs/forms.md). */
export async function formSpreadsheetRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    `${base}/export`,
    {
      schema: {
        summary: 'Every record matching the filters on screen, in its sort order, streamed as XLSX',
        querystring: Type.Object({ templateKey }),
        body: Type.Union([queryFilter, Type.Null()]),
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const { template, definition } = await formTemplate(ctx, request.query.templateKey, 'read');
      // A form kept in a table of its own (dyzl) is refused before it counts as an export.
      assertInFormRecords(template);
      await assertMayDo(ctx, template, 'export');
      await enforceExportLimit(ctx.db, ctx.caller.id);
      const filters = filtersOf(request.body);
      // The first batch is read before answering, so a bad filter is a 400, not a torn file.
      const batches = recordBatches(ctx, template, definition, filters, sortOf(request.body));
      const first = await batches.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* batches;
      }
      const name = (ctx.language === 'en-US' && template.name_en) || template.name;
      const choices = await choicesOf(ctx.db, definition.fields);
      return sendXlsx(
        reply,
        name,
        streamWorkbook(ctx.language, name, definition.fields, all(), choices),
      );
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
      const { template, definition } = await formTemplate(ctx, request.params.templateKey, 'add');
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
      const body = request.body;
      const { template, definition } = await formTemplate(ctx, body.templateKey, 'read');
      const table = definition.subTables.find((each) => each.name === body.subTable);
      if (!table) throw notFound('server:forms.subTableNotFound');
      const { data } = await getRecord(ctx, template, body.id);
      const rows = (data[table.name] ?? []) as Record<string, unknown>[];
      const name = (ctx.language === 'en-US' && table.labelEn) || table.label;
      async function* once() {
        yield rows;
      }
      const choices = await choicesOf(ctx.db, table.fields);
      return sendXlsx(
        reply,
        name,
        streamWorkbook(ctx.language, name, table.fields, once(), choices),
      );
    },
  );

  app.post(
    `${base}/importSub`,
    {
      schema: {
        summary: "Reads a sub-table's rows from XLSX for the form; checked, not saved",
        querystring: Type.Object({ templateKey, subTable: templateKey }),
        // The rows, checked, for the form to fill in.
        response: {
          200: commonResult(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
          400: importRefusal,
        },
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const query = request.query;
      // Rows for a record being added or edited: checked as a save would (unique values too).
      const { template, definition } = await formTemplate(ctx, query.templateKey, ['add', 'edit']);
      const table = definition.subTables.find((each) => each.name === query.subTable);
      if (!table) throw notFound('server:forms.subTableNotFound');
      const rows = await readWorkbook(table.fields, await upload(app, request));
      const context = checkContext(ctx, template.form_key);
      const checked = await checkRows(ctx.language, rows, async (values) => {
        const row = await checkSubRow(context, table, values);
        return 'values' in row ? { record: { main: row.values, subs: {} } } : row;
      });
      if ('problems' in checked) return refuseImport(request, reply, checked);
      return ok(checked.records.map((record) => record.main));
    },
  );

  app.post(
    `${base}/importMain`,
    {
      schema: {
        summary: 'Adds a record per XLSX row; any bad row refuses the file with a per-row report',
        querystring: Type.Object({ templateKey }),
        response: { 200: importAnswer, 400: importRefusal },
      },
    },
    async (request, reply) => {
      const ctx = queryContext(app, request);
      const form = await formTemplate(ctx, request.query.templateKey, 'add');
      const { template, definition } = form;
      await assertMayDo(ctx, template, 'import');
      const rows = await readWorkbook(definition.fields, await upload(app, request));
      const context = checkContext(ctx, template.form_key);
      const checked = await checkRows(
        ctx.language,
        rows,
        (values) => recordProblems(context, definition, values),
        duplicatesInFile(ctx.language, definition, rows),
      );
      if ('problems' in checked) return refuseImport(request, reply, checked);
      const count = await insertRecords(ctx, form, checked.records);
      return ok(count, request.t('server:forms.imported', { count }));
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

/** A select's choices by field name: an export writes the label a user sees. */
async function choicesOf(db: Db, fields: FormField[]): Promise<Map<string, FieldOptions>> {
  const choices = new Map<string, FieldOptions>();
  for (const field of fields.filter((each) => each.type === 'select'))
    choices.set(field.name, await optionsOf(db, field));
  return choices;
}

type Checked = { records: CheckedRecord[] } | { problems: ImportProblem[]; rows: number };

/** A value is quoted up to this many characters in a report. */
const valueShown = 60;

/**
 * Checks every row; answers all of them checked, or every problem of every row (sheet row
 * numbers, with the file's own problems such as repeated unique values).
 */
async function checkRows(
  language: Language,
  rows: { row: number; values: Record<string, unknown> }[],
  check: (
    values: Record<string, unknown>,
  ) => Promise<{ record: CheckedRecord } | { problems: RecordProblem[] }>,
  fileProblems: ImportProblem[] = [],
): Promise<Checked> {
  const records: CheckedRecord[] = [];
  const problems: ImportProblem[] = [...fileProblems];
  for (const { row, values } of rows) {
    const checked = await check(values);
    if ('record' in checked) {
      records.push(checked.record);
      continue;
    }
    for (const problem of checked.problems) {
      const value =
        problem.value === undefined || problem.value.trim() === ''
          ? undefined
          : problem.value.length > valueShown
            ? `${problem.value.slice(0, valueShown)}…`
            : problem.value;
      problems.push({
        row,
        field: problem.label,
        ...(value === undefined ? {} : { value }),
        message:
          value === undefined
            ? problem.error.describe(language)
            : translate(language, 'server:forms.importProblem', {
                label: problem.label,
                value,
                message: problem.message,
              }),
      });
    }
  }
  if (!problems.length) return { records };
  // Stable: a row's problems stay in field order.
  problems.sort((a, b) => a.row - b.row);
  return { problems, rows: new Set(problems.map((problem) => problem.row)).size };
}

/** Most problems one report lists; the message counts the rest. */
export const maxListedProblems = 200;

function refuseImport(
  request: FastifyRequest,
  reply: FastifyReply,
  checked: { problems: ImportProblem[]; rows: number },
) {
  const { problems, rows } = checked;
  const rest = problems.length - maxListedProblems;
  const message =
    request.t('server:forms.importRejected', { count: problems.length, rows }) +
    (rest > 0 ? request.t('server:forms.importListed', { shown: maxListedProblems, rest }) : '');
  return reply.code(400).send({
    state: false,
    message,
    value: problems.slice(0, maxListedProblems),
  });
}
