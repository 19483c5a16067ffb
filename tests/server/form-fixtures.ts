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
