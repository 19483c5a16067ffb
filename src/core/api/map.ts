import type { BodyOf, Call, RouteOf } from '../../contract/call';
import type { FloorSummary, mapCalls } from '../../contract/map';
import { send, serviceUrl } from '../http';

/** The floor map's calls (docs/floor-map.md). Coordinates are plan metres, y down. */
export type {
  FloorData,
  FloorSummary,
  LayoutDiff,
  LayoutDraft,
  LayoutShop,
  LayoutVersion,
  MapPolygon,
  MapShop,
  MapStore,
  Ring,
  SearchHit,
  ShopStatus,
} from '../../contract/map';

const base = '/map/v1';

/** The writes show their failure where they were made (a dialog's message), not as a toast. */
const quiet = { quiet: true };

/** A change: its body sent as the contract types it, its failure left to the caller. */
const write =
  <C extends Call>(route: RouteOf<C>) =>
  (body: BodyOf<C>) =>
    send<C>('portal', route, { body }, quiet);

export const mapApi = {
  stores: () =>
    send<typeof mapCalls.stores>('portal', { method: 'GET', path: '/map/v1/stores' }, {}),
  floor: (floorId: string) =>
    send<typeof mapCalls.floor>(
      'portal',
      { method: 'GET', path: '/map/v1/floor' },
      { query: { floorId } },
    ),
  search: (store: string, q: string) =>
    send<typeof mapCalls.search>(
      'portal',
      { method: 'GET', path: '/map/v1/search' },
      { query: { store, q } },
      quiet,
    ),
  /** The plan image answers a file, which the map loads itself (no call of the contract). */
  planUrl: (floor: FloorSummary) =>
    serviceUrl('portal', `${base}/plan/${floor.id}?v=${floor.version}`),
  access: () =>
    send<typeof mapCalls.access>('portal', { method: 'GET', path: '/map/v1/access' }, {}),
  versions: (floorId: string) =>
    send<typeof mapCalls.versions>(
      'portal',
      { method: 'GET', path: '/map/v1/versions' },
      { query: { floorId } },
    ),
  draft: (floorId: string) =>
    send<typeof mapCalls.draft>(
      'portal',
      { method: 'GET', path: '/map/v1/draft' },
      { query: { floorId } },
    ),
  preview: (floorId: string, version?: number) =>
    send<typeof mapCalls.preview>(
      'portal',
      { method: 'GET', path: '/map/v1/preview' },
      { query: version ? { floorId, version } : { floorId } },
    ),
  /** Saves the editor's layout as the floor's draft; nobody but its editors sees it. */
  saveLayout: write<typeof mapCalls.saveLayout>({ method: 'POST', path: '/map/v1/layout' }),
  publish: write<typeof mapCalls.publish>({ method: 'POST', path: '/map/v1/publish' }),
  discard: write<typeof mapCalls.discard>({ method: 'POST', path: '/map/v1/discard' }),
  restore: write<typeof mapCalls.restore>({ method: 'POST', path: '/map/v1/restore' }),
  uploadPlan: write<typeof mapCalls.uploadPlan>({ method: 'POST', path: '/map/v1/plan' }),
  assign: write<typeof mapCalls.assign>({ method: 'POST', path: '/map/v1/assign' }),
};
