import { listStores, type Store } from '../../core/api/portal';

let cached: Promise<Store[]> | null = null;

/** The four stores, fetched once per page for every dropdown. */
export function storeOptions(): Promise<Store[]> {
  cached ??= listStores().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}
