import type {
  ModuleItem as SysModuleItem,
  SysModule,
  sysModuleCalls,
} from '../../contract/sys-module';
import { send } from '../http';

/** System modules (/sysModulePreview/{id}; docs/forms.md "System modules"). */
export type { ModuleItem as SysModuleItem, SysModule } from '../../contract/sys-module';

export function sysModule(id: string): Promise<SysModule> {
  return send<typeof sysModuleCalls.get>(
    'form',
    { method: 'GET', path: '/form/sysModule/v1/get' },
    { query: { id } },
    { quiet: true },
  );
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
