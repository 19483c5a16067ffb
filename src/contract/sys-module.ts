import { Type, type Static } from 'typebox';
import { defineCalls } from './call';

/**
 * System modules (/sysModulePreview/{id}; docs/forms.md "System modules"): a named business
 * page made of tabs, each an element the portal shows by its key.
 */
export const moduleItemTypes = ['template', 'query', 'chart'] as const;
export type ModuleItemType = (typeof moduleItemTypes)[number];

const moduleItem = Type.Object({
  /** template: a data template key; query: a custom query alias; chart: a custom chart id. */
  type: Type.Unsafe<ModuleItemType>({ type: 'string', enum: [...moduleItemTypes] }),
  key: Type.String(),
  title: Type.String(),
  titleEn: Type.String(),
});

export type ModuleItem = Static<typeof moduleItem>;

const sysModule = Type.Object({
  id: Type.String(),
  name: Type.String(),
  nameEn: Type.String(),
  items: Type.Array(moduleItem),
});

export type SysModule = Static<typeof sysModule>;

export const sysModuleCalls = defineCalls({
  get: {
    method: 'GET',
    path: '/form/sysModule/v1/get',
    schema: {
      summary: 'A system module: its name and its tabs (data templates, custom queries, charts)',
      description:
        'Each tab names an element the portal shows by its key: type template (a data ' +
        'template key), query (a custom query alias) or chart (a custom chart id). Unknown ' +
        "id: 404; a module none of whose roles the caller holds: 403. The tabs' own calls " +
        'check the caller again.',
      querystring: Type.Object({
        id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' }),
      }),
      response: { 200: sysModule },
    },
  },
});
