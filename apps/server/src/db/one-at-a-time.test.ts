import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { oneAtATime, rowsOf, type QueryFn } from './client.ts';
import { createTestDatabase } from '../test/harness.ts';

/** A stand-in for a pg client's query: records how many statements run at once. */
function recordingClient() {
  let running = 0;
  const seen = { most: 0, order: [] as string[] };
  const query: QueryFn = (config, values, callback) => {
    const text = String(config);
    if (typeof config === 'object' && config !== null && 'submit' in config) {
      seen.order.push(`submitted ${text}`);
      return config;
    }
    if (typeof callback === 'function') {
      seen.order.push(`callback ${text}`);
      (callback as (err: null, r: unknown) => void)(null, { rows: [] });
      return undefined;
    }
    running++;
    seen.most = Math.max(seen.most, running);
    seen.order.push(`start ${text}`);
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        running--;
        seen.order.push(`end ${text}`);
        if (text === 'fails') reject(new Error('statement failed'));
        else resolve({ rows: [text, values] });
      }, 5),
    );
  };
  return { query, seen };
}

describe('oneAtATime', () => {
  it('sends statements given together one after another, each with its own answer', async () => {
    const client = recordingClient();
    const query = oneAtATime(client.query);
    const answers = await Promise.all([
      query('one', [1]),
      query('two', [2]),
      query('three', undefined),
    ]);
    expect(answers).toEqual([
      { rows: ['one', [1]] },
      { rows: ['two', [2]] },
      { rows: ['three', undefined] },
    ]);
    expect(client.seen.most).toBe(1);
    expect(client.seen.order).toEqual([
      'start one',
      'end one',
      'start two',
      'end two',
      'start three',
      'end three',
    ]);
  });

  it('a failed statement fails alone, and the next one still runs', async () => {
    const client = recordingClient();
    const query = oneAtATime(client.query);
    const [failed, next] = await Promise.allSettled([query('fails'), query('after')]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'statement failed' } });
    expect(next).toEqual({ status: 'fulfilled', value: { rows: ['after', undefined] } });
    expect(client.seen.most).toBe(1);
  });

  it('callback and row-stream calls go to the client at once', async () => {
    const client = recordingClient();
    const query = oneAtATime(client.query);
    const pending = query('slow');
    let called = false;
    query('quick', [], () => (called = true));
    expect(called).toBe(true);
    const stream = { submit: () => undefined, toString: () => 'stream' };
    expect(query(stream)).toBe(stream);
    // Both reached the client before the queued statement's turn came.
    expect(client.seen.order).toEqual(['callback quick', 'submitted stream']);
    await pending;
    expect(client.seen.order.slice(2)).toEqual(['start slow', 'end slow']);
  });
});

describe("the owner's handle", () => {
  it('answers statements given together inside one transaction, in order, one at a time', async () => {
    const database = await createTestDatabase();
    // pg warns when a statement is given to a client still running one (pg 9 refuses it).
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await database.owner.transaction(async (tx) =>
        Promise.all(
          [1, 2, 3, 4].map(async (n) =>
            rowsOf<{ n: number }>(
              await tx.execute(sql`select ${n}::int as n from pg_sleep(${n % 2 ? 0.02 : 0})`),
            ),
          ),
        ),
      );
      expect(answers.map((rows) => rows[0]?.n)).toEqual([1, 2, 3, 4]);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await database.dispose();
    }
  });
});
