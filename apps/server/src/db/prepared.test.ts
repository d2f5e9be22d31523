import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.ts';
import type { Database } from './client.ts';
import { rowsOf } from './client.ts';
import { preparedStatement } from './prepared.ts';

// The order intake's statements are prepared once per connection (docs/benchmarks.md): the
// same answers as a plain statement, each call with its own values, and on PostgreSQL kept
// under its name on the connection instead of parsed and planned again.
let database: Database & { dispose(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const next = preparedStatement<{ n: number | null; label: string }>(
  'test_prepared_next',
  () =>
    sql`select ${sql.placeholder('n')}::int + 1 as next, ${sql.placeholder('label')}::text as label`,
);

describe('a prepared statement', () => {
  it('answers each call with its own values, nulls included, in and out of a transaction', async () => {
    const db = database.owner;
    expect(await next(db, { n: 1, label: 'a' })).toEqual([{ next: 2, label: 'a' }]);
    expect(await next(db, { n: 41, label: 'b' })).toEqual([{ next: 42, label: 'b' }]);
    expect(await next(db, { n: null, label: 'c' })).toEqual([{ next: null, label: 'c' }]);
    const inTx = await db.transaction(async (tx) => next(tx, { n: 9, label: 'd' }));
    expect(inTx).toEqual([{ next: 10, label: 'd' }]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'is kept on the PostgreSQL connection under its name',
    async () => {
      const names = await database.owner.transaction(async (tx) => {
        await next(tx, { n: 1, label: 'x' });
        await next(tx, { n: 2, label: 'y' });
        return rowsOf<{ name: string }>(
          await tx.execute(sql`select name from pg_prepared_statements`),
        ).map((r) => r.name);
      });
      expect(names).toContain('test_prepared_next');
    },
  );
});
