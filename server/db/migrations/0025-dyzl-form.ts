import { sql, type Kysely } from 'kysely';

/**
 * dyzl becomes an online form whose records stay the rows of contract_prints (docs/forms.md,
 * "Record stores"): a database seeded before this gets the form's definition (version 1)
 * and its template turned into a form template. A fresh database has no templates yet (the
 * seed writes both), so this changes nothing there. The template's fields (the rule strings
 * of the older page) give way to the definition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const found = await sql<{ n: number }>`
    select count(*)::int as n from data_templates where template_key = 'dyzl' and source = 'store'
  `.execute(db);
  if (!found.rows[0]?.n) return;
  const definition = JSON.stringify(dyzlForm);
  await sql`
    insert into form_defs (form_key, version, name, name_en, definition)
    select 'dyzl', 1, ${dyzlForm.name}, ${dyzlForm.nameEn},
      ${definition}::jsonb
    where not exists (select 1 from form_defs where form_key = 'dyzl')
  `.execute(db);
  await sql`
    update data_templates set source = 'form', fields = '[]' where template_key = 'dyzl'
  `.execute(db);
}

/**
 * The dyzl form's definition as server/domain/shell/templates/contract-print-form.ts had it
 * when this migration was written, copied here (frozen): a later change to the live form must
 * not change the version 1 this migration writes into an older database.
 */
const dyzlForm = {
  key: 'dyzl',
  name: '合同打印资料',
  nameEn: 'Contract print data',
  fields: [
    {
      required: true,
      name: 'F_MDID',
      label: '门店',
      labelEn: 'Store',
      type: 'select',
      dictionary: 'stores',
    },
    {
      required: false,
      name: 'F_GYSDM',
      label: '往来单位编码',
      labelEn: 'Vendor code',
      type: 'text',
      rules: 'max:20|regex:^[0-9A-Za-z]+$',
    },
    {
      required: true,
      name: 'F_GYSMC',
      label: '商户名称',
      labelEn: 'Merchant',
      type: 'text',
      rules: 'max:100',
    },
    {
      required: true,
      name: 'F_PPMC',
      label: '品牌',
      labelEn: 'Brand',
      type: 'text',
      rules: 'max:60',
    },
    {
      required: true,
      name: 'F_HTH',
      label: '合同号',
      labelEn: 'Contract no.',
      type: 'text',
      rules: 'max:40|regex:^[0-9A-Za-z-]+$',
    },
    {
      required: true,
      name: 'F_LXR',
      label: '品牌联系人',
      labelEn: 'Brand contact',
      type: 'text',
      rules: 'max:30',
    },
    {
      required: true,
      name: 'F_LXSJH',
      label: '联系人手机号',
      labelEn: 'Contact mobile',
      type: 'text',
      rules: 'phone',
    },
    {
      required: true,
      name: 'F_ZSRY',
      label: '招商对接人员',
      labelEn: 'Merchant liaison',
      type: 'text',
      rules: 'max:30',
    },
    {
      required: true,
      name: 'F_ZSRYSJH',
      label: '对接人员手机号',
      labelEn: 'Liaison mobile',
      type: 'text',
      rules: 'phone',
    },
  ],
  subTables: [],
};
