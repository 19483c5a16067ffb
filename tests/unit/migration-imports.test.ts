import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, sourceFiles } from './source-files';
import { importsOf, resolveImport } from './source-imports';

/**
 * A migration does forever what it did when it was written: the code it runs must not change
 * when the live code does (issue 42, part 8). So no migration imports the domain, the
 * services, the seed, the configuration or the browser's source, not even a type (a type
 * change can change what a migration writes through it); what a migration needs of them is
 * copied into it, frozen.
 */
const live = ['server/domain/', 'server/services/', 'server/db/seed/', 'server/config', 'src/'];

describe('migrations', () => {
  it('import no live domain, service or browser code', () => {
    const folder = join(projectRoot, 'server', 'db', 'migrations');
    const found = sourceFiles(folder).flatMap((file) =>
      importsOf(file).flatMap(({ specifier }) => {
        const target = resolveImport(file, specifier);
        if (!target) return [];
        const path = relative(projectRoot, target);
        return live.some((prefix) => path.startsWith(prefix))
          ? [`${relative(projectRoot, file)} imports ${path}`]
          : [];
      }),
    );
    expect(found).toEqual([]);
  });
});
