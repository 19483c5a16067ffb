import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../server/db/database';

/**
 * The Kysely table types (server/db/schema*.ts) are written by hand beside the migrations
 * that make the tables. Kysely trusts them: a column the type names and the table lacks is a
 * runtime error, a nullable column typed as never null is a value the code never checks. So
 * the migrated database is read back and held against the types, table by table: the same
 * tables, the same columns, and null allowed exactly where the type allows it.
 */

/** What the types say: table -> column -> whether a row read may hold null there. */
function typedTables(): Map<string, Map<string, boolean>> {
  const root = resolve('.');
  const probe = join(root, 'schema-types-probe.ts');
  const probeText = [
    "import type { Selectable } from 'kysely';",
    "import type { Database } from './server/db/schema';",
    'export type Rows = { [Table in keyof Database]: Selectable<Database[Table]> };',
  ].join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === probe || fileExists(file);
  host.readFile = (file) => (file === probe ? probeText : readFile(file));
  host.getSourceFile = (file, language, ...rest) =>
    file === probe
      ? ts.createSourceFile(file, probeText, language)
      : getSourceFile(file, language, ...rest);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe)!;
  const alias = source.statements.find(ts.isTypeAliasDeclaration)!;
  const rows = checker.getTypeAtLocation(alias.name);
  const tables = new Map<string, Map<string, boolean>>();
  for (const table of checker.getPropertiesOfType(rows)) {
    const columns = new Map<string, boolean>();
    const row = checker.getTypeOfSymbolAtLocation(table, alias);
    for (const column of checker.getPropertiesOfType(row)) {
      const type = checker.getTypeOfSymbolAtLocation(column, alias);
      const parts = type.isUnion() ? type.types : [type];
      columns.set(
        column.name,
        parts.some((part) => part.flags & ts.TypeFlags.Null),
      );
    }
    tables.set(table.name, columns);
  }
  return tables;
}

/** What the migrations made: the same shape, read from information_schema. */
async function migratedTables(): Promise<Map<string, Map<string, boolean>>> {
  const template = inject('serverTemplate');
  const database = await openDatabase({
    loadDataDir: new Blob([new Uint8Array(readFileSync(template.pgliteDump))]),
  });
  try {
    const { rows } = await sql<{ table: string; column: string; nullable: string }>`
      select table_name as table, column_name as column, is_nullable as nullable
      from information_schema.columns
      where table_schema = current_schema() and table_name not like 'kysely_%'
      order by table_name, ordinal_position
    `.execute(database.db);
    const tables = new Map<string, Map<string, boolean>>();
    for (const { table, column, nullable } of rows) {
      if (!tables.has(table)) tables.set(table, new Map());
      tables.get(table)!.set(column, nullable === 'YES');
    }
    return tables;
  } finally {
    await database.close();
  }
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the table types and the migrated database', () => {
  it('name the same tables, the same columns, and null in the same places', async () => {
    const [typed, migrated] = [typedTables(), await migratedTables()];
    expect(sorted(typed.keys())).toEqual(sorted(migrated.keys()));
    const differences: string[] = [];
    for (const [table, columns] of typed) {
      const actual = migrated.get(table)!;
      for (const column of new Set([...columns.keys(), ...actual.keys()])) {
        const [says, is] = [columns.get(column), actual.get(column)];
        if (says === undefined) differences.push(`${table}.${column}: in the table, not the type`);
        else if (is === undefined)
          differences.push(`${table}.${column}: in the type, not the table`);
        else if (says !== is)
          differences.push(`${table}.${column}: the type says ${says ? '' : 'not '}nullable`);
      }
    }
    expect(differences).toEqual([]);
  });
});
