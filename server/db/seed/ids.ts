/** Fixed ids for demo rows, so links in docs and tests stay the same from seed to seed. */
export function seedId(kind: number, n: number): string {
  return `${1_700_000_000 + kind}${String(n).padStart(9, '0')}`;
}

export const roleIds = {
  /** The contract-management role of spec/merchant-finance.md section 6. */
  contractManager: '1821074083270496256',
  /** The store role of the same section. */
  store: '1902914013096972288',
  merchant: seedId(1, 1),
  accountant: seedId(1, 2),
  staff: seedId(1, 3),
  /** Administration pages (flow incidents, ...): the admin's own menu items. */
  administrator: seedId(1, 4),
  /** Operations: assigns shops on the floor map (/editMapYy). */
  operations: seedId(1, 14),
} as const;

export const storeIds = ['S01', 'S02', 'S03', 'S04'].map((_, i) => seedId(2, i + 1));

/** The seeded public files (the logo, and the news items' attachments), for docs and tests. */
export const seededFileIds = {
  logo: seedId(7, 1),
  handbook: seedId(7, 2),
  poster: seedId(7, 3),
  feeTable: seedId(7, 4),
};
