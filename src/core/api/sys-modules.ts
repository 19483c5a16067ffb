import { http } from '../http';

/** System modules (/sysModulePreview/{id}; docs/forms.md "System modules"). */
export type { ModuleItem as SysModuleItem, SysModule } from '../modules/sys-module';
import type { ModuleItem as SysModuleItem, SysModule } from '../modules/sys-module';

export function sysModule(id: string): Promise<SysModule> {
  return http.get<SysModule>('form', '/form/sysModule/v1/get', { id }, { quiet: true });
}

/** The element each tab type shows, and its attributes (elements never import each other). */
export function tabElement(item: SysModuleItem): {
  tag: string;
  attributes: Record<string, string>;
} {
  switch (item.type) {
    case 'template':
      return { tag: 'atrium-data-template', attributes: { 'template-key': item.key } };
    case 'query':
      return { tag: 'atrium-custom-query', attributes: { alias: item.key } };
    case 'chart':
      return { tag: 'atrium-chart-column', attributes: { 'chart-id': item.key } };
  }
}
