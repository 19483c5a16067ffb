import { sql, type RawBuilder } from 'kysely';

const refs = new Map<string, RawBuilder<unknown>>();
const limit = 1024;

/**
 * `sql.ref` of a column a query definition names, built once per name: Kysely parses the
 * name ("n.month") on every `sql.ref`, about a per cent of a list request's CPU under load
 * (issue 18). A reference is immutable, so one serves every query. Names come from
 * definitions, never from a request; the map is bounded all the same.
 */
export function columnRef(column: string): RawBuilder<unknown> {
  let ref = refs.get(column);
  if (!ref) {
    ref = sql.ref(column);
    if (refs.size < limit) refs.set(column, ref);
  }
  return ref;
}
