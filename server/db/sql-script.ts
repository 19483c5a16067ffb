import { sql, type Kysely } from 'kysely';

/**
 * Splits a script of our own DDL into statements. PGlite's query() takes one statement at a
 * time, so migrations run each separately. Semicolons inside '...' strings and $$...$$
 * bodies are not separators.
 */
export function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inString = false;
  let inDollar = false;
  for (let i = 0; i < script.length; i++) {
    const char = script[i];
    if (!inString && script.startsWith('$$', i)) {
      inDollar = !inDollar;
      current += '$$';
      i++;
      continue;
    }
    if (!inDollar && char === "'") inString = !inString;
    if (!inString && !inDollar && script.startsWith('--', i)) {
      const end = script.indexOf('\n', i);
      i = end === -1 ? script.length : end;
      current += '\n';
      continue;
    }
    if (char === ';' && !inString && !inDollar) {
      if (current.trim()) statements.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of splitStatements(script)) await sql.raw(statement).execute(db);
}
