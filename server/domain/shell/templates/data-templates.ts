import type { DataTemplateRow } from '../../../db/schema-shell';
import { notFound } from '../../../lib/errors';
import type { QueryContext } from '../queries/registry';

export async function loadTemplate(
  ctx: QueryContext,
  templateKey: string,
): Promise<DataTemplateRow> {
  const row = await ctx.db
    .selectFrom('data_templates')
    .selectAll()
    .where('template_key', '=', templateKey)
    .executeTakeFirst();
  if (!row) throw notFound('server:shell.templateNotFound');
  return row;
}

export async function templateByBoAlias(ctx: QueryContext, boAlias: string) {
  const row = await ctx.db
    .selectFrom('data_templates')
    .selectAll()
    .where('bo_alias', '=', boAlias)
    .executeTakeFirst();
  if (!row) throw notFound('server:shell.templateNotFound');
  return row;
}
