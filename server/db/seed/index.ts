import { timeZoneFrom } from '../../config';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from '../database';
import { storeFile } from '../../domain/files';
import type { FileStorage } from '../../domain/storage';
import { seedFinance } from './finance';
import { seedDialogs } from './forms-dialogs';
import { seededFileIds } from './ids';
import { seedMap } from './map';
import { seedNews } from './news';
import { seedPeople } from './people';
import { seedPrint } from './print';
import { seedFormFlows, seedWorkflow } from './workflow';
import { seedShell } from './shell';
import { seedForms } from './forms';
import { seedFormRights } from './form-rights';
import { seedSupervision } from './forms-supervision';
import { seedSysModules } from './sys-modules';
import { fillNameSpellings } from '../../domain/directory/spelling';
import { businessToday } from '../../lib/time';

export interface SeedOptions {
  /** Multiplies merchants and months for benchmarks; 1 is the demo. */
  scale: number;
  /**
   * The business day ('YYYY-MM-DD') the demo's dates follow; today by default. The tests give
   * the day once for their templates, so a run that passes midnight or a month's end in the
   * business time zone still knows which day its data was made for.
   */
  today?: string;
}

const asset = (name: string) =>
  readFile(fileURLToPath(new URL(`./assets/${name}`, import.meta.url)));

async function seedFile(db: Db, storage: FileStorage, id: string, name: string, assetName: string) {
  const row = await storeFile(db, storage, {
    id,
    name,
    bytes: await asset(assetName),
    public: true,
  });
  return { id: row.id, name: row.name, size: Number(row.size) };
}

/** True when the database holds no demo data yet (a fresh data folder). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return !row;
}

/** The demo data set: deterministic ids and contents; dates follow today. */
export async function seedDemo(
  db: Db,
  storage: FileStorage,
  options: SeedOptions = { scale: 1 },
): Promise<void> {
  const today = options.today ?? businessToday(timeZoneFrom(process.env));
  const logo = await seedFile(db, storage, seededFileIds.logo, '海雅商业标志.png', 'logo.png');
  const handbook = await seedFile(
    db,
    storage,
    seededFileIds.handbook,
    '商户入驻须知（2026版）.pdf',
    'merchant-handbook.pdf',
  );
  const poster = await seedFile(
    db,
    storage,
    seededFileIds.poster,
    '双十二促销海报.png',
    'promotion-poster.png',
  );
  const feeTable = await seedFile(
    db,
    storage,
    seededFileIds.feeTable,
    '2026年费用标准.xlsx',
    'fee-schedule-2026.xlsx',
  );
  await seedPeople(db, logo.id);
  await seedNews(db, { handbook, poster, feeTable }, today);
  // The demo's own moment caps its times, whichever day its dates follow.
  await seedFinance(db, storage, { scale: options.scale, today, now: new Date() });
  await seedPrint(db, storage, today);
  await seedWorkflow(db);
  // The floor map follows the contracts (its shops are theirs).
  await seedMap(db, today);
  // Custom dialogs read stores, floors, contracts and staff: after those.
  await seedDialogs(db);
  await db
    .insertInto('system_settings')
    .values([
      { key: 'frontName', value: JSON.stringify('海雅企业门户') },
      { key: 'frontNameEn', value: JSON.stringify('Haiya Enterprise Portal') },
      { key: 'frontLogo', value: JSON.stringify([{ id: logo.id, name: logo.name }]) },
      { key: 'ico', value: JSON.stringify([{ id: logo.id, name: logo.name }]) },
    ])
    .execute();
  // Last: the shell's posts and reminders point at rows of the other areas.
  await seedShell(db, storage, {
    today,
    product: process.env.PRODUCT ?? 'atrium',
  });
  await seedForms(db, today);
  await seedFormFlows(db);
  await seedSupervision(db, today);
  // Who may use each form: after every template (dyzl, the forms, the supervision tasks).
  await seedFormRights(db);
  // System modules name templates, queries and charts seeded above.
  await seedSysModules(db);
  // The directory's pinyin search (docs/directory.md) reads every account's spelling.
  await fillNameSpellings(db);
}
