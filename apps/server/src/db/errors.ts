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
/** SQLSTATEs of a server going away or not taking connections (class 08, shutdown, startup). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
/** pg's own errors, which carry no code. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end)/;

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

/** Whether a failure means the database is unreachable (answer 503 and retry), not a bug. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (UNREACHABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

export type DatabaseErrorSummary = { code: string; statement?: string };

/**
 * What may be logged of a failed query: the SQLSTATE (or socket error code) and a short name of
 * the statement ("insert tickets"). Never the SQL's values, the parameters, or the server's
 * message and detail, which quote the row (a customer's name and phone).
 */
export function databaseErrorSummary(err: unknown): DatabaseErrorSummary | undefined {
  let query: string | undefined;
  let code: string | undefined;
  let database = false;
  for (const e of chain(err)) {
    if (typeof e.query === 'string' && 'params' in e) {
      query ??= e.query;
      database = true;
    }
    if (
      typeof e.code === 'string' &&
      (/^[0-9A-Z]{5}$/.test(e.code) || UNREACHABLE_ERRNO.has(e.code))
    ) {
      code ??= e.code;
      database = true;
    }
    if ('severity' in e && 'routine' in e) database = true;
  }
  if (!database && !isDatabaseUnavailable(err)) return undefined;
  return {
    code: code ?? 'unavailable',
    ...(query ? { statement: statementName(query) } : {}),
  };
}

/** "insert tickets", "select branches", "update tickets": the verb and first table, no values. */
export function statementName(query: string): string {
  const body = query.replace(/^\s*with\s+.*?\)\s*(?=select|insert|update|delete)/is, '');
  const verb = /^\s*(\w+)/.exec(body)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update)\s+"?([A-Za-z_][\w]*)"?/i.exec(body)?.[1];
  return table ? `${verb} ${table}` : verb;
}
