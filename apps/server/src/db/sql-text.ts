import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A timestamptz as the API writes instants: ISO 8601 in UTC with milliseconds. */
export const isoUtcText = (column: SQL | AnyPgColumn): SQL =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
