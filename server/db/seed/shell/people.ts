import type { Db } from '../../database';
import type { AttendanceKind, LeaveKind } from '../../schema-shell';
import { seedId } from '../ids';
import { userId } from '../people';
import { addDays, addYears } from './calendar';

/** Demo users by their number in seed/people.ts. */
const admin = userId(1);
const store01 = userId(5);
const contract01 = userId(6);
const acct01 = userId(7);
const newhire = userId(8);
const staff = [admin, store01, contract01, acct01, newhire];

/** A small deterministic generator, so every seed makes the same rows. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Birthdays and hiring days. store01's birthday and contract01's fifth work anniversary are
 * today, so the demo's holiday overlay has someone to greet; the others fall on fixed days.
 */
export async function seedProfiles(db: Db, today: string): Promise<void> {
  await db
    .insertInto('staff_profiles')
    .values([
      { user_id: store01, birthday: addYears(today, -32), hired_on: '2019-03-18' },
      { user_id: contract01, birthday: '1988-07-09', hired_on: addYears(today, -5) },
      { user_id: acct01, birthday: '1991-02-14', hired_on: '2016-09-01' },
      { user_id: admin, birthday: '1985-10-20', hired_on: '2012-06-01' },
      { user_id: newhire, birthday: '2000-05-05', hired_on: addDays(today, -20) },
    ])
    .execute();
}

export async function seedAssets(db: Db): Promise<void> {
  const holdings: [string, string, [string, string, string][]][] = [
    [
      store01,
      '海雅百货宝安店运营部',
      [
        ['笔记本电脑', 'ThinkPad X1 Carbon Gen 11', '2023-04-10'],
        ['对讲机', 'Motorola XiR C1200', '2022-11-02'],
        ['对讲机', 'Motorola XiR C1200', '2022-11-02'],
        ['手持收银终端', 'Sunmi V2s', '2024-01-15'],
      ],
    ],
    [
      contract01,
      '招商中心合同管理部',
      [
        ['笔记本电脑', 'Huawei MateBook X Pro', '2024-03-01'],
        ['激光打印机', 'HP LaserJet Pro M404dn', '2021-08-20'],
      ],
    ],
    [
      acct01,
      '财务中心',
      [
        ['台式电脑', 'Lenovo ThinkCentre M90t', '2022-02-11'],
        ['点钞机', 'Kangyi JBYD-HT-2800', '2020-12-01'],
      ],
    ],
    [admin, '信息中心', [['笔记本电脑', 'Apple MacBook Pro 14', '2024-06-18']]],
  ];
  let n = 0;
  for (const [user, unit, items] of holdings) {
    await db
      .insertInto('personal_assets')
      .values(
        items.map(([name, model, acquired]) => ({
          id: seedId(63, ++n),
          user_id: user,
          unit_name: unit,
          asset_code: `ZC${acquired.slice(0, 4)}${String(n).padStart(5, '0')}`,
          name,
          model,
          acquired_on: acquired,
        })),
      )
      .execute();
  }
}

const exceptionNotes: Record<AttendanceKind, string> = {
  late: '早班打卡迟到',
  early: '提前离岗',
  absent: '未到岗且未请假',
  missing: '下班未打卡',
};

/** Attendance exceptions over the last 90 days: a few per person, on working days. */
export async function seedAttendance(db: Db, today: string): Promise<void> {
  const random = generator(20_261_122);
  const kinds: AttendanceKind[] = ['late', 'late', 'late', 'missing', 'missing', 'early', 'absent'];
  const rows: {
    id: string;
    user_id: string;
    day: string;
    kind: AttendanceKind;
    minutes: number;
    note: string;
  }[] = [];
  let n = 0;
  for (const user of staff) {
    for (let back = 0; back < 90; back++) {
      const day = addDays(today, -back);
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 || random() > 0.09) continue;
      const kind = kinds[Math.floor(random() * kinds.length)]!;
      const minutes = kind === 'late' || kind === 'early' ? 3 + Math.floor(random() * 40) : 0;
      rows.push({
        id: seedId(70, ++n),
        user_id: user,
        day,
        kind,
        minutes,
        note: exceptionNotes[kind],
      });
    }
  }
  // Today's exception for store01, so the attendance card counts one this month.
  rows.push({
    id: seedId(70, ++n),
    user_id: store01,
    day: today,
    kind: 'late',
    minutes: 12,
    note: exceptionNotes.late,
  });
  await db.insertInto('attendance_exceptions').values(rows).execute();
}

export async function seedLeave(db: Db, today: string): Promise<void> {
  const requests: [string, LeaveKind, number, number, 'approved' | 'pending', string][] = [
    [store01, 'annual', -40, 2, 'approved', '家中有事'],
    [store01, 'sick', -12, 0.5, 'approved', '感冒就医'],
    [store01, 'compensatory', 6, 1, 'pending', '店庆加班调休'],
    [contract01, 'annual', -25, 3, 'approved', '年假出游'],
    [contract01, 'personal', -3, 1, 'approved', '办理证件'],
    [acct01, 'marriage', -60, 3, 'approved', '婚假'],
    [acct01, 'annual', 10, 2, 'pending', '年底休假'],
    [newhire, 'personal', -5, 0.5, 'approved', '办理入职体检'],
  ];
  await db
    .insertInto('leave_records')
    .values(
      requests.map(([user, kind, offset, days, status, reason], i) => ({
        id: seedId(71, i + 1),
        user_id: user,
        kind,
        starts_on: addDays(today, offset),
        ends_on: addDays(today, offset + Math.max(0, Math.ceil(days) - 1)),
        days,
        status,
        reason,
      })),
    )
    .execute();
}

/** Tour records: contract01 finished version 1 (so version 2 is due), acct01 exited 2. */
export async function seedTourRuns(db: Db): Promise<void> {
  await db
    .insertInto('guide_tour_runs')
    .values([
      { user_id: contract01, version: 1, outcome: 'complete' },
      { user_id: acct01, version: 2, outcome: 'exit' },
    ])
    .execute();
}
