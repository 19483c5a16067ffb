import { Type } from 'typebox';
import type { FormDefinition } from '../../../../src/core/forms/definition';
import { definitionCallsOf } from '../../../../src/contract/form-definitions';
import { definitionSchema, formRow } from '../../../../src/contract/form-fields';
import { recordCallsOf } from '../../../../src/contract/form-records';
import { templateCallsOf } from '../../../../src/contract/statement';

// The request pieces live in the contract the browser reads too.
export {
  idList,
  pageBean,
  recordId,
  templateKey,
  values,
} from '../../../../src/contract/form-fields';

/** The record calls with the server's form type (src/contract/form-fields.ts says why). */
export const recordCalls = recordCallsOf(definitionSchema<FormDefinition>());

/** The template call with the server's form type. */
export const templateCalls = templateCallsOf(definitionSchema<FormDefinition>());

/** The definition calls with the server's form type. */
export const definitionCalls = definitionCallsOf(definitionSchema<FormDefinition>());

/** A page of sub-table rows (getSubDataPagination, which the browser does not call). */
export const page = Type.Object({
  rows: Type.Array(formRow),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

export function splitIds(text: string): string[] {
  return [...new Set(text.split(','))].slice(0, 500);
}
