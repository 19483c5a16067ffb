import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { defineCalls } from './call';
import { commonResult, pageList } from './envelope';
import { pageBean, templateKey } from './form-fields';

/**
 * Form definitions and the template list (docs/forms.md, "Definitions"): listJson (spec
 * 7.7), and the form-definition screen's read and save.
 */
const templateEntry = Type.Object({
  templateKey: Type.String(),
  /** In the caller's language. */
  name: Type.String(),
  boAlias: Type.String(),
  formKey: Type.String(),
  /** 'form': an online form; 'store': a template over a table of its own. */
  source: Type.Union([Type.Literal('store'), Type.Literal('form')]),
});

export type TemplateEntry = Static<typeof templateEntry>;

/** The definition calls, made for a form type (src/contract/form-fields.ts says why). */
export const definitionCallsOf = <Form extends TSchema>(form: Form) =>
  defineCalls({
    templates: {
      method: 'POST',
      path: '/form/dataTemplate/v1/listJson',
      schema: {
        summary: 'A page of the data templates the caller may open, with their form and source',
        body: Type.Union([Type.Object({ pageBean }), Type.Null()]),
        response: { 200: pageList(templateEntry) },
      },
    },
    byKey: {
      method: 'GET',
      path: '/form/form/v1/getByKey',
      schema: {
        summary:
          "A form's current definition and version (select choices from dictionaries filled in)",
        querystring: Type.Object({ formKey: templateKey }),
        response: {
          200: commonResult(Type.Object({ version: Type.Integer(), definition: form })),
        },
      },
    },
    save: {
      method: 'POST',
      path: '/form/form/v1/save',
      schema: {
        summary: 'Saves a definition as the next version (administrators only)',
        body: Type.Object({
          /** Checked by the server against the definition's own rules, not by this schema. */
          definition: Type.Unknown(),
          /** The version the definition was edited from: a newer one saved since is a 409. */
          baseVersion: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
        }),
        /** The version saved. */
        response: { 200: commonResult(Type.Integer()) },
      },
    },
  });

export type DefinitionCallsFor<Form> = ReturnType<typeof definitionCallsOf<TUnsafe<Form>>>;
