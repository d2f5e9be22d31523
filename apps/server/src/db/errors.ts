/** Node socket errors that mean the database server could not be reached. */
const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/**
 * SQLSTATEs of a server going away or not taking connections (class 08, shutdown, startup), or
 * not answering in time (a statement cancelled by statement_timeout, a session ended by
 * idle_in_transaction_session_timeout).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03|53300|57014|25P03)$/;
/** pg's own errors, which carry no code (a read timeout: the server said nothing in time). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end|Query read timeout)/;

/** The error and its causes (and an AggregateError's members), outermost first. */
function* chain(err: unknown): Generator<Record<string, unknown>> {
  const seen = new Set<unknown>();
  const queue = [err];
  while (queue.length > 0) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    const record = e as Record<string, unknown>;
    yield record;
    queue.push(record.cause);
    if (Array.isArray(record.errors)) queue.push(...(record.errors as unknown[]));
  }
}

/** A unique-constraint violation on `constraint`, through any driver's error wrapping. */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (const e of chain(err)) {
    if (e.code === '23505' && (e.constraint === constraint || String(e).includes(constraint)))
      return true;
  }
  return false;
}

/** Whether a failure means the database is unreachable (answer 503 and retry), not a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNREACHABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

export type DatabaseErrorSummary = {
  code: string;
  statement?: string;
  table?: string;
  constraint?: string;
};

const NAME = /^[A-Za-z_][\w$]{0,62}$/;
const nameOf = (value: unknown) =>
  typeof value === 'string' && NAME.test(value) ? value : undefined;

/**
 * What may be logged of a failed query: the SQLSTATE (or socket error code), a short name of
 * the statement ("insert tickets") and the table and constraint PostgreSQL names. Never the
 * SQL's values, the parameters, or the server's message and detail, which quote the row (a
 * customer's name and phone).
 */
export function databaseErrorSummary(err: unknown): DatabaseErrorSummary | undefined {
  let query: string | undefined;
  let code: string | undefined;
  let table: string | undefined;
  let constraint: string | undefined;
  let database = false;
  for (const e of chain(err)) {
    if (typeof e.query === 'string' && 'params' in e) {
      query ??= e.query;
      database = true;
    }
    const ownCode = typeof e.code === 'string' ? e.code : undefined;
    if (ownCode && (/^[0-9A-Z]{5}$/.test(ownCode) || UNREACHABLE_ERRNO.has(ownCode))) {
      code ??= ownCode;
      database = true;
    }
    if ('severity' in e && 'routine' in e) database = true;
    table ??= nameOf(e.table);
    constraint ??= nameOf(e.constraint);
  }
  if (!database && !isDatabaseUnavailable(err)) return undefined;
  return {
    code: code ?? 'unavailable',
    ...(query ? { statement: statementName(query) } : {}),
    ...(table ? { table } : {}),
    ...(constraint ? { constraint } : {}),
  };
}

/**
 * "insert tickets", "update tickets", "select branches": the verb and the tables it writes (or
 * the first it reads), from the SQL text only, never its values.
 */
export function statementName(query: string): string {
  const writes = [
    ...query.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([A-Za-z_]\w*)"?/gi),
  ];
  if (writes.length > 0) {
    const verbs = new Map<string, string[]>();
    for (const [, verb = '', table = ''] of writes) {
      const v = verb.split(/\s+/)[0]!.toLowerCase();
      const tables = verbs.get(v) ?? [];
      if (!tables.includes(table)) tables.push(table);
      verbs.set(v, tables);
    }
    return [...verbs].map(([v, tables]) => `${v} ${tables.join(', ')}`).join('; ');
  }
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\bfrom\s+"?([A-Za-z_]\w*)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}
