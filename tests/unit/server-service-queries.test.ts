import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot, sourceFiles } from './source-files';

/**
 * Route plugins under server/services parse, authorise and shape; every database query lives
 * in a typed function of server/domain named for what it does, where two routes share it and
 * a test can reach it without HTTP. A query is a Kysely builder started here (selectFrom,
 * insertInto, ...) or SQL text (the `sql` tag, sql.raw). Read with the TypeScript parser, so
 * comments and strings that mention SQL do not count.
 */
const builders = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);

/**
 * Route files that still hold queries, each to be emptied into server/domain and then taken
 * off this list. Every one has been emptied: the list stays empty, and a file goes on it only
 * while its queries are being moved.
 */
const stillHoldingQueries: string[] = [];

const isSqlTag = (node: ts.Expression): boolean => ts.isIdentifier(node) && node.text === 'sql';

/** Whether a node starts a query: a builder call, a `sql` template or sql.raw(...). */
function startsQuery(node: ts.Node): boolean {
  if (ts.isTaggedTemplateExpression(node)) return isSqlTag(node.tag);
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  const { expression: target, name } = node.expression;
  return builders.has(name.text) || (name.text === 'raw' && isSqlTag(target));
}

/** The queries a file starts, as "path:line: the line's text". */
function queriesIn(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (startsQuery(node)) {
      // The builder's name (`.selectFrom(`) or the tag, as a search of the text finds them.
      const at = ts.isCallExpression(node) ? node.expression : node;
      const start = ts.isPropertyAccessExpression(at)
        ? at.name.getStart(source)
        : at.getStart(source);
      const { line } = source.getLineAndCharacterOfPosition(start);
      const lineText = text.split('\n')[line]!.trim();
      found.push(`${relative(projectRoot, file)}:${line + 1}: ${lineText}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('route files under server/services', () => {
  const files = sourceFiles(join(projectRoot, 'server', 'services'));
  const queries = new Map(files.map((file) => [relative(projectRoot, file), queriesIn(file)]));

  it('hold no database query: each is a function in server/domain', () => {
    const misplaced = [...queries]
      .filter(([path]) => !stillHoldingQueries.includes(path))
      .flatMap(([, found]) => found);
    expect(misplaced).toEqual([]);
  });

  it('are on the list of those still holding queries only while they do', () => {
    const emptied = stillHoldingQueries.filter((path) => !queries.get(path)?.length);
    // A file emptied of its queries (or gone) comes off the list, so it cannot gain new ones.
    expect(emptied).toEqual([]);
  });
});
