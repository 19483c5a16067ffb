import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import type { AppEntry, FavouriteApp } from '../../../src/contract/widgets';
import { appCenterAlias, appsOfMenu } from '../shell/apps';
import { menuByAlias, visibleMenus, type VisibleMenus } from '../shell/menus';

/** Spec section 9: a user keeps between 1 and 11 favourite apps. */
export const favouriteLimits = { min: 1, max: 11 } as const;

/** Every app of the app centre the caller may see, by id. */
async function visibleApps(db: Db, caller: AuthUser, language: Language) {
  const root = appCentreRoot(await visibleMenus(db, caller));
  const apps = root ? await appsOfMenu(db, caller, root, language) : [];
  return new Map(apps.map((app) => [app.id, app]));
}

/** The app centre's node, or null when the caller sees none of it. */
function appCentreRoot(menus: VisibleMenus): string | null {
  try {
    return menuByAlias(menus, appCenterAlias).id;
  } catch {
    return null;
  }
}

function toFavourite(app: AppEntry): FavouriteApp {
  return {
    yybm: app.id,
    yymc: app.name,
    icon: app.icon,
    type: app.type,
    content: JSON.stringify({ url: app.url, defKey: app.defKey, sqlAlias: app.sqlAlias }),
    menuname: app.menuName,
  };
}

/** The caller's favourites in their order; apps they can no longer see are left out. */
export async function favouriteApps(db: Db, caller: AuthUser, language: Language) {
  const rows = await db
    .selectFrom('favourite_apps')
    .select('app_id')
    .where('user_id', '=', caller.id)
    .orderBy('sort')
    .execute();
  const apps = await visibleApps(db, caller, language);
  return rows.flatMap((row) => {
    const app = apps.get(row.app_id);
    return app ? [toFavourite(app)] : [];
  });
}

/**
 * Replaces the caller's favourites with the given apps, in that order. The client's names
 * are ignored: only codes of apps the caller may see are kept, and the limits hold here.
 */
export async function saveFavouriteApps(
  db: Db,
  caller: AuthUser,
  codes: string[],
  language: Language,
) {
  const unique = [...new Set(codes)];
  if (unique.length < favouriteLimits.min) throw badRequest('server:widgets.noFavourite');
  if (unique.length > favouriteLimits.max) throw badRequest('server:widgets.tooManyFavourites');
  const apps = await visibleApps(db, caller, language);
  const unknown = unique.find((code) => !apps.has(code));
  if (unknown) throw badRequest('server:widgets.unknownApp');
  // One transaction: 100 saves at once leave one of the lists, never a mix of them.
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', caller.id).forUpdate().execute();
    await trx.deleteFrom('favourite_apps').where('user_id', '=', caller.id).execute();
    await trx
      .insertInto('favourite_apps')
      .values(unique.map((app_id, sort) => ({ user_id: caller.id, app_id, sort })))
      .execute();
  });
}

/** One app the caller may see (the app centre's /appContent/{type}/{id}/0 opens it). */
export async function visibleApp(db: Db, caller: AuthUser, id: string, language: Language) {
  const app = (await visibleApps(db, caller, language)).get(id);
  if (!app) throw notFound('server:widgets.unknownApp');
  return { url: app.url, name: app.name };
}
