import { contractPrints } from '../templates/contract-prints';
import { attendanceCard, attendanceExceptions, leaveRecords } from './people-queries';
import { myNewsReads, stores } from './portal-queries';
import type { NamedQuery } from './registry';

/** Every named query by name; configuration rows refer to these names and nothing else. */
export const namedQueries: ReadonlyMap<string, NamedQuery> = new Map(
  [stores, myNewsReads, attendanceExceptions, attendanceCard, leaveRecords, contractPrints].map(
    (query) => [query.name, query],
  ),
);

export function namedQuery(name: string): NamedQuery | undefined {
  return namedQueries.get(name);
}
