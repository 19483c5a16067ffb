import { computeFormulas } from '../../../src/core/forms/compute';
import type { FormDefinition } from '../../../src/core/forms/definition';
import type { Db } from '../database';
import type { QueryViewColumn, QueryViewCondition } from '../schema-shell';
import { saveDefinition } from '../../domain/forms/definitions';
import { roleIds, seedId } from './ids';
import { userId } from './people';
import { staffId } from './workflow/people';

/**
 * Online forms of the demo (docs/forms.md): a merchant's fitting-out application with its
 * works, a store inspection record with findings, a contract registration and a meeting
 * booking, each with a data template and records over real stores and people.
 */
const fitOut: FormDefinition = {
  key: 'fitOut',
  name: '商户装修申请',
  nameEn: 'Fitting-out application',
  fields: [
    {
      name: 'store',
      label: '门店',
      labelEn: 'Store',
      type: 'select',
      dictionary: 'stores',
      required: true,
      indexed: true,
    },
    {
      name: 'shopNo',
      label: '铺位号',
      labelEn: 'Shop no.',
      type: 'text',
      required: true,
      // The shop must be on the store's floor map (server/domain/forms/backend-checks.ts).
      rules: 'maxLength:20|backend:mapShop,store',
      indexed: true,
    },
    {
      name: 'brand',
      label: '品牌',
      labelEn: 'Brand',
      type: 'text',
      required: true,
      rules: 'maxLength:50',
    },
    {
      name: 'contact',
      label: '联系人',
      labelEn: 'Contact',
      type: 'text',
      required: true,
      rules: 'maxLength:20',
    },
    {
      name: 'phone',
      label: '联系电话',
      labelEn: 'Phone',
      type: 'text',
      required: true,
      rules: 'phone',
    },
    { name: 'startDate', label: '开工日期', labelEn: 'Start date', type: 'date', required: true },
    {
      name: 'endDate',
      label: '完工日期',
      labelEn: 'End date',
      type: 'date',
      required: true,
      rules: 'dateRangeEnd:startDate',
    },
    {
      name: 'days',
      label: '工期（天）',
      labelEn: 'Days',
      type: 'number',
      formula: "if(startDate && endDate, dateDiff(startDate, endDate, 'day') + 1, '')",
    },
    { name: 'budget', label: '装修预算', labelEn: 'Budget', type: 'money', required: true },
    {
      name: 'budgetCapitals',
      label: '预算大写',
      labelEn: 'Budget in capitals',
      type: 'text',
      capitalsOf: 'budget',
      span: 2,
    },
    {
      name: 'worksTotal',
      label: '工程合计',
      labelEn: 'Works total',
      type: 'money',
      formula: 'sum(works.cost)',
    },
    {
      name: 'description',
      label: '装修说明',
      labelEn: 'Description',
      type: 'textarea',
      rules: 'maxLength:500',
      span: 2,
    },
    { name: 'drawings', label: '图纸', labelEn: 'Drawings', type: 'attachment', span: 2 },
  ],
  subTables: [
    {
      name: 'works',
      label: '工程项目',
      labelEn: 'Works',
      fields: [
        {
          name: 'kind',
          label: '类别',
          labelEn: 'Kind',
          type: 'select',
          dictionary: 'workKind',
          required: true,
        },
        {
          name: 'content',
          label: '内容',
          labelEn: 'Content',
          type: 'text',
          required: true,
          rules: 'maxLength:100',
        },
        { name: 'cost', label: '费用', labelEn: 'Cost', type: 'money', required: true },
      ],
    },
  ],
};

