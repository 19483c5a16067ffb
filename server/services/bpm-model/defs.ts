import { flowLabel, isEnglish } from '../../domain/workflow/queries/names';
import type { Language } from '../../../src/core/languages';
import { formForBrowser } from '../../domain/workflow/bound-form';
import type { FormDefinition } from '../../domain/workflow/model/form';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { formatDateTime } from '../../lib/time';
import { hasStartRight } from '../../domain/workflow/actions/start';
import { flowCategories } from '../../domain/workflow/categories';
import { definitionRow } from '../../domain/workflow/definition-row';
import { deployDefinition, mainDefinition } from '../../domain/workflow/definitions';
import { replaceFavourites } from '../../domain/workflow/favourites';
import {
  firstUnknownRef,
  replaceStartRights,
  startRightsWithNames,
} from '../../domain/workflow/start-rights';
import { startableList } from '../../domain/workflow/queries/lists';
import { runList, withTimes } from '../../domain/workflow/queries/run';
import {
  callerOf,
  flowCalls,
  id,
  idList,
  optionalText,
  pageAnswer,
  stateAnswer,
} from '../bpm-runtime/workflow/common';
import { done, ok, queryFilter } from '../schemas';
import type { DefinitionFields } from '../../../src/contract/workflow-flows';
import { addRoute } from '../contract';

const base = '/flow/def/v1';
const loose = Type.Object({}, { additionalProperties: true });

function requireAdmin(request: FastifyRequest) {
  if (!callerOf(request).isAdmin) throw forbidden();
}

