import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { statementName } from '../db/errors.ts';
import * as schema from '../db/schema.ts';
import { seedDemoData } from '../db/seed.ts';
import {
  demoFixtures,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from '../modules/tickets/test-fixtures.ts';
import { createTestDatabase, testConfig } from '../test/harness.ts';
import { loggerOptions } from './logging.ts';

// What the server writes to its log when a query fails in the middle of a customer's order.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: App;
let f: DemoFixtures;
const log: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.owner);
  f = await demoFixtures(database.owner);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: testConfig(),
    database,
    logger: { ...loggerOptions('trace'), stream },
  });
  await app.ready();
}, 120_000);
afterAll(async () => {
  await app.close();
  await database.dispose();
});

const count = (text: string, part: string) => text.split(part).length - 1;

describe('the log of a failed query', () => {
  it('names the error code and the statement once, and no personal data', async () => {
    // Every new ticket now breaks a rule: PostgreSQL quotes the whole failing row back.
    await database.owner.execute(
      sql`alter table tickets add constraint test_refuses_tickets check (false) not valid`,
    );
    log.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: {
        ...pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]),
        firstName: 'Zainab',
        lastName: 'Qasemi',
        phoneNumber: '+962791234567',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal_error');

    const text = log.join('');
    expect(text).not.toContain('791234567');
    expect(text).not.toContain('Zainab');
    expect(text).not.toContain('Qasemi');
    expect(text).not.toMatch(/Failed query|params:|Failing row/);
    expect(count(text, '23514')).toBe(1);
    const failed = log.map((l) => JSON.parse(l)).find((l) => l.db);
    expect(failed).toMatchObject({
      level: 50,
      db: { code: '23514', table: 'tickets', constraint: 'test_refuses_tickets' },
    });
    expect(failed.db.statement).toMatch(/^insert .*\btickets\b/);
    expect(failed.reqId).toBeTruthy();
    // The line stays short: an outage writes one per failed request.
    expect(log.every((l) => l.length < 1000)).toBe(true);
  });
});

describe('the server log, wherever a database error is logged', () => {
  it('writes the code and the statement, never the values', async () => {
    const failure = await database.owner
      .update(schema.users)
      .set({ displayName: 'Zainab Qasemi' })
      .where(eq(sql`${schema.users.id}::text`, sql`${'+962791234567'}::uuid::text`))
      .then(() => undefined)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    const logged = JSON.stringify(loggerOptions('info').serializers.err(failure as never));
    expect(logged).not.toMatch(/Zainab|791234567/);
    expect(JSON.parse(logged)).toMatchObject({ type: 'DatabaseError', statement: 'update users' });
    expect(JSON.parse(logged).code).toMatch(/^[0-9A-Z]{5}$/);
  });

  it('names statements by verb and tables', () => {
    expect(statementName('select "id" from "branches" where "tenant_id" = $1')).toBe(
      'select branches',
    );
    expect(statementName('delete from "sign_in_attempts" where x < now()')).toBe(
      'delete sign_in_attempts',
    );
    expect(
      statementName(
        'with n as (insert into "ticket_counters" values ($1) returning 1) insert into "tickets" select 1',
      ),
    ).toBe('insert ticket_counters, tickets');
  });
});
