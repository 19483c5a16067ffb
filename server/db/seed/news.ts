import type { Db } from '../database';
import type { AttachmentRef } from '../schema';
import { seedId } from './ids';
import { addDays } from './shell/calendar';

export interface SeedFiles {
  handbook: AttachmentRef;
  poster: AttachmentRef;
  feeTable: AttachmentRef;
}

const daysAgo = (days: number, hour = 10) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(hour - 8, 30, 0, 0);
  return date;
};

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('');

/** Announcements and news for the login page and the portal; ids are fixed. */
export async function seedNews(db: Db, files: SeedFiles, today: string): Promise<void> {
  const items = [
    {
      kind: 'announcement' as const,
      title: '关于 2026 年 12 月结算单确认及开票安排的通知',
      summary: '请各商户于每月 5 日前完成结算单确认。',
      drafter: '财务中心',
      content: paragraphs(
        '各位商户：',
        '12 月结算单已在企业门户发布，请于 2027 年 1 月 5 日前登录门户核对并确认结算单、费用通知单。',
        '商场方将于确认后 10 个工作日内完成开票，发票可在“发票查询”中下载（PDF、OFD、XML）。',
        '如有疑问，请联系各门店对账专员。',
      ),
      attachments: [files.handbook, files.feeTable],
      days: 1,
    },
    {
      kind: 'announcement' as const,
      title: '海雅缤纷城“双十二”促销活动商户报名',
      summary: '满 300 减 50，商户可自愿报名参加。',
      drafter: '市场推广部',
      content: paragraphs(
        '为迎接年末消费旺季，海雅缤纷城将于 12 月 12 日至 12 月 14 日举办“双十二”促销活动。',
        '活动期间全场满 300 元减 50 元，促销费用由商场与商户按 6:4 分担。',
        '有意参加的商户请于 12 月 5 日前联系楼层经理报名。',
      ),
      attachments: [files.poster],
      days: 3,
    },
    {
      kind: 'announcement' as const,
      title: '各门店营业时间及节假日安排',
      summary: '元旦期间营业时间调整，详见页面。',
      drafter: '运营管理部',
      isUrl: true,
      url: '/guides/opening-hours.html',
      pageHeight: 520,
      attachments: [],
      days: 5,
    },
    {
      kind: 'announcement' as const,
      title: '关于启用新版企业门户的通知',
      summary: '新版门户支持手机验证码登录及在线打印。',
      drafter: '信息中心',
      content: paragraphs(
        '新版企业门户已上线，商户可使用账号密码或绑定手机号的验证码登录。',
        '结算单、费用通知单、催款通知书均可在线查看与打印。首次登录请修改初始密码。',
      ),
      attachments: [files.handbook],
      days: 12,
    },
    {
      kind: 'news' as const,
      title: '天汇广场完成外立面升级改造',
      summary: '全新灯光秀每晚 19:00 上演。',
      drafter: '品牌中心',
      content: paragraphs(
        '天汇广场外立面升级改造工程顺利完工，全新的灯光秀每晚 19:00 至 22:00 上演。',
      ),
      attachments: [],
      days: 8,
    },
    {
      kind: 'news' as const,
      title: '海雅百货宝安店引进 12 个新品牌',
      summary: '美妆、轻食与潮玩品牌集中亮相。',
      drafter: '招商中心',
      content: paragraphs('本季度宝安店新引进美妆、轻食、潮玩等 12 个品牌，一楼美妆区完成焕新。'),
      attachments: [],
      days: 20,
    },
    {
      kind: 'announcement' as const,
      title: '内部通知：员工年度体检安排',
      summary: '仅员工可见。',
      drafter: '人力资源部',
      content: paragraphs('2026 年度员工体检将于 12 月 15 日开始，请登录门户查看分批安排。'),
      attachments: [],
      days: 2,
      audienceRoles: ['staff'],
    },
    // Past their end date: out of every list and count; news managers still find them.
    {
      kind: 'announcement' as const,
      title: '国庆期间停车场临时收费调整（已结束）',
      summary: '国庆假期停车收费调整，活动已结束。',
      drafter: '物业管理部',
      content: paragraphs('国庆假期期间地下停车场临时收费标准已于活动结束后恢复。'),
      attachments: [],
      days: 40,
      endsInDays: -10,
    },
    {
      kind: 'news' as const,
      title: '海雅缤纷城秋季美食节圆满落幕',
      summary: '为期十天的美食节已经结束。',
      drafter: '品牌中心',
      content: paragraphs('秋季美食节吸引游客逾十万人次，感谢各商户的支持。'),
      attachments: [],
      days: 30,
      endsInDays: -3,
    },
  ];
  await db
    .insertInto('news')
    .values(
      items.map((item, i) => ({
        id: seedId(6, i + 1),
        kind: item.kind,
        title: item.title,
        summary: item.summary,
        drafter: item.drafter,
        content: item.content ?? '',
        is_url: item.isUrl ?? false,
        url: item.url ?? null,
        page_height: item.pageHeight ?? null,
        attachments: JSON.stringify(item.attachments),
        carousel_file_id: item.kind === 'news' ? files.poster.id : null,
        ...(item.audienceRoles
          ? { audience: 'roles' as const, audience_roles: item.audienceRoles }
          : {}),
        created_at: daysAgo(item.days),
        ends_on:
          'endsInDays' in item && item.endsInDays !== undefined
            ? addDays(today, item.endsInDays)
            : null,
      })),
    )
    .execute();
  // Attachments and carousel pictures belong to their item: readers of the item read them.
  const links = items.flatMap((item, i) =>
    [
      ...item.attachments.map((file) => file.id),
      ...(item.kind === 'news' ? [files.poster.id] : []),
    ].map((fileId) => ({ file_id: fileId, kind: 'news' as const, record_id: seedId(6, i + 1) })),
  );
  await db
    .insertInto('file_links')
    .values(links)
    .onConflict((c) => c.doNothing())
    .execute();
}