/** Flow definitions of the model service: read, rights, and (for the admin) deploy. */
export async function defRoutes(untyped: FastifyInstance) {
  const app = untyped.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = app.deps;
  const tz = config.timeZone;
  // The name in the reader's language (docs/workflow.md, "Names in the reader's language").
  const describe = (
    row: {
      id: string;
      def_key: string;
      name: string;
      name_en: string;
      version: number;
      is_main: boolean;
      category_id: string;
      icon: string;
      description: string;
      description_en: string;
      status: string;
      created_at: Date;
    },
    language: Language,
  ): DefinitionFields => ({
    id: row.id,
    defKey: row.def_key,
    name: flowLabel(language, row),
    version: row.version,
    isMain: row.is_main ? 'Y' : 'N',
    typeId: row.category_id,
    icon: row.icon,
    desc: (isEnglish(language) && row.description_en) || row.description,
    status: row.status,
    createTime: formatDateTime(row.created_at, tz),
  });

  addRoute(app, flowCalls.startRights, async (request) => {
    const caller = callerOf(request);
    const { defKey } = request.query;
    const def = await mainDefinition(db, { defKey });
    const allowed =
      def.row.status === 'deploy' &&
      (caller.isAdmin || (await hasStartRight(db, caller.id, defKey)));
    return ok(allowed, allowed ? '' : request.t('server:workflow.noStartRight'));
  });

  addRoute(app, flowCalls.byKey, async (request) => {
    const def = await mainDefinition(db, { defKey: request.query.defKey });
    return {
      ...describe(def.row, request.language),
      bpmnXml: '',
      form: await formForBrowser(db, def.form),
      subjectTemplate: def.graph.subjectTemplate,
      subjectTemplateEn: def.graph.subjectTemplateEn,
    };
  });

  app.get(
    `${base}/getMainById`,
    {
      schema: {
        summary: 'The id of the main version of the flow a definition id belongs to',
        querystring: Type.Object({ id }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      const def = await mainDefinition(db, { defId: request.query.id });
      return ok(def.row.id, '');
    },
  );

  addRoute(app, flowCalls.byId, async (request) => {
    const row = await definitionRow(db, request.query.id);
    if (!row) throw notFound('server:workflow.defNotFound');
    return {
      ...describe(row, request.language),
      bpmnXml: row.bpmn_xml,
      form: await formForBrowser(db, row.form as FormDefinition),
    };
  });

  app.post(
    `${base}/listJson`,
    {
      schema: {
        summary: 'Flows the caller may start (the admin: every deployed flow)',
        body: Type.Optional(queryFilter),
        response: { 200: pageAnswer },
      },
    },
    async (request) => {
      const page = await runList(db, startableList(callerOf(request)), request.body ?? {}, tz);
      return { ...page, rows: page.rows.map((row) => withTimes(row, ['createTime'], tz)) };
    },
  );

  app.post(
    `${base}/deploy`,
    {
      schema: {
        summary:
          'The admin deploys a flow: a new version becomes the main one (BPMN XML checked, form checked)',
        body: Type.Object({
          defKey: Type.String({ minLength: 1, maxLength: 64 }),
          name: Type.String({ minLength: 1, maxLength: 100 }),
          // English name; without it the process's atrium:nameEn
          nameEn: optionalText(100),
          typeId: id,
          bpmnXml: Type.String({ minLength: 1, maxLength: 500_000 }),
          // A form of its own, or the key of an online form (pinned at its current version).
          form: Type.Union([
            Type.Object({ fields: Type.Array(loose, { maxItems: 200 }) }),
            Type.Object({ formKey: Type.String({ minLength: 1, maxLength: 64 }) }),
          ]),
          icon: optionalText(200),
          desc: optionalText(1000),
        }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      const defId = await deployDefinition(db, {
        defKey: body.defKey,
        name: body.name,
        ...(body.nameEn ? { nameEn: body.nameEn } : {}),
        categoryId: body.typeId,
        bpmnXml: body.bpmnXml,
        form: body.form,
        ...(body.icon ? { icon: body.icon } : {}),
        ...(body.desc ? { description: body.desc } : {}),
        createdBy: callerOf(request).id,
      });
      return ok(defId, request.t('server:workflow.done.deployed'));
    },
  );

  addRoute(app, flowCalls.categories, async (request) => {
    const rows = await flowCategories(db);
    return rows.map((row) => ({
      id: row.id,
      name: (request.language === 'en-US' && row.name_en) || row.name,
      code: row.code,
      icon: row.icon,
      sn: row.sort,
      parentId: '0' as const,
    }));
  });

  app.get(
    '/flow/defAuthorize/v1/getPermissionList',
    {
      schema: {
        summary:
          "Start rights: every flow's for the admin, the flows the caller may start for others",
        querystring: Type.Object({ defKey: optionalText(64) }),
        response: { 200: Type.Array(loose) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await startRightsWithNames(db, request.query.defKey);
      const visible = caller.isAdmin
        ? rows
        : rows.filter((row) => row.kind === 'everyone' || row.ref_id === caller.id);
      return visible.map((row) => ({
        defKey: row.def_key,
        type: row.kind,
        refId: row.ref_id,
        refName: row.fullname ?? row.name ?? '',
      }));
    },
  );

  app.post(
    '/flow/defAuthorize/v1/save',
    {
      schema: {
        summary: 'The admin sets who may start a flow (everyone, users, roles)',
        body: Type.Object({
          defKey: id,
          rights: Type.Array(
            Type.Object({
              type: Type.Union([
                Type.Literal('everyone'),
                Type.Literal('user'),
                Type.Literal('role'),
              ]),
              refId: optionalText(64),
            }),
            { maxItems: 500 },
          ),
        }),
        response: { 200: stateAnswer },
      },
    },
    async (request) => {
      requireAdmin(request);
      const body = request.body;
      await mainDefinition(db, { defKey: body.defKey });
      const rights = body.rights.map((right) => ({
        def_key: body.defKey,
        kind: right.type,
        ref_id: right.type === 'everyone' ? '' : (right.refId ?? ''),
      }));
      const unknownRef = await firstUnknownRef(db, rights);
      if (unknownRef !== undefined)
        throw badRequest('server:workflow.rightRefUnknown', { ref: unknownRef });
      await replaceStartRights(db, body.defKey, rights);
      return done(request, 'server:workflow.done.saved');
    },
  );

  addRoute(app, flowCalls.saveFavourites, async (request) => {
    const caller = callerOf(request);
    const body = request.body;
    const keys = Array.isArray(body)
      ? body.map((item) => item.defKey)
      : Array.isArray(body.defKeys)
        ? body.defKeys
        : idList(body.defKeys);
    const unique = [...new Set(keys)];
    if (unique.length > 11) throw badRequest('server:workflow.tooManyFavourites');
    const startable = await runList(
      db,
      startableList(caller),
      { pageBean: { page: 1, pageSize: 500 } },
      tz,
    );
    const unknown = unique.find((key) => !startable.rows.some((row) => row.defKey === key));
    if (unknown) throw badRequest('server:workflow.favouriteUnknown', { defKey: unknown });
    // The list is replaced, but a flow kept in it stays pinned (isTop).
    await replaceFavourites(db, caller.id, unique);
    return done(request, 'server:workflow.done.saved');
  });
}
