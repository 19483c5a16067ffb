import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildTemplate, dropTemplate, type ServerTemplate } from './template';

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: ServerTemplate;
  }
}

/** Seeds once for the whole server project (see template.ts). */
export default async function setup(project: TestProject) {
  const template = await buildTemplate();
  project.provide('serverTemplate', template);
  return async () => {
    await dropTemplate(template);
    rmSync(template.dir, { recursive: true, force: true });
  };
}
