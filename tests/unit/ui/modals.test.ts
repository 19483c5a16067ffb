import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, sourceFiles } from '../source-files';

/**
 * Every modal of the front end (aria-modal) is one through useModal: focus moves inside it,
 * Tab stays there and Escape closes it, as a keyboard user expects of any dialog. The home
 * page's greeting and tour were modals by their role alone: Escape did nothing and Tab left.
 */
describe('modals in the front end', () => {
  it('all go through useModal', () => {
    const files = ['src', 'demo/src'].flatMap((folder) => sourceFiles(join(projectRoot, folder)));
    const modals = files.filter((file) => /aria-modal/.test(readFileSync(file, 'utf8')));
    const own = modals.filter((file) => !/\buseModal\(/.test(readFileSync(file, 'utf8')));
    expect(modals.length).toBeGreaterThanOrEqual(4);
    expect(own.map((file) => relative(projectRoot, file))).toEqual([]);
  });
});
