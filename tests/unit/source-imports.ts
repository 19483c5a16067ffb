import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** One static import or re-export of a file: what it names and whether only types come. */
export interface SourceImport {
  specifier: string;
  /** `import type` or `export type`: erased when compiled, so nothing is loaded at runtime. */
  typeOnly: boolean;
}

/**
 * A file's static imports and re-exports, read with the TypeScript parser rather than a
 * pattern so that comments and strings do not count. The project compiles with
 * verbatimModuleSyntax, so an import is type-only exactly when it says `import type` (one
 * whose every name is marked `type` still loads its module).
 */
export function importsOf(file: string): SourceImport[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement): SourceImport[] => {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier))
      return [
        {
          specifier: statement.moduleSpecifier.text,
          typeOnly: statement.importClause?.isTypeOnly ?? false,
        },
      ];
    if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    )
      return [{ specifier: statement.moduleSpecifier.text, typeOnly: statement.isTypeOnly }];
    return [];
  });
}

/** The file a relative specifier names (as the bundler resolves it), or undefined for a package. */
export function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
}
