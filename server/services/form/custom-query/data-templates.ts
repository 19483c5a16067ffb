import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  filtersOf,
  pageOf,
  type QueryFilterBody,
} from '../../../domain/shell/queries/query-filter';
import {
  loadTemplate,
  saveRecord,
  templateByBoAlias,
  templateInfo,
  templateRecord,
  templateRows,
} from '../../../domain/shell/templates/data-templates';
import type { TemplateStore } from '../../../domain/shell/templates/store';
import type { QueryContext } from '../../../domain/shell/queries/registry';
import type { DataTemplateRow } from '../../../db/schema-shell';
import { notFound } from '../../../lib/errors';
import {
  formTemplate,
  formTemplateByAlias,
  permissions,
  saveFormRecord,
} from '../../../domain/forms/form-templates';
import { getRecord, listRecords, type RecordSort } from '../../../domain/forms/records';
import { assertMayDo } from '../../../domain/forms/access';
import { withChoices } from '../../../domain/forms/dictionaries';
import { commonResult } from '../../schemas';
import { queryContext } from '../../portal/shell/context';
import { queryFilterBody, rowPage, viewColumns, viewConditions } from './schemas';

const key = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

const fieldSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  labelEn: Type.Optional(Type.String()),
  type: Type.String(),
  rules: Type.String(),
  required: Type.Boolean(),
  readonly: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.String()),
});

/**
 * Data templates: template/preview/{templateKey} lists, template/form/{templateKey}/{action}
 * adds, edits or shows a record (docs/shell-api.md, "Data templates").
 */
export async function dataTemplateRoutes(
  app: FastifyInstance,
  options: { stores: TemplateStore[] },
) {
  const storeOf = (boAlias: string) => {
    const store = options.stores.find((candidate) => candidate.boAlias === boAlias);
    if (!store) throw notFound('server:shell.templateNotFound');
    return store;
  };
  const base = '/form/dataTemplate/v1';

  app.get(
    `${base}/getBpmDataTemplateInfo`,
    {
      schema: {
        summary: 'A data template: columns, conditions, form fields with rule strings, permissions',
        querystring: Type.Object({ templateKey: key }),
        response: {
          200: commonResult(
            Type.Object({
              templateKey: Type.String(),
              name: Type.String(),
              boAlias: Type.String(),
              formKey: Type.String(),
              columns: viewColumns,
              conditions: viewConditions,
              fields: Type.Array(fieldSchema),
              permission: Type.Object({
                add: Type.Boolean(),
                edit: Type.Boolean(),
                get: Type.Boolean(),
                del: Type.Optional(Type.Boolean()),
                export: Type.Optional(Type.Boolean()),
                import: Type.Optional(Type.Boolean()),
              }),
              /** An online form's definition (source 'form'): fields, sub-tables, formulas. */
              form: Type.Optional(Type.Unknown()),
              pageSize: Type.Optional(Type.Integer()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const template = await loadTemplate(
        ctx,
        (request.query as { templateKey: string }).templateKey,
      );
      if (template.source === 'form') return { state: true, value: await formInfo(ctx, template) };
      return { state: true, value: await templateInfo(ctx, template, storeOf(template.bo_alias)) };
    },
  );

  app.post(
    `${base}/dataList_:templateKey`,
    {
      schema: {
        summary: "One page of the template's records the caller may see (a bare PageList)",
        params: Type.Object({ templateKey: key }),
        body: Type.Union([queryFilterBody, Type.Null()]),
        response: { 200: rowPage },
      },
    },
    async (request) => {
      const ctx = queryContext(app, request);
      const template = await loadTemplate(
        ctx,
        (request.params as { templateKey: string }).templateKey,
      );
      const body = request.body as QueryFilterBody | null | undefined;
      const paging = pageOf(body, template.page_size);
      const result =
        template.source === 'form'
          ? await listRecords(
              ctx,
              template,
              (await formTemplate(ctx, template.template_key)).definition,
              filtersOf(body),
              paging,
              sortOf(body),
            )
          : await templateRows(ctx, template, filtersOf(body), paging);
      return { ...result, ...paging };
    },
  );

  app.get(
    `${base}/getForm/:formKey/:boAlias`,
    {
      schema: {
        summary: 'One record for the form page (no id: an empty record, for those who may add)',
        params: Type.Object({ formKey: key, boAlias: key }),
        querystring: Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: {
          200: commonResult(
            Type.Object({
              formKey: Type.String(),
              boAlias: Type.String(),
              fields: Type.Array(fieldSchema),
              data: Type.Record(Type.String(), Type.Unknown()),
              readonly: Type.Boolean(),
              form: Type.Optional(Type.Unknown()),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { boAlias } = request.params as { formKey: string; boAlias: string };
      const ctx = queryContext(app, request);
      const template = await templateByBoAlias(ctx, boAlias);
      const { id } = request.query as { id?: string };
      if (template.source === 'form') {
        const { definition } = await formTemplateByAlias(ctx, boAlias);
        if (!id) await assertMayDo(ctx, template, 'add');
        const record = id ? await getRecord(ctx, template, id) : undefined;
        return {
          state: true,
          value: {
            formKey: template.form_key,
            boAlias,
            fields: [],
            form: await withChoices(ctx.db, definition),
            data: record?.data ?? {},
            readonly: false,
          },
        };
      }
      const record = await templateRecord(ctx, template, storeOf(boAlias), id || undefined);
      return {
        state: true,
        value: { formKey: template.form_key, boAlias, fields: template.fields, ...record },
      };
    },
  );

  app.post(
    `${base}/boSave/:boAlias`,
    {
      schema: {
        summary: 'Adds (no ID_) or edits (ID_) a record, checked against the rule strings',
        params: Type.Object({ boAlias: key }),
        body: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 }),
        response: { 200: commonResult(Type.String()) },
      },
    },
    async (request) => {
      const { boAlias } = request.params as { boAlias: string };
      const ctx = queryContext(app, request);
      const template = await templateByBoAlias(ctx, boAlias);
      const body = request.body as Record<string, unknown>;
      if (template.source === 'form') {
        const saved = await saveFormRecord(ctx, await formTemplateByAlias(ctx, boAlias), body);
        return { state: true, message: request.t('server:forms.saved'), value: saved };
      }
      const id = await saveRecord(ctx, template, storeOf(boAlias), body);
      return { state: true, message: request.t('server:shell.saved'), value: id };
    },
  );
}

/** getBpmDataTemplateInfo of an online form: its definition and the caller's buttons. */
async function formInfo(ctx: QueryContext, template: DataTemplateRow) {
  const { definition } = await formTemplate(ctx, template.template_key);
  const english = ctx.language === 'en-US';
  return {
    templateKey: template.template_key,
    name: english && template.name_en ? template.name_en : template.name,
    boAlias: template.bo_alias,
    formKey: template.form_key,
    columns: template.columns,
    conditions: template.conditions,
    fields: [],
    permission: await permissions(ctx, template),
    form: await withChoices(ctx.db, definition),
    pageSize: template.page_size,
  };
}

/** The platform's sorter: [{ property, direction }]; the first one counts. */
function sortOf(body: QueryFilterBody | null | undefined): RecordSort | undefined {
  const first = (body as { sorter?: unknown[] } | null | undefined)?.sorter?.[0] as
    { property?: unknown; direction?: unknown } | undefined;
  if (!first || typeof first.property !== 'string') return undefined;
  return { field: first.property, order: first.direction === 'ASC' ? 'asc' : 'desc' };
}
