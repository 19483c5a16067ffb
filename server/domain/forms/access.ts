import { sql } from 'kysely';
import {
  defaultFormRights,
  type FormAudience,
  type FormRight,
  type FormRights,
} from '../../../src/core/forms/rights';
import type { Db } from '../../db/database';
import type { DataTemplateRow } from '../../db/schema-shell';
import type { AuthUser } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { appRoute } from '../shell/app-route';
import { visibleMenus } from '../shell/menus';
import { mayUse } from '../shell/methods';

/**
 * Who may use a form's records (docs/forms.md, "Who may use a form"). One rule, asked by the
 * template loader every form call goes through (form-templates.ts) and by every other door
 * to a form's table (drafts, named queries, the meetings card); nothing else decides it.
 *
 * - A manager of a form (a holder of one of the template's edit roles, or the designated
 *   user) holds every right and handles every record.
 * - Anyone else holds a right when the template's audience for it names one of their roles,
 *   one of their organisations (or one above theirs), or the menu and they see a menu item
 *   or app that opens the template; they work with the records they created.
 * - A template without rights of its own has the default (src/core/forms/rights.ts): the
 *   menu decides reading, adding and editing; deleting is the managers'.
 */

/** What the rule needs of a call: the database and the caller the session says. */
export interface AccessContext {
  db: Db;
  caller: AuthUser;
}

export function managesForm(ctx: Pick<AccessContext, 'caller'>, template: DataTemplateRow) {
  return (
    ctx.caller.seesEverything ||
    template.edit_role_ids.some((role) => ctx.caller.roleIds.includes(role))
  );
}

export function rightsOf(template: DataTemplateRow): FormRights {
  return template.rights ?? defaultFormRights;
}

/**
 * The template a route opens: `template/preview/{key}`, `template/form/{key}/...` (with or
 * without `/statement/`), `/flowcenter/template/preview/{key}`, `/previewForm/{key}` and
 * `/QRCodeForm/{key}/...` (the host page's routes, demo/src/routes.ts).
 */
const templateRoute =
  /^\/?(?:statement\/|flowcenter\/)?(?:template\/(?:preview|form)|previewForm|QRCodeForm)\/([A-Za-z0-9_-]+)/;

export function templateOpenedBy(route: string): string | undefined {
  return templateRoute.exec(route)?.[1];
}

/** Keys of the templates a menu item or an app-centre app the caller sees opens. */
async function templatesInMenus(ctx: AccessContext): Promise<Set<string>> {
  const [menus, apps] = await Promise.all([
    visibleMenus(ctx.db, ctx.caller),
    ctx.db.selectFrom('apps').selectAll().execute(),
  ]);
  const routes = [
    ...[...menus.visible].map((id) => menus.byId.get(id)?.menu_url ?? ''),
    ...apps.filter((app) => menus.visible.has(app.menu_id)).map(appRoute),
  ];
  return new Set(routes.map(templateOpenedBy).filter((key) => key !== undefined));
}

/** The caller's organisations and every organisation above them. */
async function orgsAbove(ctx: AccessContext): Promise<Set<string>> {
  const rows = await sql<{ id: string }>`with recursive up (id) as (
      select org_id from wf_org_members where user_id = ${ctx.caller.id}
      union
      select o.parent_id from wf_orgs o join up on o.id = up.id where o.parent_id is not null
    ) select id from up`.execute(ctx.db);
  return new Set(rows.rows.map((row) => row.id));
}

/** What one call has found out about its caller, so a page of checks asks the database once. */
const known = new WeakMap<
  AccessContext,
  { menus?: Promise<Set<string>>; orgs?: Promise<Set<string>> }
>();

function remembered(ctx: AccessContext) {
  let facts = known.get(ctx);
  if (!facts) known.set(ctx, (facts = {}));
  return facts;
}

async function inAudience(
  ctx: AccessContext,
  template: DataTemplateRow,
  audience: FormAudience,
): Promise<boolean> {
  if (audience.roles?.some((role) => ctx.caller.roleIds.includes(role))) return true;
  const facts = remembered(ctx);
  if (audience.orgs?.length) {
    const orgs = await (facts.orgs ??= orgsAbove(ctx));
    if (audience.orgs.some((org) => orgs.has(org))) return true;
  }
  if (!audience.menu) return false;
  return (await (facts.menus ??= templatesInMenus(ctx))).has(template.template_key);
}

/** Whether the caller holds `right` on the template's records. */
export async function formAccess(
  ctx: AccessContext,
  template: DataTemplateRow,
  right: FormRight,
): Promise<boolean> {
  if (managesForm(ctx, template)) return true;
  return inAudience(ctx, template, rightsOf(template)[right] ?? {});
}

const refusals: Record<FormRight, string> = {
  read: 'server:forms.noRead',
  add: 'server:forms.noAdd',
  edit: 'server:forms.noWrite',
  delete: 'server:forms.noDelete',
};

/** What a call needs: one right, or any one of several. */
export type FormNeed = FormRight | readonly FormRight[];

/** 403 (the first right's message) unless the caller holds one of the rights; nothing read. */
export async function assertFormAccess(
  ctx: AccessContext,
  template: DataTemplateRow,
  need: FormNeed,
): Promise<void> {
  const rights: readonly FormRight[] = typeof need === 'string' ? [need] : need;
  for (const right of rights) if (await formAccess(ctx, template, right)) return;
  throw forbidden(refusals[rights[0]!]);
}

/** The templates the caller holds one of the rights on (lists of forms, drafts). */
export async function templatesWith(
  ctx: AccessContext,
  need: readonly FormRight[],
): Promise<DataTemplateRow[]> {
  const templates = await ctx.db.selectFrom('data_templates').selectAll().execute();
  const held = await Promise.all(
    templates.map(async (template) => {
      for (const right of need) if (await formAccess(ctx, template, right)) return true;
      return false;
    }),
  );
  return templates.filter((_, i) => held[i]);
}

/** What a template's buttons do, as the page asks (getBpmDataTemplateInfo's permission). */
export type FormAction = 'add' | 'edit' | 'del' | 'export' | 'import';

const rightOfAction: Record<'add' | 'edit' | 'del', FormRight> = {
  add: 'add',
  edit: 'edit',
  del: 'delete',
};

/**
 * A button works when the caller holds its right (export and import of every record: the
 * managers only) and, once registered, its method permission (`{templateKey}:{action}`).
 */
export async function mayDo(
  ctx: AccessContext,
  template: DataTemplateRow,
  action: FormAction,
): Promise<boolean> {
  const allowed =
    action === 'export' || action === 'import'
      ? managesForm(ctx, template)
      : await formAccess(ctx, template, rightOfAction[action]);
  return allowed && (await mayUse(ctx.db, ctx.caller, `${template.template_key}:${action}`));
}

export async function assertMayDo(
  ctx: AccessContext,
  template: DataTemplateRow,
  action: FormAction,
): Promise<void> {
  if (await mayDo(ctx, template, action)) return;
  const key = {
    add: 'noAdd',
    edit: 'noWrite',
    del: 'noDelete',
    export: 'noExport',
    import: 'noImport',
  }[action];
  throw forbidden(`server:forms.${key}`);
}
