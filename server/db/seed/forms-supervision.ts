import type { FormDefinition } from '../../../src/core/forms/definition';
import type { Db } from '../database';
import { roleIds, seedId } from './ids';
import { insertFormRecord, seedFormTemplate } from './forms';
import { staffId } from './workflow/people';

/**
 * 督办任务 (wfzdrw), the supervision tasks of spec/merchant-finance.md "Special targets":
 * /flowcenter/template/preview/wfzdrw lists them. A leader assigns a task to an owner with
 * a due date; its progress reports are a sub-table. Administrators manage every task; other
 * staff add tasks and see those they created (docs/forms.md, "Who sees what").
 */
const statusOptions = [
  { value: 'notStarted', label: '未开始', labelEn: 'Not started' },
  { value: 'inProgress', label: '进行中', labelEn: 'In progress' },
  { value: 'done', label: '已完成', labelEn: 'Done' },
  { value: 'overdue', label: '已逾期', labelEn: 'Overdue' },
];

export const supervisionTask: FormDefinition = {
  key: 'wfzdrw',
  name: '督办任务',
  nameEn: 'Supervision tasks',
  fields: [
    {
      name: 'title',
      label: '督办事项',
      labelEn: 'Task',
      type: 'text',
      required: true,
      rules: 'maxLength:60',
      span: 2,
    },
    {
      name: 'owner',
      label: '责任人',
      labelEn: 'Owner',
      type: 'user',
      required: true,
      indexed: true,
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
      name: 'dueDate',
      label: '完成期限',
      labelEn: 'Due date',
      type: 'date',
      required: true,
      indexed: true,
    },
    {
      name: 'progress',
      label: '完成进度（%）',
      labelEn: 'Progress (%)',
      type: 'number',
      required: true,
      rules: 'min_value:0|max_value:100',
    },
    {
      name: 'status',
      label: '状态',
      labelEn: 'Status',
      type: 'select',
      options: statusOptions,
      required: true,
      indexed: true,
    },
    {
      name: 'reportCount',
      label: '进展汇报次数',
      labelEn: 'Reports',
      type: 'number',
      formula: 'count(reports.reportedOn)',
    },
    {
      name: 'description',
      label: '督办要求',
      labelEn: 'Requirements',
      type: 'textarea',
      rules: 'maxLength:500',
      span: 2,
    },
  ],
  subTables: [
    {
      name: 'reports',
      label: '进展汇报',
      labelEn: 'Progress reports',
      fields: [
        { name: 'reportedOn', label: '汇报日期', labelEn: 'Date', type: 'date', required: true },
        {
          name: 'content',
          label: '进展情况',
          labelEn: 'Progress',
          type: 'text',
          required: true,
          rules: 'maxLength:100',
        },
      ],
    },
  ],
};

const label = (name: string) => {
  const field = supervisionTask.fields.find((each) => each.name === name)!;
  return { field: name, label: field.label, labelEn: field.labelEn ?? field.label };
};

const titles = [
  '春节促销活动落地检查',
  '消防通道整改复查',
  '空置铺位招商推进',
  '商户装修进度跟踪',
  '会员系统切换验收',
  '停车场收费调整公示',
  '外立面广告位清理',
  '食品安全自查',
];

/** The template and a dozen tasks over real stores and staff. */
export async function seedSupervision(db: Db, today: string) {
  await seedFormTemplate(db, {
    form: supervisionTask,
    columns: ['title', 'owner', 'store', 'dueDate', 'progress', 'status'].map(label),
    conditions: [
      { ...label('title'), type: 'text' },
      { ...label('store'), type: 'select', optionsFrom: 'stores' },
      { ...label('dueDate'), type: 'date' },
    ],
    editRoles: [roleIds.administrator],
  });
  const owners = ['mgr01', 'mgr02', 'lead01', 'emp01', 'emp02', 'ops01'];
  const [year, month] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  for (let i = 0; i < 12; i++) {
    const due = new Date(Date.UTC(year, month - 1 + (i % 4), 5 + i)).toISOString().slice(0, 10);
    const progress = [0, 30, 60, 100][i % 4]!;
    const status = ['notStarted', 'inProgress', 'inProgress', 'done'][i % 4]!;
    await insertFormRecord(
      db,
      supervisionTask,
      seedId(172, i + 1),
      staffId(i % 3 === 0 ? 'admin' : 'gm01'),
      {
        title: titles[i % titles.length]!,
        owner: staffId(owners[i % owners.length]!),
        store: ['S01', 'S02', 'S03', 'S04'][i % 4]!,
        dueDate: due,
        progress: String(progress),
        status,
        description: '请按期完成并每周汇报进展，逾期未完成的说明原因。',
      },
      {
        reports: Array.from({ length: i % 3 }, (_, j) => ({
          reportedOn: `${year}-${pad(month)}-${pad(1 + j * 7)}`,
          content: `第${j + 1}周：已完成${(j + 1) * 20}%`,
        })),
      },
    );
  }
}
