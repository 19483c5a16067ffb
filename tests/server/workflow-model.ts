import type { Random } from '../../server/db/seed/finance/random';
import { fitOutApplication } from './form-fixtures';

/**
 * A model of the four seeded flows' required approvals, written apart from the engine from the
 * flows' descriptions (docs/workflow.md, "Demo data"): it never calls engine code to decide.
 * The random test (workflow-model.test.ts) drives the real server and checks what happened
 * against it.
 */
export type Data = Record<string, unknown>;

export interface FlowModel {
  key: 'leave' | 'expense' | 'contract' | 'fitOut';
  /** Who may start it (each is a requester of their own request). */
  starters: string[];
  /** The approval nodes the data's route requires, from the flow's description. */
  required(data: Data): string[];
  /** The approval nodes after each node: a change there asks them again. */
  after: Record<string, string[]>;
  /** The fields each node's holder may change ('*': all, at the start). */
  editable: Record<string, string[] | '*'>;
  initial(random: Random): Data;
  /** The data with one or two fields changed at random (editable or not). */
  changed(random: Random, data: Data): Data;
}

const every = (nodes: string[]) => ({ start: nodes });

const expenseNodes = [
  'teamLeader',
  'accounting',
  'budget',
  'generalManager',
  'administration',
  'cashier',
];

const expense: FlowModel = {
  key: 'expense',
  starters: ['emp01', 'emp02', 'mgr01', 'hr01', 'lead02', 'sec01', 'acct01'],
  required: (data) => [
    'teamLeader',
    'accounting',
    'budget',
    ...(Number(data.amount) >= 5000 ? ['generalManager'] : []),
    ...(data.category === 'entertain' ? ['administration'] : []),
    'cashier',
  ],
  after: {
    ...every(expenseNodes),
    teamLeader: expenseNodes.slice(1),
    accounting: ['generalManager', 'administration', 'cashier'],
    budget: ['generalManager', 'administration', 'cashier'],
    generalManager: ['cashier'],
    administration: ['cashier'],
    cashier: [],
  },
  editable: { start: '*', accounting: ['amount'] },
  initial: (random) => ({
    title: '报销',
    category: random.pick(['travel', 'office', 'entertain']),
    amount: random.pick([100, 4999, 5000, 9999]),
    occurredOn: '2026-11-01',
  }),
  changed: (random, data) =>
    random.next() < 0.7
      ? { ...data, amount: random.pick([50, 4999, 5000, 50_000]) }
      : { ...data, category: random.pick(['travel', 'entertain', 'other']), payee: '某人' },
};

const leave: FlowModel = {
  key: 'leave',
  starters: ['emp01', 'emp02', 'mgr01', 'lead02', 'acct01', 'hr01'],
  required: (data) => ['teamLeader', ...(Number(data.days) > 3 ? ['manager'] : [])],
  after: { ...every(['teamLeader', 'manager']), teamLeader: ['manager'], manager: [] },
  editable: { start: '*' },
  initial: (random) => ({
    leaveType: 'annual',
    startDate: '2026-12-01',
    endDate: '2026-12-10',
    days: random.pick([1, 3, 3.5, 5]),
    reason: '休假',
  }),
  changed: (random, data) => ({ ...data, days: random.pick([2, 3, 4, 8]) }),
};

const contract: FlowModel = {
  key: 'contract',
  starters: ['contract01', 'store01'],
  required: () => ['countersign', 'generalManager'],
  after: {
    ...every(['countersign', 'generalManager']),
    countersign: ['generalManager'],
    generalManager: [],
  },
  editable: { start: '*' },
  initial: () => ({
    title: '测试合同',
    counterparty: '某公司',
    amount: 1000,
    signDate: '2026-11-01',
  }),
  changed: (random, data) =>
    random.next() < 0.5
      ? { ...data, amount: random.pick([999, 99_999_999]) }
      : { ...data, counterparty: random.pick(['另一家公司', '第三家公司']) },
};

const fitOut: FlowModel = {
  key: 'fitOut',
  starters: ['store01', 'contract01'],
  required: (data) => ['opsReview', ...(Number(data.budget) >= 500_000 ? ['generalManager'] : [])],
  after: {
    ...every(['opsReview', 'generalManager']),
    opsReview: ['generalManager'],
    generalManager: [],
  },
  editable: { start: '*', opsReview: ['description', 'works'] },
  initial: (random) => fitOutApplication({ budget: random.pick(['120000.50', '650000']) }),
  changed: (random, data) =>
    random.next() < 0.5
      ? { ...data, budget: random.pick(['90000', '800000']) }
      : { ...data, description: random.pick(['按图施工', '夜间施工']) },
};

export const flowModels: FlowModel[] = [leave, expense, contract, fitOut];

/** An approval as the test saw it appear, with the content version it was given on. */
export interface SeenApproval {
  node: string;
  version: number;
  by: string | null;
  owner: string | null;
}

/** A change of the content as the test saw it: at which node, making which version. */
export interface SeenChange {
  node: string;
  version: number;
}

/**
 * The model's verdict on an instance that ended approved: the required nodes of its final
 * data without an approval that counts. An approval counts when no change came after it at
 * its node or a node before it, and when neither its giver nor its principal is a requester.
 */
export function missingApprovals(
  model: FlowModel,
  finalData: Data,
  approvals: SeenApproval[],
  changes: SeenChange[],
  requesters: string[],
): string[] {
  const counts = (approval: SeenApproval) =>
    !changes.some(
      (change) =>
        change.version > approval.version &&
        (change.node === approval.node || (model.after[change.node] ?? []).includes(approval.node)),
    ) && ![approval.by, approval.owner].some((id) => id !== null && requesters.includes(id));
  return model
    .required(finalData)
    .filter((node) => !approvals.some((approval) => approval.node === node && counts(approval)));
}

/** May a holder at this node change these fields? */
export function mayChange(model: FlowModel, node: string, fields: string[]): boolean {
  const allowed = model.editable[node] ?? [];
  return allowed === '*' || fields.every((field) => allowed.includes(field));
}

/** The fields two versions of the data differ in. */
export function changedFields(before: Data, after: Data): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) => JSON.stringify(before[name] ?? null) !== JSON.stringify(after[name] ?? null),
  );
}
