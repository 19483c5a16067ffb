import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The rule of docs/testing.md, "One database or both": a server file that sends requests at
 * once (a race, a burst, a lock held against another caller) runs on both databases, since
 * PGlite runs one statement at a time and PostgreSQL does not. A file on `oneDatabase` that
 * starts doing so fails here, whichever file it is.
 */
const folder = 'tests/server';
const atOnce = [
  /Promise\.all(Settled)?\(\s*Array\.from/,
  // The same call twice side by side: Promise.allSettled([syncNow(a), syncNow(a)]).
  /Promise\.all(Settled)?\(\[\s*([\w.]+)\([^\]]*?\),\s*\2\(/,
  // "100 saves at once", "races", "concurrent opens"; not "at once" meaning "now", nor a
  // flow's parallel branches.
  /it\(\s*['"`][^'"`]*\b\d+\b[^'"`]*\bat once\b/i,
  /it\(\s*['"`][^'"`]*\b(races?|concurrent)\b/i,
];

describe('server files on one database', () => {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => ({ name, text: readFileSync(join(folder, name), 'utf8') }));

  it('are some, and so are files on both', () => {
    expect(files.filter((file) => file.text.includes('oneDatabase')).length).toBeGreaterThan(10);
    expect(files.filter((file) => file.text.includes('databaseKinds')).length).toBeGreaterThan(10);
  });

  it('send no requests at once', () => {
    const offending = files
      .filter((file) => file.text.includes('oneDatabase'))
      .filter((file) => atOnce.some((pattern) => pattern.test(file.text)))
      .map((file) => file.name);
    expect(offending).toEqual([]);
  });
});
