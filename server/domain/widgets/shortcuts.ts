import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import type { ShortcutApp } from '../../../src/contract/widgets';

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
