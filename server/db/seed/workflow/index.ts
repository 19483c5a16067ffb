import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../database';
import { deployDefinition } from '../../../domain/workflow/definitions';
import { seededDescriptions } from '../../migrations/0036-approval-outcomes';
import { roleIds, seedId } from '../ids';
import { seedInstances } from './instances';
import { seedWorkflowPeople, staffId } from './people';

const flowFile = (name: string) =>
  readFile(fileURLToPath(new URL(`./flows/${name}`, import.meta.url)), 'utf8');

export const categoryIds = {
  hr: seedId(23, 1),
  contract: seedId(23, 2),
  finance: seedId(23, 3),
  operations: seedId(23, 4),
};
export const definitionIds = {
  leave: seedId(24, 1),
  contract: seedId(24, 2),
  expense: seedId(24, 3),
  fitOut: seedId(24, 4),
};

interface DemoFlow {
  key: keyof typeof definitionIds;
  name: string;
  category: string;
  rights: string[];
  desc: string;
}

const flows = [
  {
    key: 'leave',
    name: '请假申请',
    category: categoryIds.hr,
    rights: [roleIds.staff],
    desc: '3天以内直属领导审批，超过3天再由部门经理审批',
  },
  {
    key: 'contract',
    name: '合同审批',
    category: categoryIds.contract,
    rights: [roleIds.contractManager, roleIds.store],
    desc: '法务、财务、运营并行会签后由总经理审批',
  },
  {
    key: 'expense',
    name: '费用报销',
    category: categoryIds.finance,
    rights: [roleIds.staff],
    desc: '会计与预算并行审核，按金额与类别加签，出纳付款并抄送财务',
  },
] as const satisfies DemoFlow[];

/** Flows over online forms (docs/workflow.md): deployed once the forms exist. */
const formFlows: DemoFlow[] = [
  {
    key: 'fitOut',
    name: '装修审批',
    category: categoryIds.operations,
    rights: [roleIds.store, roleIds.contractManager],
    desc: '门店提交商户装修申请，运营审核；预算50万元及以上再由总经理审批',
  },
];

async function deployFlow(db: Db, flow: DemoFlow) {
  await deployDefinition(db, {
    id: definitionIds[flow.key],
    defKey: flow.key,
    name: flow.name,
    categoryId: flow.category,
    bpmnXml: await flowFile(`${flow.key}.bpmn`),
    form: JSON.parse(await flowFile(`${flow.key}.form.json`)),
    description: flow.desc,
    descriptionEn: seededDescriptions[flow.key] ?? '',
    createdBy: staffId('admin'),
  });
  await db
    .insertInto('wf_start_rights')
    .values(flow.rights.map((ref_id) => ({ def_key: flow.key, kind: 'role' as const, ref_id })))
    .execute();
}

/** The flows whose forms are online forms: after seedForms. */
export async function seedFormFlows(db: Db): Promise<void> {
  for (const flow of formFlows) await deployFlow(db, flow);
}

async function seedDefinitions(db: Db) {
  await db
    .insertInto('wf_categories')
    .values([
      {
        id: categoryIds.hr,
        code: 'hr',
        name: '人事类',
        name_en: 'HR',
        icon: '{"color":"#1890ff"}',
        sort: 1,
      },
      {
        id: categoryIds.contract,
        code: 'contract',
        name: '合同类',
        name_en: 'Contracts',
        icon: '{"color":"#fa8c16"}',
        sort: 2,
      },
      {
        id: categoryIds.finance,
        code: 'finance',
        name: '财务类',
        name_en: 'Finance',
        icon: '{"color":"#52c41a"}',
        sort: 3,
      },
      {
        id: categoryIds.operations,
        code: 'operations',
        name: '运营类',
        name_en: 'Operations',
        icon: '{"color":"#722ed1"}',
        sort: 4,
      },
    ])
    .execute();
  for (const flow of flows) await deployFlow(db, flow);
}

async function seedSettings(db: Db) {
  const system = ['同意。', '情况属实，同意。', '请补充相关材料后再提交。', '不同意。'];
  await db
    .insertInto('wf_phrases')
    .values([
      ...system.map((expression, i) => ({
        id: seedId(27, i + 1),
        owner_id: null,
        expression,
        sort: i,
      })),
      {
        id: seedId(27, 11),
        owner_id: staffId('lead01'),
        expression: '同意，请做好工作交接。',
        def_key: 'leave',
        sort: 0,
      },
      { id: seedId(27, 12), owner_id: staffId('admin'), expression: '已核实，同意。', sort: 0 },
    ])
    .execute();
  await db
    .insertInto('wf_urgent_states')
    .values([
      { id: seedId(27, 21), value: 'normal', name: '一般', color: '#52c41a', sort: 1 },
      { id: seedId(27, 22), value: 'urgent', name: '紧急', color: '#faad14', sort: 2 },
      { id: seedId(27, 23), value: 'critical', name: '特急', color: '#f5222d', sort: 3 },
    ])
    .execute();
  await db
    .insertInto('wf_favourites')
    .values([
      { user_id: staffId('emp01'), def_key: 'leave', sort: 0 },
      { user_id: staffId('emp01'), def_key: 'expense', sort: 1 },
      ...flows.map((flow, sort) => ({ user_id: staffId('admin'), def_key: flow.key, sort })),
    ])
    .execute();
}

/**
 * The workflow demo: people, the three flows with their forms, settings, and instances in
 * every state so every list has rows (docs/workflow.md, "Demo data"). Needs seedPeople first.
 */
export async function seedWorkflow(db: Db, now = new Date()): Promise<void> {
  await seedWorkflowPeople(db, now);
  await seedDefinitions(db);
  await seedSettings(db);
  await seedInstances(db, now);
}
