import type { TemplateRights } from '../../../src/contract/form-rights';
import { formRights, type FormRights } from '../../../src/core/forms/rights';
import { badRequest } from '../../lib/errors';
import { OrgTree } from '../directory/org-tree';
import type { QueryContext } from '../shell/queries/registry';
import { loadTemplate } from '../shell/templates/data-templates';
import { rightsOf } from './access';

/**
 * The rights editor of the form-definition screen (administrators; docs/forms.md, "Who may
 * use a form"): a template's managers and rights, with the roles and organisations to choose
 * from, and their save.
 */
export async function templateRights(
  ctx: QueryContext,
  templateKey: string,
): Promise<TemplateRights> {
  const template = await loadTemplate(ctx, templateKey);
  const english = ctx.language === 'en-US';
  const [roles, tree] = await Promise.all([
    ctx.db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('code').execute(),
    OrgTree.load(ctx.db, ctx.language),
  ]);
  return {
    templateKey: template.template_key,
    name: (english && template.name_en) || template.name,
    managers: template.edit_role_ids,
    rights: rightsOf(template),
    /** False while the template has the default rights (none of its own). */
    custom: template.rights !== null,
    // Roles have Chinese names only: English readers see their codes.
    roles: roles.map((role) => ({ id: role.id, label: english ? role.code : role.name })),
    orgs: [...tree.byId.keys()].map((id) => ({ id, label: tree.pathName(id) })),
  };
}

/** Stores a template's managers and rights; every role and organisation must exist. */
export async function saveTemplateRights(
  ctx: QueryContext,
  templateKey: string,
  managers: string[],
  rights: FormRights,
): Promise<void> {
  const template = await loadTemplate(ctx, templateKey);
  const roles = new Set([...managers, ...formRights.flatMap((right) => rights[right].roles ?? [])]);
  const orgs = new Set(formRights.flatMap((right) => rights[right].orgs ?? []));
  const [knownRoles, knownOrgs] = await Promise.all([
    roles.size
      ? ctx.db
          .selectFrom('roles')
          .select('id')
          .where('id', 'in', [...roles])
          .execute()
      : [],
    orgs.size
      ? ctx.db
          .selectFrom('wf_orgs')
          .select('id')
          .where('id', 'in', [...orgs])
          .execute()
      : [],
  ]);
  const unknown =
    [...roles].find((id) => !knownRoles.some((row) => row.id === id)) ??
    [...orgs].find((id) => !knownOrgs.some((row) => row.id === id));
  if (unknown !== undefined) throw badRequest('server:forms.rightsUnknown', { id: unknown });
  await ctx.db
    .updateTable('data_templates')
    .set({ edit_role_ids: JSON.stringify([...new Set(managers)]), rights: JSON.stringify(rights) })
    .where('template_key', '=', template.template_key)
    .execute();
}
