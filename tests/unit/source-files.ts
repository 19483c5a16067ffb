import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The project's root folder. */
export const projectRoot = join(import.meta.dirname, '..', '..');

/** Every .ts and .tsx file under a folder, for tests that hold a rule over the source. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}
