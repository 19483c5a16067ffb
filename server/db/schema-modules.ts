import type { Generated } from 'kysely';

/** System modules (migration 0020, docs/forms.md "System modules"). */
export interface SysModulesTable {
  id: string;
  name: string;
  name_en: Generated<string>;
  /** JSON `[{ type, key, title, titleEn }]`: the tabs, in order. */
  items: Generated<string>;
  /** JSON list of role ids that may open the module; empty: only the designated user. */
  role_ids: Generated<string>;
  sort: Generated<number>;
}

export interface ModuleTables {
  sys_modules: SysModulesTable;
}
