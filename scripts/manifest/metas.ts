import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ElementMeta } from '../../src/ui/element/meta';

export const root = resolve(import.meta.dirname, '../..');

/** Every element's folder name and meta.ts, in name order. */
export async function loadMetas(): Promise<[string, ElementMeta][]> {
  const elementsDir = resolve(root, 'src/elements');
  const names = readdirSync(elementsDir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(resolve(elementsDir, entry.name, 'meta.ts')),
    )
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name): Promise<[string, ElementMeta]> => {
      const url = pathToFileURL(resolve(elementsDir, name, 'meta.ts')).href;
      return [name, ((await import(url)) as { meta: ElementMeta }).meta];
    }),
  );
}
