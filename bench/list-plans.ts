/**
 * The query plans behind the list pages: `npx tsx bench/list-plans.ts [--url … | --pglite
 * DIR]` against a database seeded at scale (see bench/list-paging.ts). Runs each case through
 * the named query itself, captures the SQL it sent, and prints EXPLAIN ANALYZE of each
 * statement (the plans quoted in docs/decisions.md).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { CompiledQuery, KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { openDatabase, type Db } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import type { QueryRequest } from '../server/domain/finance/define-query';
import { namedQueries } from '../server/domain/finance/registry';
import type { FinanceScope } from '../server/domain/finance/scope';

const { values } = parseArgs({ options: { url: { type: 'string' }, pglite: { type: 'string' } } });

const everything: FinanceScope = {
  everything: true,
  vendorCode: null,
  fullname: '系统管理员',
  storeCodes: [],
  contractManager: false,
  storeRole: false,
};
const accountant: FinanceScope = { ...everything, everything: false, fullname: '王会计' };
const merchant: FinanceScope = { ...everything, everything: false, vendorCode: '10001' };

const page = (count: QueryRequest['count'], sort: QueryRequest['sort'] = []): QueryRequest => ({
  filters: {},
  page: { page: 1, pageSize: 50 },
  sort,
  count,
});

const cases: [string, FinanceScope, QueryRequest][] = [
  ['admin, page 1 (default order), count: estimate', everything, page('estimate')],
  ['acct01, page 1 (default order), count: estimate', accountant, page('estimate')],
  ['SZHY10001, page 1 (default order), count: estimate', merchant, page('estimate')],
  ['admin, sorted by FYHJ desc', everything, page('none', [{ field: 'FYHJ', direction: 'desc' }])],
  ['admin, the exact count', everything, { ...page('exact'), page: { page: 1, pageSize: 1 } }],
];

function capture() {
  const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      seen.push({ node: args.node, queryId: args.queryId });
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { plugin, seen };
}

/** The estimate's statement is only planned in production: it is shown planned, not run. */
async function explain(db: Db, query: CompiledQuery) {
  const planOnly = !/\blimit\b|count\(/i.test(query.sql);
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>({
    ...query,
    sql: `explain ${planOnly ? '' : '(analyze, costs off) '}${query.sql}`,
  });
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function main() {
  const url = values.url ?? process.env.DATABASE_URL;
  const handle = await openDatabase(
    url ? { url } : { dataDir: values.pglite ?? join(process.cwd(), 'data', 'pgdata') },
  );
  await migrateToLatest(handle.db);
  const query = namedQueries.get('statement.lyfyjsd')!;
  const context = { timeZone: 'Asia/Shanghai' };
  try {
    // Page 2,000 by cursor: the cursor of row 99,950 comes from an offset page first.
    const before = await query.run(
      handle.db,
      { ...page('none'), page: { page: 1999, pageSize: 50 } },
      everything,
      context,
    );
    const deep: [string, FinanceScope, QueryRequest][] = before.next
      ? [
          [
            'admin, page 2,000 after the cursor of page 1,999',
            everything,
            { ...page('none'), page: { page: 2000, pageSize: 50 }, after: before.next },
          ],
        ]
      : [];
    for (const [label, scope, request] of [...cases, ...deep]) {
      const { plugin, seen } = capture();
      const db = handle.db.withPlugin(plugin);
      await query.run(db, request, scope, context);
      console.info(`\n### statement.lyfyjsd: ${label}\n`);
      for (const { node, queryId } of seen) {
        const compiled = db.getExecutor().compileQuery(node, queryId);
        console.info(`${compiled.sql}\n${await explain(handle.db, compiled)}\n`);
      }
    }
  } finally {
    await handle.close();
  }
}

await main();
