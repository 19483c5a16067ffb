import { http, serviceUrl, type CommonResult } from '../http';
import type { LayoutChanges } from '../map/layout-diff';

/** The floor map's calls (docs/floor-map.md). Coordinates are plan metres, y down. */
export type Ring = [number, number][];
export interface MapPolygon {
  type: 'Polygon';
  coordinates: Ring[];
}

export interface FloorSummary {
  id: string;
  floor: string;
  width: number;
  height: number;
  version: number;
}

export interface MapStore {
  code: string;
  name: string;
  nameEn: string;
  floors: FloorSummary[];
}

export interface MapShop {
  id: string;
  number: string;
  floor: string;
  brand: string;
  category: string;
  area: number;
  status: 'vacant' | 'fitting' | 'open' | string;
  x: number;
  y: number;
  polygon: MapPolygon;
  own?: boolean;
  merchantName?: string;
  contractNo?: string;
  contractId?: string;
  statementStatus?: string;
  overdue?: boolean;
}

export interface FloorData extends FloorSummary {
  store: string;
  shops: MapShop[];
}

export interface SearchHit {
  id: string;
  number: string;
  brand: string;
  floor: string;
  floorId: string;
}

export interface LayoutShop {
  number: string;
  category: string;
  polygon: MapPolygon;
}

export interface LayoutVersion {
  version: number;
  note: string;
  createdAt: string;
  createdBy: string;
  shopCount: number;
}

/** A floor's unpublished layout: its layout editors' work in progress. */
export interface LayoutDraft {
  baseVersion: number;
  revision: number;
  note: string;
  updatedAt: string;
  updatedBy: string;
  shops: LayoutShop[];
}

/** What publishing a draft (or restoring a version) changes against the published layout. */
export interface LayoutDiff extends LayoutChanges {
  publishedVersion: number;
  revision: number;
  shopCount: number;
}

const base = '/map/v1';

export const mapApi = {
  stores: () => http.get<MapStore[]>('portal', `${base}/stores`),
  floor: (floorId: string) => http.get<FloorData>('portal', `${base}/floor`, { floorId }),
  search: (store: string, q: string) =>
    http.get<SearchHit[]>('portal', `${base}/search`, { store, q }, { quiet: true }),
  planUrl: (floor: FloorSummary) =>
    serviceUrl('portal', `${base}/plan/${floor.id}?v=${floor.version}`),
  access: () =>
    http.get<{ layoutStores: 'all' | string[]; assign: boolean }>('portal', `${base}/access`),
  versions: (floorId: string) =>
    http.get<LayoutVersion[]>('portal', `${base}/versions`, { floorId }),
  draft: (floorId: string) =>
    http.get<{ draft: LayoutDraft | null }>('portal', `${base}/draft`, { floorId }),
  preview: (floorId: string, version?: number) =>
    http.get<LayoutDiff>('portal', `${base}/preview`, version ? { floorId, version } : { floorId }),
  /** Saves the editor's layout as the floor's draft; nobody but its editors sees it. */
  saveLayout: (body: {
    floorId: string;
    baseVersion: number;
    revision: number;
    shops: LayoutShop[];
    note?: string;
  }) =>
    http.post<CommonResult<{ revision: number }>>('portal', `${base}/layout`, body, {
      quiet: true,
    }),
  publish: (body: { floorId: string; baseVersion: number; revision: number }) =>
    http.post<CommonResult<{ version: number }>>('portal', `${base}/publish`, body, {
      quiet: true,
    }),
  discard: (body: { floorId: string; revision: number }) =>
    http.post<CommonResult>('portal', `${base}/discard`, body, { quiet: true }),
  restore: (body: { floorId: string; baseVersion: number; version: number; revision: number }) =>
    http.post<CommonResult<{ version: number }>>('portal', `${base}/restore`, body, {
      quiet: true,
    }),
  uploadPlan: (body: { floorId: string; image: string; width: number; height: number }) =>
    http.post<CommonResult>('portal', `${base}/plan`, body, { quiet: true }),
  assign: (body: { shopId: string; status: string; brand: string; contractNo: string }) =>
    http.post<CommonResult>('portal', `${base}/assign`, body, { quiet: true }),
};
