import type { Db } from '../../database';
import { seedId } from '../ids';
import { userId } from '../people';

/**
 * Rows that point at other areas' demo data: posts sit in the workflow area's orgs, reminders
 * open the finance area's contract print rows. They are made from whatever those seeds made
 * (they run first), so the links are always real; without those rows there is nothing to link.
 */
const postTitles: Record<number, [string, string, string][]> = {
  1: [['XXZX-ZG', '信息中心主管', 'IT centre supervisor']],
  5: [
    ['MD-YYZG', '门店运营主管', 'Store operations supervisor'],
    ['MD-SHDJ', '商户对接专员', 'Merchant liaison'],
  ],
  6: [['ZS-HTZY', '合同管理专员', 'Contract specialist']],
  7: [['CW-WLKJ', '往来会计', 'Accounts receivable accountant']],
  8: [['MD-YYZL', '运营助理', 'Operations assistant']],
};

/** One post per title, in the user's orgs: the first title in the main org, the next ones after. */
export async function seedPosts(db: Db): Promise<void> {
  let n = 0;
  for (const [number, titles] of Object.entries(postTitles)) {
    const user = userId(Number(number));
    const orgs = await db
      .selectFrom('wf_org_members')
      .select('org_id')
      .where('user_id', '=', user)
      .orderBy('is_main', 'desc')
      .orderBy('org_id')
      .execute();
    for (const [i, [code, name, nameEn]] of titles.entries()) {
      const org = orgs[Math.min(i, orgs.length - 1)];
      if (!org) break;
      const id = seedId(69, ++n);
      await db
        .insertInto('posts')
        .values({ id, org_id: org.org_id, code, name, name_en: nameEn })
        .execute();
      await db.insertInto('user_posts').values({ user_id: user, post_id: id }).execute();
    }
  }
}

/** Reminders to complete the newest contract print rows of store01's stores and of anyone. */
export async function seedReminders(db: Db): Promise<void> {
  const store01 = userId(5);
  const contract01 = userId(6);
  const storeRows = await db
    .selectFrom('contract_prints as p')
    .innerJoin('stores as s', 's.code', 'p.store_code')
    .innerJoin('user_stores as us', 'us.store_id', 's.id')
    .select(['p.id', 'p.brand', 'p.contract_no'])
    .where('us.user_id', '=', store01)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .limit(2)
    .execute();
  const anyRows = await db
    .selectFrom('contract_prints')
    .select(['id', 'brand', 'contract_no'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .execute();
  const reminders = [
    ...storeRows.map((row) => ({ user: store01, row })),
    ...anyRows.map((row) => ({ user: contract01, row })),
  ];
  if (reminders.length === 0) return;
  await db
    .insertInto('form_reminders')
    .values(
      reminders.map(({ user, row }, i) => ({
        id: seedId(67, i + 1),
        user_id: user,
        subject: `请核对${row.brand}的合同打印资料`,
        subject_en: `Check the contract print details of ${row.brand}`,
        content: `合同号 ${row.contract_no} 的打印资料已登记，请核对联系人与短信发送情况。`,
        content_en: `The print details of contract ${row.contract_no} are registered: check the contact and the text messages sent.`,
        count: 1,
        template_key: 'dyzl',
        record_id: row.id,
      })),
    )
    .execute();
}
