import type { Insertable } from 'kysely';
import type { Db } from '../database';
import type { CustomDialogsTable } from '../schema-dialogs';
import { roleIds, seedId } from './ids';

/**
 * The demo's custom dialogs (docs/forms.md, "Custom dialogs"), over real seeded tables:
 * stores and their floors as a tree, contracts with their merchant (paged, searchable,
 * several at once, each merchant seeing its own), staff (one person, staff only), and the
 * demo external store list as a configured-address dialog.
 */
const kind = 150;

export const dialogAliases = {
  storeFloors: 'storeFloors',
  contracts: 'merchantContracts',
  staff: 'staffPeople',
  externalStores: 'externalStores',
  leaseContracts: 'leaseContracts',
} as const;

const json = (value: unknown) => JSON.stringify(value);

const defaults = {
  sortfield: '[]',
  query_name: '',
  request_type: 'GET',
  url: '',
  list_key: '',
  page_key: '',
  page_size_key: '',
  total_key: '',
  need_page: true,
  // Spec section 9: custom lists show 20 rows a page.
  page_size: 20,
  tree_id_field: '',
  tree_parent_field: '',
  visible_roles: '[]',
} as const;

const dialogs: Insertable<CustomDialogsTable>[] = [
  {
    ...defaults,
    id: seedId(kind, 1),
    alias: dialogAliases.storeFloors,
    name: '门店楼层',
    name_en: 'Stores and floors',
    style: 'tree',
    select_num: 1,
    displayfield: json([{ field: 'name', comment: '门店 / 楼层', commentEn: 'Store / floor' }]),
    resultfield: json([
      { field: 'id', comment: '编码', commentEn: 'Code' },
      { field: 'name', comment: '名称', commentEn: 'Name' },
    ]),
    conditionfield: json([
      {
        field: 'name',
        comment: '名称',
        commentEn: 'Name',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
    ]),
    ds_type: 'query',
    query_name: 'dialogStoreFloors',
    need_page: false,
    tree_id_field: 'id',
    tree_parent_field: 'parentId',
  },
  {
    ...defaults,
    id: seedId(kind, 2),
    alias: dialogAliases.contracts,
    name: '商户合同',
    name_en: 'Merchant contracts',
    style: 'list',
    select_num: 0,
    displayfield: json([
      { field: 'contractNo', comment: '合同号', commentEn: 'Contract' },
      { field: 'merchantName', comment: '商户', commentEn: 'Merchant' },
      { field: 'storeName', comment: '门店', commentEn: 'Store' },
      { field: 'shopNo', comment: '铺位', commentEn: 'Shop' },
      { field: 'endsOn', comment: '到期日', commentEn: 'Ends on' },
    ]),
    resultfield: json([
      { field: 'contractNo', comment: '合同号', commentEn: 'Contract' },
      { field: 'merchantName', comment: '商户', commentEn: 'Merchant' },
    ]),
    sortfield: json([{ field: 'contractNo', sortType: 'asc' }]),
    conditionfield: json([
      {
        field: 'contractNo',
        comment: '合同号',
        commentEn: 'Contract',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
      {
        field: 'merchantName',
        comment: '商户名称',
        commentEn: 'Merchant name',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
    ]),
    ds_type: 'query',
    query_name: 'dialogContracts',
  },
  {
    ...defaults,
    id: seedId(kind, 3),
    alias: dialogAliases.staff,
    name: '选择员工',
    name_en: 'Choose a staff member',
    style: 'list',
    select_num: 1,
    displayfield: json([
      { field: 'fullname', comment: '姓名', commentEn: 'Name' },
      { field: 'account', comment: '账号', commentEn: 'Account' },
      { field: 'orgName', comment: '部门', commentEn: 'Department' },
    ]),
    resultfield: json([
      { field: 'account', comment: '账号', commentEn: 'Account' },
      { field: 'fullname', comment: '姓名', commentEn: 'Name' },
    ]),
    sortfield: json([{ field: 'account', sortType: 'asc' }]),
    conditionfield: json([
      {
        field: 'fullname',
        comment: '姓名',
        commentEn: 'Name',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
      {
        field: 'orgName',
        comment: '部门',
        commentEn: 'Department',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
    ]),
    ds_type: 'query',
    query_name: 'dialogStaff',
    visible_roles: json([roleIds.staff]),
  },
  {
    ...defaults,
    id: seedId(kind, 4),
    alias: dialogAliases.externalStores,
    name: '门店（外部服务）',
    name_en: 'Stores (external service)',
    style: 'list',
    select_num: 2,
    displayfield: json([
      { field: 'storeCode', comment: '门店编码', commentEn: 'Code' },
      { field: 'storeName', comment: '门店名称', commentEn: 'Store' },
      { field: 'city', comment: '城市', commentEn: 'City' },
    ]),
    resultfield: json([{ field: 'storeCode', comment: '门店编码', commentEn: 'Code' }]),
    conditionfield: json([
      {
        field: 'city',
        comment: '城市',
        commentEn: 'City',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
    ]),
    ds_type: 'url',
    // One of this server's routes (the demo external service); the server calls it.
    url: '/form/form/customQuery/v1/demoExternal/stores',
    list_key: 'data.list',
    total_key: 'data.total',
  },
  {
    ...defaults,
    id: seedId(kind, 5),
    alias: dialogAliases.leaseContracts,
    name: '租赁合同',
    name_en: 'Lease contracts',
    style: 'list',
    select_num: 3,
    displayfield: json([
      { field: 'contractNo', comment: '合同号', commentEn: 'Contract' },
      { field: 'merchantName', comment: '商户', commentEn: 'Merchant' },
      { field: 'shopNo', comment: '铺位', commentEn: 'Shop' },
    ]),
    resultfield: json([{ field: 'contractNo', comment: '合同号', commentEn: 'Contract' }]),
    sortfield: json([{ field: 'contractNo', sortType: 'asc' }]),
    conditionfield: json([
      {
        field: 'contractNo',
        comment: '合同号',
        commentEn: 'Contract',
        condition: 'LIKE',
        dbType: 'varchar',
        defaultType: '1',
        defaultValue: '',
      },
      // Fixed: only lease (租赁) contracts; the server applies it, a request cannot drop it.
      {
        field: 'mode',
        comment: '经营方式',
        commentEn: 'Mode',
        condition: 'EQUAL',
        dbType: 'varchar',
        defaultType: '2',
        defaultValue: 'lease',
      },
    ]),
    ds_type: 'query',
    query_name: 'dialogContracts',
  },
];

export async function seedDialogs(db: Db): Promise<void> {
  await db.insertInto('custom_dialogs').values(dialogs).execute();
}
