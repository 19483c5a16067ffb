import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { businessToday } from '../../server/lib/time';
import { startServerProcess } from './server-process';

/**
 * Starts the real server (built front end, PGlite with the demo data, exactly what `npm start`
 * serves) once for all end-to-end files, on a free port.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The business day the server was seeded for and keeps as its today (BUSINESS_DATE). */
    today: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/fvue/index.html'))
    throw new Error('dist/ is missing: run "npm run build" before the e2e tests');
  const today = businessToday(process.env.TIME_ZONE ?? 'Asia/Shanghai');
  const server = await startServerProcess({ BUSINESS_DATE: today });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('today', today);
  return () => server.stop();
}
