import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { commonResult } from './envelope';
import { templateKey } from './form-fields';

/** Who may use a template's records (docs/forms.md, "Who may use a form"): administrators. */
const base = '/form/dataTemplate/v1';

const id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' });
const ids = Type.Array(id, { maxItems: 200 });

/** Who holds a right: the menu's audience, holders of roles, members of organisations. */
const audience = Type.Object(
  { menu: Type.Optional(Type.Boolean()), roles: Type.Optional(ids), orgs: Type.Optional(ids) },
  { additionalProperties: false },
);
const rights = Type.Object(
  { read: audience, add: audience, edit: audience, delete: audience },
  { additionalProperties: false },
);
const choice = Type.Object({ id: Type.String(), label: Type.String() });

const templateRights = Type.Object({
  templateKey: Type.String(),
  name: Type.String(),
  managers: Type.Array(Type.String()),
  rights,
  /** False while the template has the default rights (none of its own). */
  custom: Type.Boolean(),
  roles: Type.Array(choice),
  orgs: Type.Array(choice),
});

export type TemplateRights = Static<typeof templateRights>;

export const rightsCalls = defineCalls({
  get: {
    method: 'GET',
    path: `${base}/getRights`,
    schema: {
      summary: "A template's managers and rights, with the roles and organisations to choose",
      querystring: Type.Object({ templateKey }),
      response: { 200: commonResult(templateRights) },
    },
  },
  save: {
    method: 'POST',
    path: `${base}/saveRights`,
    schema: {
      summary: "Sets a template's managers and who else may read, add, edit and delete",
      body: Type.Object({ templateKey, managers: ids, rights }, { additionalProperties: false }),
      response: { 200: commonResult(Type.Null()) },
    },
  },
});