const inspection: FormDefinition = {
  key: 'inspection',
  name: '门店巡检记录',
  nameEn: 'Store inspection',
  fields: [
    {
      name: 'store',
      label: '门店',
      labelEn: 'Store',
      type: 'select',
      dictionary: 'stores',
      required: true,
      indexed: true,
    },
    {
      name: 'inspectedOn',
      label: '巡检日期',
      labelEn: 'Date',
      type: 'date',
      required: true,
      indexed: true,
    },
    {
      name: 'area',
      label: '区域',
      labelEn: 'Area',
      type: 'text',
      required: true,
      rules: 'maxLength:30',
    },
    {
      name: 'result',
      label: '结论',
      labelEn: 'Result',
      type: 'select',
      dictionary: 'inspectionResult',
      required: true,
      indexed: true,
    },
    {
      name: 'score',
      label: '得分',
      labelEn: 'Score',
      type: 'number',
      required: true,
      rules: 'min_value:0|max_value:100',
    },
    {
      name: 'inspector',
      label: '检查人',
      labelEn: 'Inspector',
      type: 'dialog',
      dialog: 'staffPeople',
    },
    {
      name: 'findingCount',
      label: '问题数',
      labelEn: 'Findings',
      type: 'number',
      formula: 'count(findings.item)',
    },
    {
      name: 'remarks',
      label: '备注',
      labelEn: 'Remarks',
      type: 'textarea',
      rules: 'maxLength:500',
      span: 2,
    },
  ],
  subTables: [
    {
      name: 'findings',
      label: '发现问题',
      labelEn: 'Findings',
      fields: [
        {
          name: 'item',
          label: '问题',
          labelEn: 'Finding',
          type: 'text',
          required: true,
          rules: 'maxLength:100',
        },
        { name: 'rectifyBy', label: '整改期限', labelEn: 'Rectify by', type: 'date' },
      ],
    },
  ],
};

const contractRegistration: FormDefinition = {
  key: 'contractRegistration',
  name: '合同登记',
  nameEn: 'Contract registration',
  fields: [
    {
      name: 'contractNo',
      label: '合同号',
      labelEn: 'Contract no.',
      type: 'text',
      required: true,
      rules: 'maxLength:30|exists',
      indexed: true,
    },
    {
      name: 'merchantName',
      label: '商户名称',
      labelEn: 'Merchant',
      type: 'text',
      required: true,
      rules: 'maxLength:60',
    },
    {
      name: 'store',
      label: '门店',
      labelEn: 'Store',
      type: 'select',
      dictionary: 'stores',
      required: true,
      indexed: true,
    },
    {
      name: 'kind',
      label: '合同类型',
      labelEn: 'Kind',
      type: 'select',
      dictionary: 'contractKind',
      required: true,
    },
    { name: 'startDate', label: '开始日期', labelEn: 'Start', type: 'date', required: true },
    {
      name: 'endDate',
      label: '结束日期',
      labelEn: 'End',
      type: 'date',
      required: true,
      rules: 'dateRangeEnd:startDate',
    },
    {
      name: 'monthlyRent',
      label: '月租金',
      labelEn: 'Monthly rent',
      type: 'money',
      required: true,
    },
    {
      name: 'deposit',
      label: '保证金（三个月）',
      labelEn: 'Deposit (3 months)',
      type: 'money',
      formula: 'round(monthlyRent * 3, 2)',
    },
    {
      name: 'depositCapitals',
      label: '保证金大写',
      labelEn: 'Deposit in capitals',
      type: 'text',
      capitalsOf: 'deposit',
      span: 2,
    },
  ],
  subTables: [],
};

const meetingBooking: FormDefinition = {
  key: 'meetingBooking',
  name: '会议预约',
  nameEn: 'Meeting booking',
  fields: [
    {
      name: 'subject',
      label: '会议主题',
      labelEn: 'Subject',
      type: 'text',
      required: true,
      rules: 'maxLength:60',
      span: 2,
    },
    {
      name: 'room',
      label: '会议室',
      labelEn: 'Room',
      type: 'select',
      dictionary: 'meetingRoom',
      required: true,
      indexed: true,
    },
    {
      name: 'host',
      label: '主持人',
      labelEn: 'Host',
      type: 'user',
      required: true,
      indexed: true,
    },
    {
      name: 'startAt',
      label: '开始时间',
      labelEn: 'Starts',
      type: 'datetime',
      required: true,
      indexed: true,
    },
    {
      name: 'hours',
      label: '时长（小时）',
      labelEn: 'Hours',
      type: 'decimal',
      required: true,
      rules: 'min_value:0.5|max_value:8',
    },
    {
      name: 'endAt',
      label: '结束时间',
      labelEn: 'Ends',
      type: 'text',
      formula: "dateFormat(dateAdd(startAt, hours * 60, 'minute'), 'YYYY-MM-DD HH:mm')",
    },
  ],
  // The people invited: the booking shows on their meetings card (docs/forms.md).
  subTables: [
    {
      name: 'attendees',
      label: '参会人',
      labelEn: 'Attendees',
      fields: [{ name: 'person', label: '人员', labelEn: 'Person', type: 'user', required: true }],
    },
  ],
};

