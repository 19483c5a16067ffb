import type { FastifyInstance } from 'fastify';
import { formDefinitionRoutes } from './definitions';
import { formDraftRoutes } from './drafts';
import { formRecordRoutes } from './records';
import { formRightsRoutes } from './rights';
import { formSpreadsheetRoutes } from './spreadsheets';

/**
 * Online forms (docs/forms.md): the data-template calls of records, drafts and spreadsheets,
 * and the form definitions. boSave, getForm, dataList_ and getBpmDataTemplateInfo are shared
 * with the older templates (custom-query/data-templates.ts) and dispatch on the source.
 */
export async function onlineFormRoutes(app: FastifyInstance) {
  await app.register(formDefinitionRoutes);
  await app.register(formRecordRoutes);
  await app.register(formDraftRoutes);
  await app.register(formSpreadsheetRoutes);
  await app.register(formRightsRoutes);
}
