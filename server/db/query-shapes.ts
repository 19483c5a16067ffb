import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database';
import { executePrepared } from './prepared-statements';

/**
 * Compiled SQL by query shape (issue 18). Kysely builds a query's operation tree and compiles
 * it to text on every call; for a list page under load that was a tenth of the server's CPU,
 * for a text that is the same on every request of the same shape (the same filters present,
 * the same order), only the parameters differ.
 *
 * A caller names the shape (everything that decides the text) and lists the parameters, both
 * from the parts it has already compiled alone; the first call of a shape builds the whole
 * query and keeps its text. That first build also checks the caller's parameters against
 * Kysely's own: a shape whose parameters differ (one the caller did not list, or in another
 * order) is never kept, so a shape that lists its parameters wrongly costs speed, not results.
 *
 * Kept per Kysely instance: one with plugins (`withPlugin`) compiles other texts. Bounded and
 * least recently used first out: a caller who asks for shape after new shape (every sort of
 * every field) costs the others a rebuild, never memory.
 */
export const shapeLimit = 512;

const textsByDb = new WeakMap<Db, Map<string, string | null>>();

function textsOf(db: Db): Map<string, string | null> {
  let texts = textsByDb.get(db);
  if (!texts) {
    texts = new Map();
    textsByDb.set(db, texts);
  }
  return texts;
}

function sameParameters(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

/** Runs a query of a known shape as a named statement, building it on the shape's first call. */
export async function executeShape<Row>(
  db: Db,
  shape: string,
  parameters: readonly unknown[],
  build: () => Compilable<Row>,
): Promise<Row[]> {
  const texts = textsOf(db);
  const text = texts.get(shape);
  if (text !== undefined) {
    // Most recently used last (a Map keeps insertion order).
    texts.delete(shape);
    texts.set(shape, text);
    if (text !== null) return executePrepared<Row>(db, CompiledQuery.raw(text, [...parameters]));
  }
  const compiled = build().compile();
  if (text === undefined) {
    if (texts.size >= shapeLimit) texts.delete(texts.keys().next().value!);
    texts.set(shape, sameParameters(compiled.parameters, parameters) ? compiled.sql : null);
  }
  return executePrepared(db, compiled);
}