export const demoForms = [fitOut, inspection, contractRegistration, meetingBooking];

/** List columns and conditions name a field; their labels are the field's own. */
function labelled(form: FormDefinition, name: string) {
  const field = form.fields.find((each) => each.name === name);
  if (!field) throw new Error(`${form.key} has no field ${name}`);
  return { field: name, label: field.label, labelEn: field.labelEn ?? field.label };
}
const columns = (form: FormDefinition, names: string[]): QueryViewColumn[] =>
  names.map((name) => labelled(form, name));
const condition = (
  form: FormDefinition,
  name: string,
  type: QueryViewCondition['type'],
): QueryViewCondition =>
  type === 'select'
    ? { ...labelled(form, name), type, optionsFrom: 'stores' }
    : { ...labelled(form, name), type };

const templates: FormTemplateSeed[] = [
  {
    form: fitOut,
    columns: columns(fitOut, ['store', 'shopNo', 'brand', 'startDate', 'budget', 'worksTotal']),
    conditions: [condition(fitOut, 'store', 'select'), condition(fitOut, 'shopNo', 'text')],
    editRoles: [roleIds.store, roleIds.contractManager],
  },
  {
    form: inspection,
    columns: columns(inspection, ['store', 'inspectedOn', 'area', 'result', 'score']),
    conditions: [
      condition(inspection, 'store', 'select'),
      condition(inspection, 'inspectedOn', 'date'),
    ],
    editRoles: [roleIds.store],
  },
  {
    form: contractRegistration,
    columns: columns(contractRegistration, [
      'contractNo',
      'merchantName',
      'store',
      'monthlyRent',
      'deposit',
    ]),
    conditions: [
      condition(contractRegistration, 'contractNo', 'text'),
      condition(contractRegistration, 'store', 'select'),
    ],
    editRoles: [roleIds.contractManager],
  },
  {
    form: meetingBooking,
    columns: columns(meetingBooking, ['subject', 'room', 'startAt', 'endAt']),
    conditions: [condition(meetingBooking, 'startAt', 'date')],
    editRoles: [roleIds.administrator],
  },
];

const storeCodes = ['S01', 'S02', 'S03', 'S04'];
const works = ['decoration', 'electrical', 'plumbing', 'fireSafety', 'signage'];
const rooms = ['R301', 'R302', 'R501'];
const pad = (n: number) => String(n).padStart(2, '0');

/** Demo records: computed fields as the server computes them (the same code path). */
function fitOutRecord(i: number) {
  const rows = Array.from({ length: 1 + (i % 3) }, (_, j) => ({
    kind: works[(i + j) % works.length]!,
    content: `第${j + 1}项工程`,
    cost: String(20000 + ((i * 7919 + j * 104729) % 80) * 1000),
  }));
  return {
    main: {
      store: storeCodes[i % 4]!,
      shopNo: `L${1 + (i % 5)}-${pad(1 + (i % 30))}`,
      brand: ['优衣库', '星巴克', '名创优品', '周大福', '屈臣氏'][i % 5]!,
      contact: ['王磊', '李娜', '张伟', '陈静'][i % 4]!,
      phone: `1380013${String(1000 + i).slice(-4)}`,
      startDate: `2026-${pad(1 + (i % 11))}-0${1 + (i % 9)}`,
      endDate: `2026-${pad(2 + (i % 11))}-1${i % 9}`,
      budget: String(100000 + i * 5000),
      description: '按商场装修手册施工，夜间作业。',
    },
    subs: { works: rows },
  };
}

export interface FormTemplateSeed {
  form: FormDefinition;
  columns: QueryViewColumn[];
  conditions: QueryViewCondition[];
  editRoles: string[];
}

/** A form's definition (version 1) and its data template over the form's records. */
export async function seedFormTemplate(db: Db, template: FormTemplateSeed) {
  await saveDefinition(db, template.form, userId(1));
  await db
    .insertInto('data_templates')
    .values({
      template_key: template.form.key,
      name: template.form.name,
      name_en: template.form.nameEn ?? '',
      bo_alias: template.form.key,
      form_key: template.form.key,
      named_query: '',
      columns: JSON.stringify(template.columns),
      conditions: JSON.stringify(template.conditions),
      fields: '[]',
      edit_role_ids: JSON.stringify(template.editRoles),
      source: 'form',
      page_size: 20,
    })
    .execute();
}

