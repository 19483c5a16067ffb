import type { Db } from '../database';
import { hashPassword } from '../../lib/passwords';
import { roleIds, seedId, storeIds } from './ids';

/** The group's four stores (spec: two department stores, a shopping centre, a square). */
export const stores = [
  {
    code: 'S01',
    name: '海雅百货宝安店',
    name_en: "Haiya Department Store Bao'an",
    city: '深圳',
    city_en: 'Shenzhen',
  },
  {
    code: 'S02',
    name: '海雅百货惠城店',
    name_en: 'Haiya Department Store Huicheng',
    city: '惠州',
    city_en: 'Huizhou',
  },
  {
    code: 'S03',
    name: '海雅缤纷城',
    name_en: 'Haiya Binfen Shopping Centre',
    city: '深圳',
    city_en: 'Shenzhen',
  },
  { code: 'S04', name: '天汇广场', name_en: 'Tianhui Square', city: '东莞', city_en: 'Dongguan' },
];

export const demoPasswords = {
  admin: 'Atrium#2026',
  merchant: 'Merchant#2026',
  staff: 'Staff#2026',
  newhire: 'Temp#2026',
} as const;

interface DemoUser {
  n: number;
  account: string;
  fullname: string;
  password: keyof typeof demoPasswords;
  mobile?: string;
  email?: string;
  sex?: string;
  roles: string[];
  stores?: string[];
  seesEverything?: boolean;
  mustChangePassword?: boolean;
}

/** The demo accounts of the README. */
export const demoUsers: DemoUser[] = [
  {
    n: 1,
    account: 'admin',
    fullname: '系统管理员',
    password: 'admin',
    seesEverything: true,
    roles: [roleIds.staff, roleIds.administrator],
    email: 'admin@haiya.example',
  },
  {
    n: 2,
    account: 'SZHY10001',
    fullname: '深圳市丽人坊化妆品有限公司',
    password: 'merchant',
    mobile: '13800000001',
    roles: [roleIds.merchant],
  },
  {
    n: 3,
    account: 'SZHY10002',
    fullname: '广州市悦茶餐饮管理有限公司',
    password: 'merchant',
    mobile: '13800000002',
    roles: [roleIds.merchant],
  },
  {
    n: 4,
    account: 'SZHY10003',
    fullname: '深圳市丽人坊美容服务有限公司',
    password: 'merchant',
    mobile: '13800000001',
    roles: [roleIds.merchant],
  },
  {
    n: 5,
    account: 'store01',
    fullname: '张晓明',
    password: 'staff',
    mobile: '13900000005',
    sex: '男',
    roles: [roleIds.store, roleIds.staff],
    stores: [storeIds[0]!, storeIds[1]!],
  },
  {
    n: 6,
    account: 'contract01',
    fullname: '李静',
    password: 'staff',
    mobile: '13900000006',
    sex: '女',
    roles: [roleIds.contractManager, roleIds.staff],
  },
  {
    n: 7,
    account: 'acct01',
    fullname: '王会计',
    password: 'staff',
    mobile: '13900000007',
    sex: '女',
    roles: [roleIds.accountant, roleIds.staff],
  },
  {
    n: 8,
    account: 'newhire',
    fullname: '陈新',
    password: 'newhire',
    mobile: '13900000008',
    sex: '男',
    roles: [roleIds.staff],
    mustChangePassword: true,
  },
  {
    n: 14,
    account: 'mapops',
    fullname: '赵运营',
    password: 'staff',
    mobile: '13900000014',
    sex: '女',
    roles: [roleIds.operations, roleIds.staff],
  },
];

export const userId = (n: number) => seedId(3, n);
export const tenantId = seedId(4, 1);

export async function seedPeople(db: Db, logoFileId: string): Promise<void> {
  await db
    .insertInto('tenants')
    .values({ id: tenantId, code: 'hy', name: '海雅商业集团', logo_file_id: logoFileId })
    .execute();
  await db
    .insertInto('stores')
    .values(stores.map((store, i) => ({ id: storeIds[i]!, ...store, sort: i + 1 })))
    .execute();
  await db
    .insertInto('roles')
    .values([
      { id: roleIds.contractManager, code: 'contract-manager', name: '合同管理' },
      { id: roleIds.store, code: 'store', name: '门店' },
      { id: roleIds.merchant, code: 'merchant', name: '商户' },
      { id: roleIds.accountant, code: 'accountant', name: '会计' },
      { id: roleIds.staff, code: 'staff', name: '员工' },
      { id: roleIds.administrator, code: 'administrator', name: '系统管理员' },
      { id: roleIds.operations, code: 'operations', name: '运营' },
    ])
    .execute();
  // One hash per distinct password: scrypt is slow on purpose.
  const hashes = Object.fromEntries(
    await Promise.all(
      Object.entries(demoPasswords).map(async ([kind, pw]) => [kind, await hashPassword(pw)]),
    ),
  ) as Record<keyof typeof demoPasswords, string>;
  for (const user of demoUsers) {
    const id = userId(user.n);
    await db
      .insertInto('users')
      .values({
        id,
        account: user.account,
        password_hash: hashes[user.password],
        fullname: user.fullname,
        mobile: user.mobile ?? null,
        email: user.email ?? null,
        sex: user.sex ?? null,
        address: null,
        must_change_password: user.mustChangePassword ?? false,
        sees_everything: user.seesEverything ?? false,
        idle_minutes: null,
        tenant_id: tenantId,
      })
      .execute();
    if (user.roles.length) {
      await db
        .insertInto('user_roles')
        .values(user.roles.map((role_id) => ({ user_id: id, role_id })))
        .execute();
    }
    if (user.stores?.length) {
      await db
        .insertInto('user_stores')
        .values(user.stores.map((store_id) => ({ user_id: id, store_id })))
        .execute();
    }
  }
  await db
    .insertInto('password_policies')
    .values({ id: seedId(5, 1), enabled: true, rule: 3, min_length: 8, is_default: true })
    .execute();
}
