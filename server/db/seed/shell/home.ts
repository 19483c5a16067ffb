import type { Db } from '../../database';
import { roleIds, seedId } from '../ids';
import { addDays } from './calendar';

/** The marquee, the pop-ups, the greetings and the scrolling texts of the demo. */
export async function seedHomeTexts(db: Db, today: string): Promise<void> {
  await db
    .insertInto('enterprise_notices')
    .values([
      {
        id: seedId(65, 1),
        text: '【通知】12 月结算单已发布，请各商户于次月 5 日前登录门户完成确认。',
        text_en:
          '[Notice] The December statements are out: merchants, please sign in to the portal and confirm them by the 5th of next month.',
        starts_on: addDays(today, -3),
        ends_on: addDays(today, 27),
        sort: 1,
      },
      {
        id: seedId(65, 2),
        text: '【安全】商场消防演练将于本周五 22:00 闭店后进行，请各专柜提前做好准备。',
        text_en:
          '[Safety] A fire drill takes place after closing at 22:00 this Friday; counters, please get ready in advance.',
        starts_on: addDays(today, -1),
        ends_on: addDays(today, 4),
        sort: 2,
      },
      {
        id: seedId(65, 3),
        text: '【服务】企业门户服务热线 400-800-1234（工作日 9:00-18:00）。',
        text_en: '[Service] Portal hotline 400-800-1234 (weekdays 9:00-18:00).',
        starts_on: addDays(today, -90),
        ends_on: null,
        sort: 3,
      },
      {
        id: seedId(65, 4),
        text: '【已结束】国庆黄金周营业时间调整通知。',
        text_en: '[Ended] Opening hours during the National Day Golden Week.',
        starts_on: addDays(today, -60),
        ends_on: addDays(today, -30),
        sort: 4,
      },
    ])
    .execute();

  const announcementId = seedId(6, 1);
  const handbookId = seedId(7, 2);
  await db
    .insertInto('popups')
    .values([
      {
        id: seedId(66, 1),
        subject: '请确认 12 月结算单',
        description: '12 月结算单及开票安排已发布，点击查看通知全文。',
        url: `/news/${announcementId}`,
        popup_type: 'tab',
        role_id: null,
        starts_at: addDays(today, -2),
        sort: 1,
      },
      {
        id: seedId(66, 2),
        subject: '各门店营业时间',
        description: '元旦期间各门店营业时间调整一览。',
        url: '/guides/opening-hours.html',
        popup_type: 'dialog',
        dialog_width: '800px',
        dialog_height: '560px',
        role_id: null,
        starts_at: addDays(today, -1),
        sort: 2,
      },
      {
        id: seedId(66, 3),
        subject: '商户入驻须知（2026版）',
        description: '入驻、装修、结算与开票的办理流程。',
        url: `/portal/system/file/v1/downloadFile?fileId=${handbookId}&inline=true`,
        popup_type: 'new',
        role_id: roleIds.merchant,
        starts_at: addDays(today, -5),
        sort: 3,
      },
      {
        id: seedId(66, 4),
        subject: '年度体检预约',
        description: '员工年度体检预约已开放，请于本月内完成预约。',
        url: '/newsList/1',
        popup_type: 'tab',
        role_id: roleIds.staff,
        starts_at: addDays(today, -40),
        ends_at: addDays(today, -10),
        sort: 4,
      },
    ])
    .execute();

  // The general greetings (the top bar's slogan), in both languages.
  const greetings: [string, string][] = [
    [
      '新的一天，从一杯热茶开始，祝您工作顺利！',
      'A new day starts with a cup of tea. Have a good day!',
    ],
    [
      '顾客的微笑是我们最好的名片，今天也请多多微笑。',
      "A customer's smile is our best card. Smile a lot today.",
    ],
    ['天气转凉，注意添衣保暖。', 'It is getting cold: dress warmly.'],
    ['每一次用心服务，都让海雅更温暖。', 'Every caring service makes Haiya a warmer place.'],
    [
      '今日事今日毕，下班前记得查看待办事项。',
      "Finish today's work today: check your to-do list before you leave.",
    ],
    ['合理安排工作与休息，保持好心情。', 'Balance work and rest, and keep a good mood.'],
  ];
  await db
    .insertInto('greetings')
    .values(
      greetings.map(([text, textEn], i) => ({
        id: seedId(62, i + 1),
        user_id: null,
        text,
        text_en: textEn,
        sort: i,
      })),
    )
    .execute();
}

/** The birthday and anniversary texts and the festivals, with their background pictures. */
export async function seedTips(db: Db, today: string, pictures: string[]): Promise<void> {
  const [birthdaySun, birthdayFlowers, anniversary, lantern, ribbons] = pictures;
  await db
    .insertInto('personal_tip_texts')
    .values([
      {
        kind: 'birthday',
        text: '亲爱的{{name}}，今天是您的生日！海雅大家庭祝您生日快乐，万事顺意！',
        text_en: 'Dear {{name}}, happy birthday from all of us at Haiya!',
        image_ids: JSON.stringify([birthdaySun, birthdayFlowers]),
      },
      {
        kind: 'anniversary',
        text: '{{name}}，今天是您加入海雅的第{{years}}周年，感谢一路同行！',
        text_en: '{{name}}, today marks {{years}} years with Haiya. Thank you!',
        image_ids: JSON.stringify([anniversary]),
      },
    ])
    .execute();
  const year = Number(today.slice(0, 4));
  // Fixed-date festivals of this year and the next; each shows from two days before.
  const fixed: [string, string, string, string, string][] = [
    ['01-01', '元旦', "New Year's Day", '新年快乐！愿新的一年万事如意。', 'Happy New Year!'],
    ['05-01', '劳动节', 'Labour Day', '劳动最光荣，祝您节日快乐！', 'Happy Labour Day!'],
    ['10-01', '国庆节', 'National Day', '举国同庆，祝您国庆快乐！', 'Happy National Day!'],
    ['12-25', '圣诞节', 'Christmas', '圣诞快乐！愿温暖与欢笑常伴。', 'Merry Christmas!'],
  ];
  const rows = [year, year + 1].flatMap((y, yi) =>
    fixed.map(([day, name, nameEn, text, textEn], i) => ({
      id: seedId(64, yi * 10 + i + 1),
      name,
      name_en: nameEn,
      starts_on: addDays(`${y}-${day}`, -2),
      ends_on: `${y}-${day}`,
      text,
      text_en: textEn,
      image_ids: JSON.stringify([lantern]),
    })),
  );
  // The group's store anniversary celebration runs this week in the demo.
  rows.push({
    id: seedId(64, 99),
    name: '海雅缤纷城店庆',
    name_en: 'Haiya Binfen store anniversary',
    starts_on: addDays(today, -2),
    ends_on: addDays(today, 5),
    text: '海雅缤纷城店庆周火热进行中，感谢每一位同事与商户伙伴的辛勤付出！',
    text_en: 'Haiya Binfen store anniversary week is on. Thank you, colleagues and partners!',
    image_ids: JSON.stringify([ribbons]),
  });
  await db.insertInto('festivals').values(rows).execute();
}
