/**
 * A system module as the server answers it and the element shows it (docs/forms.md "System
 * modules"): one shape for both sides. No React, no requests.
 */
export const moduleItemTypes = ['template', 'query', 'chart'] as const;
export type ModuleItemType = (typeof moduleItemTypes)[number];

export interface ModuleItem {
  /** template: a data template key; query: a custom query alias; chart: a custom chart id. */
  type: ModuleItemType;
  key: string;
  title: string;
  titleEn: string;
}

export interface SysModule {
  id: string;
  name: string;
  nameEn: string;
  items: ModuleItem[];
}
