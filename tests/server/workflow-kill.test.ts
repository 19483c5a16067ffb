import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedPeople } from '../../server/db/seed/people';
import { seedWorkflow } from '../../server/db/seed/workflow';
import { invariantViolations } from './workflow-harness';

describe('a process killed between and during actions', () => {
  const adminUrl = process.env.DATABASE_URL;
  const name = `atrium_kill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let url = '';

  it.skipIf(!adminUrl)(
    'leaves no partial state behind (PostgreSQL; PGlite lives and dies with its one process)',
    async () => {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const target = new URL(adminUrl!);
      target.pathname = `/${name}`;
      url = target.toString();
      const database = await openDatabase({ url });
      try {
        await migrateToLatest(database.db);
        await seedPeople(database.db, null as unknown as string);
        await seedWorkflow(database.db);
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
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      }
    },
  );
});
