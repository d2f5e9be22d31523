import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Db, type Tx } from './client.ts';

type Q = Db | Tx;

const dialect = new PgDialect();

/**
 * A statement of the hot path (the order intake) written once with `sql.placeholder(…)` for its
 * values: its SQL text is built on first use only, and PostgreSQL parses and plans it once per
 * connection under `name` (a named prepared statement), instead of building, parsing and
 * planning it anew for every call: planning the intake's context alone took PostgreSQL 1.4 ms
 * of processor per order (docs/benchmarks.md). Runs on `q`, a transaction included. PGlite
 * runs it as an unnamed statement each time.
 */
export function preparedStatement<Values extends Record<string, unknown>>(
  name: string,
  build: (q: Q) => SQL,
) {
  let query: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return async <Row>(q: Q, values: Values): Promise<Row[]> => {
    query ??= dialect.sqlToQuery(build(q));
    const prepared = q._.session.prepareQuery(query, undefined, name, false);
    return rowsOf<Row>(await prepared.execute(values));
  };
}

/**
 * A query builder's statement prepared once per database handle (see `preparedStatement`):
 * `make` builds it with placeholders and calls `.prepare(name)`; each handle (the app's, a
 * test's) gets its own, made on first use.
 */
export function preparedPerHandle<P>(make: (q: Db) => P): (q: Db) => P {
  const made = new WeakMap<Db, P>();
  return (q) => {
    let p = made.get(q);
    if (!p) {
      p = make(q);
      made.set(q, p);
    }
    return p;
  };
}