export async function seedForms(db: Db, today: string) {
  for (const template of templates) await seedFormTemplate(db, template);
  await seedRecords(db, today);
}

/** One record as the server would store it: computed fields by the same code path. */
export async function insertFormRecord(
  db: Db,
  form: FormDefinition,
  id: string,
  by: string,
  main: Record<string, unknown>,
  subs: Record<string, Record<string, unknown>[]> = {},
) {
  const { values } = computeFormulas(form, { ...main, ...subs });
  const data = Object.fromEntries(
    form.fields
      .map((field) => [field.name, values[field.name]])
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  await db
    .insertInto('form_records')
    .values({
      id,
      form_key: form.key,
      form_version: 1,
      data: JSON.stringify(data),
      created_by: by,
      updated_by: by,
    })
    .execute();
  const rows = Object.entries(subs).flatMap(([table, list]) =>
    ((values[table] as Record<string, unknown>[] | undefined) ?? list).map((row, position) => ({
      record_id: id,
      sub_table: table,
      position,
      data: JSON.stringify(row),
    })),
  );
  if (rows.length) await db.insertInto('form_sub_rows').values(rows).execute();
}

async function seedRecords(db: Db, today: string) {
  let n = 0;
  const insert = (
    form: FormDefinition,
    by: string,
    main: Record<string, unknown>,
    subs: Record<string, Record<string, unknown>[]> = {},
  ) => insertFormRecord(db, form, seedId(170, ++n), by, main, subs);
  // Fitting-out applications of the two demo merchants, and of the store staff.
  for (let i = 0; i < 24; i++) {
    const { main, subs } = fitOutRecord(i);
    await insert(fitOut, [userId(2), userId(3), userId(5)][i % 3]!, main, subs);
  }
  for (let i = 0; i < 60; i++) {
    const day = `2026-${pad(1 + (i % 10))}-${pad(1 + (i % 27))}`;
    await insert(
      inspection,
      userId(5),
      {
        store: storeCodes[i % 2]!,
        inspectedOn: day,
        area: ['一楼化妆品区', '二楼女装区', '负一楼超市', '五楼餐饮区'][i % 4]!,
        result: ['pass', 'pass', 'rectify', 'fail'][i % 4]!,
        score: String(60 + ((i * 37) % 41)),
        inspector: ['store01', 'ops01', 'lead02'][i % 3]!,
      },
      {
        findings: Array.from({ length: i % 3 }, (_, j) => ({
          item: `消防通道堆放杂物 ${j + 1}`,
          rectifyBy: day,
        })),
      },
    );
  }
  for (let i = 0; i < 40; i++) {
    await insert(contractRegistration, userId(6), {
      contractNo: `HT2026${String(1000 + i)}`,
      merchantName: ['深圳市优品商贸有限公司', '惠州市星光餐饮有限公司', '东莞市天汇服饰有限公司'][
        i % 3
      ]!,
      store: storeCodes[i % 4]!,
      kind: ['lease', 'joint', 'selfRun'][i % 3]!,
      startDate: '2026-01-01',
      endDate: '2028-12-31',
      monthlyRent: String(18000 + i * 350.5),
    });
  }
  // Bookings by emp01 today, each inviting two colleagues (they see it on their meetings card).
  const invited = ['emp02', 'lead01', 'mgr02', 'hr01'];
  for (let i = 0; i < 12; i++) {
    const start = `${today} ${pad(9 + (i % 8))}:00`;
    await insert(
      meetingBooking,
      staffId('emp01'),
      {
        subject: ['周例会', '招商评审会', '安全检查布置会', '年终总结会'][i % 4]!,
        room: rooms[i % 3]!,
        host: staffId(['mgr01', 'gm01', 'emp01'][i % 3]!),
        startAt: start,
        hours: ['1', '1.5', '2'][i % 3]!,
      },
      {
        attendees: [invited[i % 4]!, invited[(i + 1) % 4]!].map((account) => ({
          person: staffId(account),
        })),
      },
    );
  }
}
