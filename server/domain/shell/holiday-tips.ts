import type { HolidayTip } from '../../../src/contract/shell';
import type { Db } from '../../db/database';
import type { Language } from '../../i18n';
import type { AuthUser } from '../../lib/context';
import { isYearlyOn } from './today';

const titles = {
  birthday: { 'zh-CN': '员工生日', 'en-US': 'Happy birthday' },
  anniversary: { 'zh-CN': '入职周年', 'en-US': 'Work anniversary' },
} as const;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

async function imagesJson(db: Db, ids: string[]): Promise<string> {
  if (ids.length === 0) return '[]';
  const files = await db
    .selectFrom('files')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .where('public', '=', true)
    .execute();
  const byId = new Map(files.map((file) => [file.id, file]));
  return JSON.stringify(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
}

async function personalTips(db: Db, caller: AuthUser, today: string, language: Language) {
  const profile = await db
    .selectFrom('staff_profiles')
    .selectAll()
    .where('user_id', '=', caller.id)
    .executeTakeFirst();
  if (!profile) return [];
  const texts = await db.selectFrom('personal_tip_texts').selectAll().execute();
  const tips: HolidayTip[] = [];
  const add = async (kind: 'birthday' | 'anniversary', values: Record<string, string | number>) => {
    const text = texts.find((row) => row.kind === kind);
    if (!text) return;
    const template = language === 'en-US' && text.text_en ? text.text_en : text.text;
    tips.push({
      lx: kind,
      account: caller.account,
      tcwb: fill(template, values),
      bjtp: await imagesJson(db, text.image_ids),
      title: titles[kind][language],
    });
  };
  if (profile.birthday && isYearlyOn(profile.birthday, today)) {
    await add('birthday', { name: caller.fullname });
  }
  const years = profile.hired_on
    ? Number(today.slice(0, 4)) - Number(profile.hired_on.slice(0, 4))
    : 0;
  if (profile.hired_on && years >= 1 && isYearlyOn(profile.hired_on, today)) {
    await add('anniversary', { name: caller.fullname, years });
  }
  return tips;
}

async function festivalTips(db: Db, today: string, language: Language): Promise<HolidayTip[]> {
  const rows = await db
    .selectFrom('festivals')
    .selectAll()
    .where('starts_on', '<=', today)
    .where('ends_on', '>=', today)
    .orderBy('starts_on')
    .orderBy('id')
    .execute();
  return Promise.all(
    rows.map(async (row) => ({
      lx: 'festival' as const,
      account: '',
      tcwb: language === 'en-US' && row.text_en ? row.text_en : row.text,
      bjtp: await imagesJson(db, row.image_ids),
      title: language === 'en-US' && row.name_en ? row.name_en : row.name,
    })),
  );
}

/** Today's tips for the caller: their birthday and work anniversary, then running festivals. */
export async function holidayTips(
  db: Db,
  caller: AuthUser,
  today: string,
  language: Language,
): Promise<HolidayTip[]> {
  return [
    ...(await personalTips(db, caller, today, language)),
    ...(await festivalTips(db, today, language)),
  ];
}
