import type { DataTemplateRow } from '../../db/schema-shell';
import { UserError } from '../../lib/errors';
import { contractPrintStore } from '../shell/templates/contract-print-store';
import type { SmsProvider } from '../sms';
import { formRecordStore, type RecordStore } from './record-store';

/**
 * The stores a form's records may live in besides form_records, by the template's named
 * query (the query that lists them). Code, not data: a store is a table and its rules.
 */
const boundStores: Record<string, (sms: SmsProvider) => RecordStore> = {
  contractPrints: contractPrintStore,
};

/** Whether the template's records live in a table of their own (not form_records). */
export function isStoreBound(template: DataTemplateRow): boolean {
  return template.named_query !== '';
}

export function recordStoreOf(template: DataTemplateRow, sms: SmsProvider): RecordStore {
  if (!isStoreBound(template)) return formRecordStore;
  const store = boundStores[template.named_query];
  if (!store) throw new UserError(500, 'server:shell.customQueryBroken');
  return store(sms);
}
