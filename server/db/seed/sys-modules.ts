import type { Db } from '../database';
import type { ModuleItem } from '../../domain/modules/sys-modules';
import { roleIds, seedId } from './ids';
import { chartIds } from './shell/charts';

/**
 * The demo's system modules (/sysModulePreview/{id}, docs/forms.md "System modules"): each a
 * business page of tabs over what the portal already has, opened from the menu by its roles.
 */
export const moduleIds = {
  fitOutManagement: seedId(171, 1),
  meetingManagement: seedId(171, 2),
};

const modules: {
  id: string;
  name: string;
  nameEn: string;
  items: ModuleItem[];
  roles: string[];
}[] = [
  {
    id: moduleIds.fitOutManagement,
    name: '商户装修管理',
    nameEn: 'Fitting-out management',
    items: [
      { type: 'template', key: 'fitOut', title: '装修申请', titleEn: 'Applications' },
      { type: 'template', key: 'inspection', title: '门店巡检', titleEn: 'Inspections' },
      { type: 'query', key: 'storeList', title: '门店一览', titleEn: 'Stores' },
    ],
    roles: [roleIds.store, roleIds.contractManager],
  },
  {
    id: moduleIds.meetingManagement,
    name: '会议管理',
    nameEn: 'Meetings',
    items: [
      { type: 'template', key: 'meetingBooking', title: '会议预约', titleEn: 'Bookings' },
      {
        type: 'chart',
        key: chartIds.bookingsByRoom,
        title: '会议室使用',
        titleEn: 'Room use',
      },
    ],
    roles: [roleIds.staff],
  },
];

export async function seedSysModules(db: Db): Promise<void> {
  await db
    .insertInto('sys_modules')
    .values(
      modules.map((module, i) => ({
        id: module.id,
        name: module.name,
        name_en: module.nameEn,
        items: JSON.stringify(module.items),
        role_ids: JSON.stringify(module.roles),
        sort: i + 1,
      })),
    )
    .execute();
}
