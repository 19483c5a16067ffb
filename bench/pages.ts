/**
 * The pages the browser benchmarks look at (bench/shots.ts, bench/shifts.ts): each with the
 * account it is for (`account:password`; none: signed out) and a control to press first.
 */
import { tokenFor } from './server';

export interface BenchPage {
  path: string;
  account?: string;
  press?: string;
}

const merchant = 'SZHY10001:Merchant#2026';
const staff = (account: string) => `${account}:Staff#2026`;

export const benchPages: Record<string, BenchPage> = {
  login: { path: '/login' },
  home: { path: '/home', account: staff('emp01') },
  'home-admin': { path: '/home', account: 'admin:Atrium#2026' },
  'home-merchant': { path: '/home', account: merchant },
  lyfyjsd: { path: '/lyfyjsd', account: merchant },
  fkqkd: { path: '/fkqkd', account: merchant },
  xscx: { path: '/xscx', account: merchant },
  overdue: { path: '/shcjftzd', account: merchant },
  tasks: { path: '/v-flow/v-todo', account: staff('emp01') },
  /** A system module whose tab shows a custom query (storeList) with its pager. */
  'sys-module': {
    path: '/sysModulePreview/1700000171000000001',
    account: staff('store01'),
    press: 'atrium-sys-module [role=tab] >> nth=2',
  },
};

/** The address of a bench page below `base`, signed in as its account. */
export async function addressOf(base: string, page: BenchPage): Promise<string> {
  const query = page.account ? `?token=${await tokenFor(base, page.account)}` : '';
  return `${base}/fvue${page.path}${query}`;
}
