import {
  moduleItemTypes,
  type ModuleItem,
  type ModuleItemType,
  type SysModule,
} from '../../../src/contract/sys-module';
import type { Db } from '../../db/database';
import type { AuthUser } from '../../lib/context';
import { forbidden, notFound, UserError } from '../../lib/errors';

/**
 * System modules (docs/forms.md "System modules"): a named business page made of tabs. Each
 * tab shows an element the portal already has, named by its key: an online form's data
 * template (atrium-data-template), a custom query (atrium-custom-query) or a custom chart
 * (atrium-chart-column). A module opens for the holders of its roles and the designated
 * user; the tabs' own calls still check the caller (a module grants nothing by itself).
 */
export { moduleItemTypes, type ModuleItem } from '../../../src/contract/sys-module';

const keyPattern = /^[A-Za-z0-9_-]{1,64}$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A stored tab list the server does not understand is the administrator's error: a 500. */
function parseItems(text: string): ModuleItem[] {
  const parsed = parseJson(text);
  if (!Array.isArray(parsed)) throw new UserError(500, 'server:sysModules.broken');
  return parsed.map((item: unknown): ModuleItem => {
    const { type, key, title, titleEn } = (item ?? {}) as Record<string, unknown>;
    const valid =
      moduleItemTypes.includes(type as ModuleItemType) &&
      typeof key === 'string' &&
      keyPattern.test(key) &&
      typeof title === 'string' &&
      title !== '';
    if (!valid) throw new UserError(500, 'server:sysModules.broken');
    return {
      type: type as ModuleItemType,
      key: key as string,
      title: title as string,
      titleEn: typeof titleEn === 'string' ? titleEn : '',
    };
  });
}

function parseRoles(text: string): string[] {
  const parsed = parseJson(text);
  if (!Array.isArray(parsed) || parsed.some((role) => typeof role !== 'string')) {
    throw new UserError(500, 'server:sysModules.broken');
  }
  return parsed as string[];
}

/**
 * The module `id` for the caller: 404 when there is none, 403 when the caller holds none of
 * its roles. A module without roles opens for the designated user only (never for everyone
 * by omission).
 */
export async function loadModule(db: Db, caller: AuthUser, id: string): Promise<SysModule> {
  const row = await db
    .selectFrom('sys_modules')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('server:sysModules.notFound');
  const roles = parseRoles(row.role_ids);
  const allowed = caller.seesEverything || roles.some((role) => caller.roleIds.includes(role));
  if (!allowed) throw forbidden('server:sysModules.forbidden');
  return { id: row.id, name: row.name, nameEn: row.name_en, items: parseItems(row.items) };
}
