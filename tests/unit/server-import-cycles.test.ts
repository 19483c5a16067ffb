import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, sourceFiles } from './source-files';
import { importsOf, resolveImport } from './source-imports';

/**
 * No two server modules load each other, however far round (issue 42, part 8). In a cycle
 * one module runs while the other is half loaded, so which of its names exist depends on
 * which was imported first: a change of import order elsewhere breaks it. Type-only imports
 * are erased when compiled and load nothing, so they are left out.
 */
function runtimeGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((each) => !each.typeOnly)
        .flatMap(({ specifier }) => resolveImport(file, specifier) ?? []),
    ]),
  );
}

/** The graph's strongly connected components of more than one file, or of a file that imports itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server modules', () => {
  it('have no runtime import cycles', () => {
    const graph = runtimeGraph(sourceFiles(join(projectRoot, 'server')));
    const found = cycles(graph).map((component) =>
      component.map((file) => relative(projectRoot, file)),
    );
    expect(found).toEqual([]);
    // It parses every server file (about 400): a second or two alone, more on a busy machine.
  }, 30_000);
});
