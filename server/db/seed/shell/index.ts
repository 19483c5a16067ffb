import type { Db } from '../../database';
import { storeFile } from '../../../domain/files';
import type { FileStorage } from '../../../domain/storage';
import { seedId } from '../ids';
import { seedHomeTexts, seedTips } from './home';
import { drawPng, pictures } from './images';
import { seedLayout } from './layout';
import { seedCharts } from './charts';
import { seedPosts, seedReminders } from './links';
import { seedMenus } from './menus';
import { seedIdentities, seedJobs } from './numbering';
import { seedAssets, seedAttendance, seedLeave, seedProfiles, seedTourRuns } from './people';
import { seedQueries } from './queries';
import { seedMethods } from './methods';
import { seedWidgets } from './widgets';

export interface ShellSeedOptions {
  /** Today in the business time zone: the demo's dated rows follow it. */
  today: string;
  /** The `{product}` of route aliases such as v-{product}News. */
  product: string;
}

/** The holiday overlay's pictures, stored as public files with fixed ids. */
async function seedPictures(db: Db, storage: FileStorage): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, picture] of pictures.entries()) {
    const row = await storeFile(db, storage, {
      id: seedId(73, i + 1),
      name: picture.name,
      bytes: drawPng(picture),
      public: true,
    });
    ids.push(row.id);
  }
  return ids;
}

/**
 * The shell's demo data (docs/shell-api.md, "Seeded data"). Runs after the people, news,
 * finance and workflow seeds: posts and reminders point at their rows.
 */
export async function seedShell(db: Db, storage: FileStorage, options: ShellSeedOptions) {
  await seedMenus(db, options.product);
  await seedMethods(db);
  await seedHomeTexts(db, options.today);
  await seedTips(db, options.today, await seedPictures(db, storage));
  await seedLayout(db);
  await seedCharts(db);
  await seedProfiles(db, options.today);
  await seedAssets(db);
  await seedAttendance(db, options.today);
  await seedLeave(db, options.today);
  await seedTourRuns(db);
  await seedQueries(db);
  await seedPosts(db);
  await seedJobs(db);
  await seedIdentities(db);
  await seedReminders(db);
  await seedWidgets(db, storage, options.today);
}
