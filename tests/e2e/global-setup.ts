import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from './server-process';

/**
 * Starts the real server (built front end, PGlite with the demo data, exactly what `npm start`
 * serves) once for all end-to-end files, on a free port.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync('dist/fvue/index.html'))
    throw new Error('dist/ is missing: run "npm run build" before the e2e tests');
  const server = await startServerProcess();
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  return () => server.stop();
}
