import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { freshPostgres } from './harness';
import { invariantViolations } from './workflow-harness';

describe('a process killed between and during actions', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'leaves no partial state behind (PostgreSQL; PGlite lives and dies with its one process)',
    async () => {
      // The run's seeded template (its flows and people), copied: no migration or seed here.
      const fresh = await freshPostgres(inject('serverTemplate').postgresTemplate);
      const url = fresh.url;
      const database = await openDatabase({ url });
      try {
        const worker = fileURLToPath(new URL('./workflow-kill-worker.ts', import.meta.url));
        for (const actions of [15, 40, 70]) {
          const child = spawn(process.execPath, ['--import', 'tsx', worker, url], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let done = 0;
          await new Promise<void>((resolve, reject) => {
            child.stdout.on('data', (chunk: Buffer) => {
              done += chunk
                .toString()
                .split('\n')
                .filter((line) => line === 'done').length;
              // Killed while four workers are in the middle of their next actions.
              if (done >= actions) child.kill('SIGKILL');
            });
            child.on('exit', (code, signal) =>
              signal === 'SIGKILL' ? resolve() : reject(new Error(`worker exited ${code}`)),
            );
          });
          expect(await invariantViolations(database.db)).toEqual([]);
        }
        // Every instance is whole: it has its start record, and every done task its record.
        const orphans = await database.db
          .selectFrom('wf_tasks as t')
          .select('t.id')
          .where('t.state', '=', 'done')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('wf_records as r').select('r.id').whereRef('r.task_id', '=', 't.id'),
              ),
            ),
          )
          .execute();
        expect(orphans).toEqual([]);
        const unstarted = await database.db
          .selectFrom('wf_instances as i')
          .select('i.id')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('wf_records as r')
                  .select('r.id')
                  .whereRef('r.inst_id', '=', 'i.id')
                  .where('r.action', '=', 'start'),
              ),
            ),
          )
          .execute();
        expect(unstarted).toEqual([]);
      } finally {
        await database.close();
        await fresh.drop();
      }
    },
    // Three worker processes, each compiling its TypeScript at start: slow on a busy machine.
    180_000,
  );
});
