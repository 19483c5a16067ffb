import type { QueryContext } from '../queries/registry';

/** Where a data template's records live; one per business object alias (boAlias). */
export interface TemplateStore {
  boAlias: string;
  /** One record, when the caller may see it. */
  get(ctx: QueryContext, id: string): Promise<Record<string, unknown> | undefined>;
  /** Whether the caller may write this record, or add one when none is given. */
  canWrite(ctx: QueryContext, record?: Record<string, unknown>): Promise<boolean>;
  /** Saves values already checked against the template's rules; answers the record id. */
  save(ctx: QueryContext, values: Record<string, unknown>, id?: string): Promise<string>;
}
