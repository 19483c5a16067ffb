import type { DataTemplateRow } from '../../db/schema-shell';
import { forbidden } from '../../lib/errors';
import type { QueryContext } from '../shell/queries/registry';
import { mayUse } from '../shell/methods';

/** What a template lets a user do with a form's records (docs/forms.md, "Who sees what"). */
export type FormAction = 'add' | 'edit' | 'del' | 'export' | 'import';

/**
 * A manager of a form (a holder of one of the template's edit roles, or the designated user)
 * sees and handles every record; anyone else who may open the template sees and edits the
 * records they created, and adds new ones. Each action is also a method permission
 * (`{templateKey}:{action}`) once registered.
 */
export function managesForm(ctx: QueryContext, template: DataTemplateRow): boolean {
  return (
    ctx.caller.seesEverything ||
    template.edit_role_ids.some((role) => ctx.caller.roleIds.includes(role))
  );
}

export async function mayDo(
  ctx: QueryContext,
  template: DataTemplateRow,
  action: FormAction,
): Promise<boolean> {
  const roleAllows = action === 'add' || action === 'edit' || managesForm(ctx, template);
  return roleAllows && (await mayUse(ctx.db, ctx.caller, `${template.template_key}:${action}`));
}

export async function assertMayDo(
  ctx: QueryContext,
  template: DataTemplateRow,
  action: FormAction,
): Promise<void> {
  if (await mayDo(ctx, template, action)) return;
  const key = {
    add: 'noWrite',
    edit: 'noWrite',
    del: 'noDelete',
    export: 'noExport',
    import: 'noImport',
  }[action];
  throw forbidden(`server:forms.${key}`);
}
