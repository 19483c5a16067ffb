/**
 * Makes the demo attachments in server/db/seed/assets (committed; run again only to change
 * them): a PDF handbook, a poster image, a fee table, and the group logo.
 */
import ExcelJS from 'exceljs';
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const out = 'server/db/seed/assets';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 960, height: 540 } });

await page.setContent(`<html><body style="font-family:'Noto Sans CJK SC',sans-serif;margin:48px">
  <h1 style="color:#9f1d2e">海雅商业集团 商户入驻须知（2026 版）</h1>
  <p>一、入驻流程：提交报名 → 招商洽谈 → 签订合同 → 装修进场 → 开业。</p>
  <p>二、费用说明：物业管理费、推广费、水电费按月结算，详见每月结算单。</p>
  <p>三、对账与开票：每月 5 日前在企业门户核对结算单并确认，商场方于 15 日前完成开票。</p>
  <p>四、联系我们：招商中心 0755-00000000。</p>
  <h2>Merchant handbook (2026)</h2>
  <p>Sign up, negotiate, sign the contract, fit out, open. Fees are settled monthly; statements are confirmed in the portal.</p>
</body></html>`);
await writeFile(`${out}/merchant-handbook.pdf`, await page.pdf({ format: 'A4' }));

await page.setContent(`<html><body style="margin:0;width:960px;height:540px;display:flex;align-items:center;justify-content:center;
  background:linear-gradient(135deg,#9f1d2e,#b8924a);font-family:'Noto Sans CJK SC',sans-serif;color:#fff">
  <div style="text-align:center"><div style="font-size:64px;font-weight:700">海雅缤纷城 · 双十二</div>
  <div style="font-size:28px;margin-top:16px">12.12 全场满 300 减 50 · 商户促销报名开启</div></div></body></html>`);
await writeFile(`${out}/promotion-poster.png`, await page.screenshot());

await page.setViewportSize({ width: 240, height: 64 });
await page.setContent(`<html><body style="margin:0;width:240px;height:64px;display:flex;align-items:center;gap:10px;
  font-family:'Noto Sans CJK SC',sans-serif;background:transparent">
  <div style="width:44px;height:44px;border-radius:10px;background:#9f1d2e;color:#fff;font-size:28px;font-weight:700;
  display:flex;align-items:center;justify-content:center;margin-left:8px">海</div>
  <div><div style="font-size:20px;font-weight:700;color:#9f1d2e">海雅商业</div>
  <div style="font-size:11px;color:#b8924a;letter-spacing:2px">HAIYA GROUP</div></div></body></html>`);
await writeFile(`${out}/logo.png`, await page.screenshot({ omitBackground: true }));
await browser.close();

const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('2026 费用标准');
sheet.addRow(['费用项目', '计费方式', '单价（元）']);
sheet.addRow(['物业管理费', '按建筑面积/月', 38]);
sheet.addRow(['推广费', '按销售额', '1.5%']);
sheet.addRow(['水费', '按吨', 5.8]);
sheet.addRow(['电费', '按度', 1.12]);
await book.xlsx.writeFile(`${out}/fee-schedule-2026.xlsx`);
console.log('assets written to', out);
