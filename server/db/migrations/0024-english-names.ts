import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { runScript } from '../sql-script';

/**
 * English names of what the product owns (issue 13 item 10): flow definitions (the flow's
 * name and the names of its nodes and sequence flows, per deployed version), departments in
 * the org tree, flow categories and the home page's marquee notices. Empty means "no English": the Chinese is
 * shown (docs/workflow.md "Names in the reader's language").
 *
 * The seeded rows of an existing database get their English here (a database seeded after
 * this migration gets it from the seed: the flows' BPMN carries atrium:nameEn).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
  await fillSeededEnglish(db);
}

/**
 * Gives the seeded rows their English where they have none (rows an administrator gave
 * English keep theirs). Exported for the test that runs it over rows without English.
 */
export async function fillSeededEnglish(db: Kysely<unknown>): Promise<void> {
  for (const [id, name, names] of seededFlows) {
    await sql`update wf_definitions set name_en = ${name}, names_en = ${JSON.stringify(names)}::jsonb
      where id = ${id} and name_en = ''`.execute(db);
  }
  for (const [table, rows] of [
    ['wf_orgs', seededOrgs],
    ['wf_categories', seededCategories],
  ] as const) {
    for (const [id, name] of rows) {
      await sql`update ${sql.table(table)} set name_en = ${name} where id = ${id} and name_en = ''`.execute(
        db,
      );
    }
  }
  for (const [id, text] of seededNotices) {
    await sql`update enterprise_notices set text_en = ${text} where id = ${id} and text_en = ''`.execute(
      db,
    );
  }
}

const script = `
  alter table wf_definitions add column name_en text not null default '';
  -- element id (node or sequence flow) -> English name, of this version's BPMN
  alter table wf_definitions add column names_en jsonb not null default '{}';
  alter table wf_orgs add column name_en text not null default '';
  alter table wf_categories add column name_en text not null default '';
  alter table enterprise_notices add column text_en text not null default '';
`;

// The seed's fixed ids (server/db/seed/ids.ts seedId), written out: a migration must not
// change when the seed does. Exported for the test that the seed gives the same English.
const approval = {
  start: 'Applicant',
  end: 'End',
  generalManager: 'General manager approval',
  teamLeader: 'Team leader approval',
};

export const seededFlows: [string, string, Record<string, string>][] = [
  [
    '1700000024000000001',
    'Leave request',
    {
      start: approval.start,
      teamLeader: approval.teamLeader,
      daysGateway: 'Days of leave',
      manager: 'Department manager approval',
      end: approval.end,
      toManager: 'More than 3 days',
      toEndShort: '3 days or less',
    },
  ],
  [
    '1700000024000000002',
    'Contract approval',
    {
      start: approval.start,
      countersign: 'Department countersign',
      generalManager: approval.generalManager,
      end: approval.end,
    },
  ],
  [
    '1700000024000000003',
    'Expense claim',
    {
      start: approval.start,
      teamLeader: approval.teamLeader,
      accounting: 'Accounting review',
      budget: 'Budget review',
      amountGateway: 'Amount and category',
      generalManager: approval.generalManager,
      administration: 'Administration approval',
      cashier: 'Cashier payment',
      end: approval.end,
      bigAmount: '5,000 yuan or more',
      entertainment: 'Business entertainment',
      noExtra: 'Other',
    },
  ],
  [
    '1700000024000000004',
    'Fit-out approval',
    {
      start: approval.start,
      opsReview: 'Operations review',
      budgetGateway: 'Fit-out budget',
      generalManager: approval.generalManager,
      end: approval.end,
      toManager: '500,000 yuan or more',
      toEndSmall: 'Under 500,000 yuan',
    },
  ],
];

export const seededOrgs: [string, string][] = [
  ['1700000021000000001', 'Haiya Commercial Group'],
  ['1700000021000000002', "General Manager's Office"],
  ['1700000021000000003', 'IT Department'],
  ['1700000021000000004', 'Operations Department'],
  ['1700000021000000005', 'Legal Department'],
  ['1700000021000000006', 'Finance Department'],
  ['1700000021000000007', 'Human Resources Department'],
];

export const seededCategories: [string, string][] = [
  ['1700000023000000001', 'HR'],
  ['1700000023000000002', 'Contracts'],
  ['1700000023000000003', 'Finance'],
  ['1700000023000000004', 'Operations'],
];

export const seededNotices: [string, string][] = [
  [
    '1700000065000000001',
    '[Notice] The December statements are out: merchants, please sign in to the portal and confirm them by the 5th of next month.',
  ],
  [
    '1700000065000000002',
    '[Safety] A fire drill takes place after closing at 22:00 this Friday; counters, please get ready in advance.',
  ],
  ['1700000065000000003', '[Service] Portal hotline 400-800-1234 (weekdays 9:00-18:00).'],
  ['1700000065000000004', '[Ended] Opening hours during the National Day Golden Week.'],
];
