import { Type, type TSchema, type TUnsafe } from 'typebox';
import { defineCalls } from './call';
import { commonResult, pageList, queryFilter } from './envelope';
import { formRow, idList, recordId, templateKey, values } from './form-fields';

/**
 * An online form's records (docs/forms.md): the list, one record for the form page, save,
 * delete and batch update. The list, getForm and boSave serve the older templates over a
 * bound table too (server/services/form/custom-query/data-templates.ts).
 */
const base = '/form/dataTemplate/v1';

/** A field as the platform's template answered it (name, label, rule string, required). */
export const legacyField = Type.Object({
  name: Type.String(),
  label: Type.String(),
  labelEn: Type.Optional(Type.String()),
  type: Type.String(),
  rules: Type.String(),
  required: Type.Boolean(),
  readonly: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.String()),
});

const byAlias = Type.Object({ boAlias: templateKey });

/** The record calls, made for a form type (src/contract/form-fields.ts says why). */
export const recordCallsOf = <Form extends TSchema>(form: Form) =>
  defineCalls({
    list: {
      method: 'POST',
      path: `${base}/dataList_:templateKey`,
      schema: {
        summary: "One page of the template's records the caller may see (a bare PageList)",
        params: Type.Object({ templateKey }),
        body: Type.Union([queryFilter, Type.Null()]),
        response: { 200: pageList(formRow) },
      },
    },
    get: {
      method: 'GET',
      path: `${base}/getForm/:formKey/:boAlias`,
      schema: {
        summary: 'One record for the form page (no id: an empty record, for those who may add)',
        params: Type.Object({ formKey: templateKey, boAlias: templateKey }),
        querystring: Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: {
          200: commonResult(
            Type.Object({
              formKey: Type.String(),
              boAlias: Type.String(),
              /** A bound table's fields (dyzl); an ordinary form's page reads `form`. */
              fields: Type.Array(legacyField),
              data: formRow,
              readonly: Type.Boolean(),
              form: Type.Optional(form),
            }),
          ),
        },
      },
    },
    save: {
      method: 'POST',
      path: `${base}/boSave/:boAlias`,
      schema: {
        summary: 'Adds (no ID_) or edits (ID_) a record, checked against the rule strings',
        params: byAlias,
        body: values,
        /** The record's id. */
        response: { 200: commonResult(Type.String()) },
      },
    },
    remove: {
      method: 'DELETE',
      path: `${base}/boDel/:boAlias`,
      schema: {
        summary: 'Deletes records the caller may see and delete; all or nothing',
        params: byAlias,
        querystring: Type.Object({ ids: idList }),
        response: { 200: commonResult(Type.Integer()) },
      },
    },
    batchUpdate: {
      method: 'POST',
      path: `${base}/boBatchUpdate/:boAlias`,
      schema: {
        summary: 'Sets the same values on several records; each record is checked whole',
        params: byAlias,
        body: Type.Object({ ids: Type.Array(recordId, { minItems: 1, maxItems: 500 }), values }),
        response: { 200: commonResult(Type.Integer()) },
      },
    },
  });

export type RecordCallsFor<Form> = ReturnType<typeof recordCallsOf<TUnsafe<Form>>>;
