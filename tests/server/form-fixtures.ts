import ExcelJS from 'exceljs';
import type { ServerAndClient } from './workflow-harness';

/** A fitting-out application (the seeded fitOut form) as a page sends it, with two works. */
export const fitOutApplication = (extra: Record<string, unknown> = {}) => ({
  store: 'S01',
  shopNo: 'L2-15',
  brand: '无印良品',
  contact: '王磊',
  phone: '13800138000',
  startDate: '2026-12-01',
  endDate: '2026-12-10',
  budget: '120000.50',
  works: [
    { kind: 'decoration', content: '吊顶', cost: '0.1' },
    { kind: 'electrical', content: '照明', cost: '0.2' },
  ],
  ...extra,
});

/** A dyzl (contract print data) record as the add window sends it, for store S01. */
export const contractPrintRecord = (contractNo: string) => ({
  F_MDID: 'S01',
  F_GYSDM: '',
  F_GYSMC: '深圳市丽人坊化妆品有限公司',
  F_PPMC: '丽人坊',
  F_HTH: contractNo,
  F_LXR: '王芳',
  F_LXSJH: '13712345678',
  F_ZSRY: '张晓明',
  F_ZSRYSJH: '13900000005',
});

/** A store inspection as the page sends it, with one finding. */
export const inspectionRecord = (extra: Record<string, unknown> = {}) => ({
  store: 'S01',
  inspectedOn: '2026-11-20',
  area: '一楼化妆品区',
  result: 'pass',
  score: '90',
  findings: [{ item: '消防通道堆放杂物', rectifyBy: '2026-12-01' }],
  ...extra,
});

/** A contract registration; the contract number must be unique among the form's records. */
export const contractRegistrationRecord = (contractNo: string) => ({
  contractNo,
  merchantName: '测试商户',
  store: 'S01',
  kind: 'lease',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  monthlyRent: '1000',
});

/** A meeting booking hosted by `host` (a user id), inviting `attendee`. */
export const meetingBookingRecord = (host: string, attendee = host) => ({
  subject: '招商周会',
  room: 'R301',
  host,
  startAt: '2026-12-01 10:00',
  hours: '1',
  attendees: [{ person: attendee }],
});

/** An XLSX of these rows (the first one the header), as a user's import file. */
export async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart/form-data body of one file, as the import buttons upload it. */
export function xlsxUpload(bytes: Buffer, name = 'rows.xlsx') {
  const boundary = '----atrium-forms';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A POST answered as bytes (an export, an import report): JSON, or a file as uploaded. */
export async function postRaw(
  { server, client }: ServerAndClient,
  account: string,
  url: string,
  body: object | ReturnType<typeof xlsxUpload>,
  language = 'zh-CN',
) {
  const upload = 'payload' in body && Buffer.isBuffer(body.payload);
  return server.app.inject({
    method: 'POST',
    url,
    payload: upload ? (body as ReturnType<typeof xlsxUpload>).payload : (body as object),
    headers: {
      authorization: `Bearer ${await client.token(account)}`,
      'accept-language': language,
      ...(upload ? (body as ReturnType<typeof xlsxUpload>).headers : {}),
    },
  });
}
