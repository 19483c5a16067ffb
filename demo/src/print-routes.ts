import { printKinds } from '../../src/core/print-keys';
import type { Page, Route } from './routes';

const printPage = () => import('./pages/PrintPage') as unknown as Promise<{ default: Page }>;

/**
 * The print views' routes (spec: print pages table): /print_fkqkd, /print_kpqrd, and the
 * fee and dunning notices with their `_all` variants, each also with a tenant segment
 * (spec/shell.md section 2). Anonymous single pages: no portal frame, no sign-in guard (the
 * data still needs a session or a signed print link).
 */
export const printRoutes: Route[] = printKinds.flatMap((kind) =>
  ['', '/:tenant'].map((tenant) => ({
    pattern: `/print_${kind}${tenant}`,
    load: printPage,
    single: true,
    bleed: true,
    fixed: { kind },
  })),
);
