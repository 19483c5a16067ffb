import { sql, type Expression, type SqlBool } from 'kysely';
import type { NewsItem, NewsListItem } from '../../src/contract/news';
import type { Db } from '../db/database';
import type { NewsRow } from '../db/schema';
import type { AuthUser } from '../lib/context';
import { UserError } from '../lib/errors';
import { formatDateTime, type BusinessCalendar } from '../lib/time';

export interface NewsQuery {
  kind?: 'announcement' | 'news';
  classifyId?: string;
  limit: number;
  /** Also items past their end date: for those who manage news only (see listNews). */
  includeEnded?: boolean;
}

/** Those who manage news (the method news:manage) may list items past their end date. */
export const manageNewsMethod = 'news:manage';

/** Whether an item still runs on `today`: no end date, or not past it. */
export function runningOn(today: string, alias = 'n'): Expression<SqlBool> {
  const endsOn = sql.ref(`${alias}.ends_on`);
  return sql<SqlBool>`(${endsOn} is null or ${endsOn} >= ${today}::date)`;
}

/** Read state exists only for a signed-in reader; visitors get an empty status. */
function listItem(
  row: NewsRow,
  read: boolean | null,
  timeZone: string,
  today: string,
): NewsListItem {
  const endTime = row.ends_on ? String(row.ends_on).slice(0, 10) : '';
  return {
    id: row.id,
    title: row.title,
    titleDescription: row.summary,
    drafter: row.drafter,
    createTime: formatDateTime(row.created_at, timeZone),
    type: row.kind === 'announcement' ? '1' : '0',
    isUrl: row.is_url ? 'true' : 'false',
    rotatingDisplayPictures: row.carousel_file_id ?? '',
    status: read === null ? '' : read ? '已读' : '未读',
    start_: endTime && endTime < today ? '停用' : '启用',
    endTime,
  };
}

/**
 * Who reads a news item (docs/decisions.md, "News audience"): 'public' items anyone, visitors
 * included; 'users' items anyone signed in; 'roles' items the holders of one of its role codes
 * (staff, merchant, ...). The designated user who sees everything reads every item.
 */
export function newsVisibleTo(viewer: AuthUser | null, alias = 'news'): Expression<SqlBool> {
  const audience = sql.ref(`${alias}.audience`);
  if (!viewer) return sql<SqlBool>`${audience} = 'public'`;
  if (viewer.seesEverything) return sql<SqlBool>`true`;
  return sql<SqlBool>`(${audience} in ('public', 'users') or (${audience} = 'roles' and exists (
    select 1 from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${viewer.id} and not ur.deleted
      and r.code = any(${sql.ref(`${alias}.audience_roles`)}))))`;
}

/**
 * Published items the viewer may read, newest first: those still running (no end date, or
 * not past it in the business time zone), as the unread count counts them (issue 39, item 2).
 * Items past their end date are listed only when asked for, by those who manage news.
 */
export async function listNews(
  db: Db,
  query: NewsQuery,
  viewer: AuthUser | null,
  { timeZone, today }: BusinessCalendar,
) {
  let select = db
    .selectFrom('news as n')
    .selectAll('n')
    .where('n.published', '=', true)
    .where(newsVisibleTo(viewer, 'n'))
    .orderBy('n.created_at', 'desc')
    .limit(query.limit);
  if (!query.includeEnded) select = select.where(runningOn(today));
  if (query.kind) select = select.where('n.kind', '=', query.kind);
  if (query.classifyId && query.classifyId !== 'all')
    select = select.where('n.classify_id', '=', query.classifyId);
  const rows = await select.execute();
  const read = viewer
    ? await readIds(
        db,
        viewer.account,
        rows.map((row) => row.id),
      )
    : null;
  return rows.map((row) => listItem(row, read ? read.has(row.id) : null, timeZone, today));
}

async function readIds(db: Db, reader: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('news_reads')
    .select('news_id')
    .where('reader', '=', reader)
    .where('news_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.news_id));
}

export async function getNews(
  db: Db,
  id: string,
  viewer: AuthUser | null,
  { timeZone, today }: BusinessCalendar,
): Promise<NewsItem> {
  const row = await db
    .selectFrom('news')
    .selectAll()
    .where('id', '=', id)
    .where('published', '=', true)
    .where(newsVisibleTo(viewer))
    .executeTakeFirst();
  if (!row) throw new UserError(404, 'server:newsNotFound');
  const read = viewer ? (await readIds(db, viewer.account, [id])).has(id) : null;
  return {
    ...listItem(row, read, timeZone, today),
    createByName: row.drafter,
    content: row.content,
    url: row.url ?? '',
    pageHeight: row.page_height ?? 600,
    file: JSON.stringify(row.attachments),
  };
}

/** Records that the caller opened an item; the first opening counts, later ones change nothing. */
export async function markNewsRead(db: Db, newsId: string, viewer: AuthUser): Promise<void> {
  const exists = await db
    .selectFrom('news')
    .select('id')
    .where('id', '=', newsId)
    .where(newsVisibleTo(viewer))
    .executeTakeFirst();
  if (!exists) throw new UserError(404, 'server:newsNotFound');
  await db
    .insertInto('news_reads')
    .values({ news_id: newsId, reader: viewer.account, reader_name: viewer.fullname })
    .onConflict((conflict) => conflict.columns(['news_id', 'reader']).doNothing())
    .execute();
}
