import { Type, type Static } from 'typebox';
import { defineCalls } from './call';
import { okMessage } from './envelope';

/**
 * News and announcements (spec/shell.md; server/services/portal/news.ts): the running items,
 * one item, and the read mark the message list and the news page record (in the runtime
 * service, server/services/bpm-runtime/messages.ts). The field names are the platform's;
 * both lists answer bare, as the platform does. The attachments stay plain downloads (files).
 */

/** A list row in the platform's getNews shape. */
const newsListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  titleDescription: Type.String(),
  drafter: Type.String(),
  createTime: Type.String(),
  /** '1' an announcement, '0' news. */
  type: Type.String(),
  /** 'true': the item is a page to embed (url), not content. */
  isUrl: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  /** File id of the carousel picture ('' when none). */
  rotatingDisplayPictures: Type.String(),
  /** '未读' when the signed-in reader has not opened it, '已读' when they have, '' for visitors. */
  status: Type.String(),
  start_: Type.Union([Type.Literal('启用'), Type.Literal('停用')], {
    description: '启用 while the item runs; 停用 past its end date (listed only with includeEnded)',
  }),
  endTime: Type.String({ description: "The last day it runs, YYYY-MM-DD; '' for no end" }),
});

export type NewsListItem = Static<typeof newsListItem>;

/** An item in the platform's getNewsById shape (strings where the platform has strings). */
const newsItem = Type.Object({
  ...newsListItem.properties,
  createByName: Type.String(),
  content: Type.String(),
  url: Type.String(),
  pageHeight: Type.Integer(),
  /** JSON text of `[{id, name, size}]`. */
  file: Type.String(),
});

export type NewsItem = Static<typeof newsItem>;

export const newsCalls = defineCalls({
  list: {
    method: 'GET',
    path: '/portalNewsNotice/v1/getNews',
    schema: {
      summary:
        'Published news and announcements still running, newest first (a bare array, as the platform answers)',
      description:
        'Items past their end date (ends_on) leave the list, as they leave the unread count. ' +
        'includeEnded=true lists them too (start_ 停用), for those who hold news:manage; ' +
        'anyone else asking for them gets 403.',
      querystring: Type.Object({
        classifyId: Type.Optional(Type.String({ maxLength: 64 })),
        type: Type.Optional(
          Type.Union([
            Type.Literal('announcement'),
            Type.Literal('news'),
            Type.Literal('1'),
            Type.Literal('0'),
          ]),
        ),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        includeEnded: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
      }),
      response: { 200: Type.Array(newsListItem) },
    },
  },
  item: {
    method: 'GET',
    path: '/portalNewsNotice/v1/getNewsById',
    schema: {
      summary: 'One news item (a bare object)',
      querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: newsItem },
    },
  },
});

/** The read mark: in the runtime service, for news items and the engine's reminders alike. */
export const readMarkCalls = defineCalls({
  markRead: {
    method: 'POST',
    path: '/message/SaveNewsItem',
    schema: {
      summary:
        'Records that the caller read a message: a news item or a reminder of the workflow engine',
      description:
        'The platform body names the reader (xm, gh); the server ignores those and uses the session. ggbm is the news id or the reminder id (runtime/message/v1/myList).',
      body: Type.Object({
        ggbm: Type.String({ minLength: 1, maxLength: 64 }),
        ggbt: Type.Optional(Type.String({ maxLength: 500 })),
        xm: Type.Optional(Type.String({ maxLength: 100 })),
        gh: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      response: { 200: okMessage },
    },
  },
});
