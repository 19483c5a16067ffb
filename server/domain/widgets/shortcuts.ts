import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';

/** A shortcut entry in the platform's getYykjrk shape. */
export interface ShortcutApp {
  id: string;
  yymc: string;
  /** JSON text of a list of icon file ids (downloaded through downloadFile). */
  tb: string;
  /** External link (opens in a new window). */
  yylj: string;
  /** Internal link (a portal route). */
  nwyylj: string;
}

/** The quick system-entry bar: entries for everyone and those of the caller's roles. */
export async function shortcutApps(db: Db, caller: AuthUser, language: Language) {
  const rows = await db
    .selectFrom('shortcut_apps')
    .selectAll()
    .where((eb) =>
      caller.seesEverything
        ? eb.lit(true)
        : eb.or([
            eb('role_id', 'is', null),
            ...(caller.roleIds.length ? [eb('role_id', 'in', caller.roleIds)] : []),
          ]),
    )
    .orderBy('sort')
    .execute();
  return rows.map((row): ShortcutApp => ({
    id: row.id,
    yymc: language === 'en-US' && row.name_en ? row.name_en : row.name,
    tb: row.icon_file_ids,
    yylj: row.external_url,
    nwyylj: row.internal_url,
  }));
}
