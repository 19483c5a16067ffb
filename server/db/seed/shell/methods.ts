import type { Db } from '../../database';
import { roleIds } from '../ids';

/**
 * The demo's method permissions (server/domain/shell/methods.ts): batch printing the finance
 * lists for merchants and accountants, exporting them for everyone who reads one, adding and
 * editing contract
 * print data for the contract-management and store roles. The admin holds them all.
 */
const methods = [
  {
    alias: 'finance:batchPrint',
    name: '批量打印',
    name_en: 'Batch print',
    menu_alias: 'statements',
    roles: [roleIds.merchant, roleIds.accountant],
  },
  {
    alias: 'finance:export',
    name: '导出',
    name_en: 'Export',
    menu_alias: 'statements',
    roles: [roleIds.merchant, roleIds.accountant, roleIds.contractManager, roleIds.store],
  },
  {
    alias: 'dyzl:add',
    name: '登记打印资料',
    name_en: 'Register print data',
    menu_alias: 'workbench',
    roles: [roleIds.contractManager, roleIds.store],
  },
  {
    alias: 'dyzl:edit',
    name: '修改打印资料',
    name_en: 'Edit print data',
    menu_alias: 'workbench',
    roles: [roleIds.contractManager, roleIds.store],
  },
  {
    // Lists announcements and news past their end date too (issue 39, item 2).
    alias: 'news:manage',
    name: '管理新闻公告',
    name_en: 'Manage news',
    menu_alias: 'v-news',
    roles: [roleIds.administrator],
  },
];

export async function seedMethods(db: Db): Promise<void> {
  await db
    .insertInto('sys_methods')
    .values(methods.map(({ roles: _roles, ...method }) => method))
    .execute();
  await db
    .insertInto('sys_method_roles')
    .values(
      methods.flatMap((method) =>
        method.roles.map((role_id) => ({ method_alias: method.alias, role_id })),
      ),
    )
    .execute();
}
