import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Custom charts (spec/workflow-office.md sections 3 and 7.6): the chart's presentation as
 * the platform describes it (style, condition, display, x-axis and sort fields, conf, all
 * JSON text as the platform sends them), plus the named server query that computes its
 * rows. The query name picks code in server/domain/charts/queries.ts: no SQL is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
}

const script = `
  create table custom_charts (
    id text primary key,
    name text not null,
    name_en text not null default '',
    style integer not null,
    query_name text not null,
    conditionfield text not null default '[]',
    displayfield text not null default '[]',
    xaxis_field text not null,
    sortfield text not null default '[]',
    conf text not null default '{}'
  );
`;
