import type { Kysely } from 'kysely';
import { runScript } from '../sql-script';

/**
 * Staff views of a merchant's notices (issue 36, part 4; docs/print.md section 3). A fee
 * notice's confirmation and a dunning notice's view mark are the merchant's acknowledgement:
 * only the notice's own merchant makes them. When staff (the accountant, the bookkeeper, the
 * designated user) open a notice, that is recorded here instead, one row per notice and
 * viewer with their first and last open and how many; the notice itself keeps the latest
 * staff viewer, time and the number of staff viewers, which its list shows without a lookup
 * per row.
 *
 * Before this, anyone who opened a notice confirmed it. Confirmations and view marks that
 * were not made by the notice's merchant (account 'SZHY' || merchant_code) are moved here,
 * so the notice reads unconfirmed again until its merchant opens it; who looked, and when,
 * is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, script);
  await moveStaffMarks(db);
}

/** Staff-made confirmations and view marks become staff views (exported for its test). */
export async function moveStaffMarks(db: Kysely<unknown>): Promise<void> {
  await runScript(db, kinds.map(moveScript).join('\n'));
}

const kinds = [
  ['advance', 'advance_notices', 'confirmed_by', 'confirm_date'],
  ['joint', 'joint_fee_notices', 'confirmed_by', 'confirm_date'],
  ['lease', 'lease_fee_notices', 'confirmed_by', 'confirm_date'],
  ['dunning', 'dunning_notices', 'viewed_by', 'viewed_at'],
] as const;

/** Moves the marks staff made on one table into the staff views, then clears them. */
const moveScript = ([kind, table, by, at]: (typeof kinds)[number]) => `
  insert into notice_staff_views (kind, notice_id, account, fullname, first_viewed_at, last_viewed_at, opens)
  select '${kind}', n.id, n.${by}, coalesce(u.fullname, ''), n.${at}, n.${at}, 1
  from ${table} n left join users u on u.account = n.${by}
  where n.${at} is not null and n.${by} <> 'SZHY' || n.merchant_code
  on conflict (kind, notice_id, account) do nothing;

  update ${table} n set
    staff_viewed_by = coalesce(nullif(u.fullname, ''), n.${by}),
    staff_viewed_at = n.${at},
    staff_viewers = (select count(*) from notice_staff_views v
      where v.kind = '${kind}' and v.notice_id = n.id),
    ${at} = null, ${by} = null
  from ${table} o left join users u on u.account = o.${by}
  where o.id = n.id and n.${at} is not null and n.${by} <> 'SZHY' || n.merchant_code;
`;

/** The latest staff viewer on each notice table, for its list. */
const staffColumns = ([, table]: (typeof kinds)[number]) => `
  alter table ${table}
    add column staff_viewed_by text,
    add column staff_viewed_at timestamptz,
    add column staff_viewers integer not null default 0;
`;

const script = `
  create table notice_staff_views (
    kind text not null check (kind in ('advance', 'joint', 'lease', 'dunning')),
    notice_id text not null,
    account text not null,
    fullname text not null default '',
    first_viewed_at timestamptz not null,
    last_viewed_at timestamptz not null,
    opens integer not null default 1 check (opens > 0),
    primary key (kind, notice_id, account)
  );
  ${kinds.map(staffColumns).join('\n')}
`;
