import type { NamedQuery } from './define-query';
import { advanceNotices } from './queries/advance-notices';
import { contractList } from './queries/contracts';
import { jointFeeNotices, leaseFeeNotices } from './queries/fee-notices';
import { overdueList } from './queries/overdue';
import { dailySales, monthlySales } from './queries/sales';
import { settlementStatements } from './queries/settlements';

/** Every query a client may name. Nothing else runs: there is no way to send SQL. */
export const namedQueries: ReadonlyMap<string, NamedQuery> = new Map(
  [
    jointFeeNotices,
    advanceNotices,
    leaseFeeNotices,
    settlementStatements,
    monthlySales,
    dailySales,
    contractList,
    overdueList,
  ].map((query) => [query.name, query]),
);
