import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from './test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let db: TestContext['database']['db'];
let staff: Record<string, string>;
let owner: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  db = ctx.database.owner;
  f = await demoFixtures(db);
  staff = await authAs(ctx, 'staff@demo.local');
  owner = await authAs(ctx, 'owner@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, headers = staff, payload?: Json) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const base = () => `/api/admin/tenants/${f.alBayt.id}`;

async function newTicket(body?: Json, branchId = f.abdoun.id): Promise<Json & { id: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, branchId),
    payload: body ?? pickup([{ variantId: f.variant('Hummus', 'Large').variantId, quantity: 2 }]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results;
}

const move = (id: string, status: string, extra: Json = {}, headers = staff) =>
  call('PUT', `${base()}/tickets/${id}`, headers, { status, note: null, ...extra });

describe('ticket lifecycle', () => {
  it('accepts, then completes, keeping each note in the history', async () => {
    const t = await newTicket();
    const accepted = await move(t.id, 'InProgress', { note: 'Ready in 20 minutes' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().results.status).toBe('InProgress');
    const done = await move(t.id, 'Completed', { note: 'Picked up' }, owner);
    expect(done.statusCode).toBe(200);
    const view = await call('GET', `${base()}/tickets/${t.id}`);
    expect(view.json().results).toMatchObject({ status: 'Completed', cancellationReason: null });
    expect(view.json().results.history).toEqual([
      expect.objectContaining({
        kind: 'status',
        fromStatus: 'UnVerified',
        toStatus: 'InProgress',
        note: 'Ready in 20 minutes',
        by: 'Sami Nasser',
      }),
      expect.objectContaining({
        fromStatus: 'InProgress',
        toStatus: 'Completed',
        note: 'Picked up',
        by: 'Lina Haddad',
      }),
    ]);
  });

  it('rejects only with one of the four reasons', async () => {
    const t = await newTicket();
    const bare = await move(t.id, 'Cancelled');
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual([{ field: 'reason', codes: ['required'] }]);
    const wrong = await move(t.id, 'Cancelled', { reason: 'BORED' });
    expect(wrong.statusCode).toBe(422);
    const ok = await move(t.id, 'Cancelled', { reason: 'OUT_OF_STOCK', note: 'No hummus left' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().results).toMatchObject({
      status: 'Cancelled',
      cancellationReason: 'OUT_OF_STOCK',
    });
  });

  it('cancels a ticket in progress only with a reason', async () => {
    const t = await newTicket();
    await move(t.id, 'InProgress');
    const bare = await move(t.id, 'Cancelled');
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual([{ field: 'reason', codes: ['required'] }]);
    const res = await move(t.id, 'Cancelled', { reason: 'CANCELLED_BY_CUSTOMER' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject({
      status: 'Cancelled',
      cancellationReason: 'CANCELLED_BY_CUSTOMER',
    });
  });

  it('answers 409 to every other move', async () => {
    const illegal: Record<string, string[]> = {
      UnVerified: ['UnVerified', 'New', 'Completed'],
      InProgress: ['UnVerified', 'New', 'InProgress'],
      Completed: ['UnVerified', 'New', 'InProgress', 'Completed', 'Cancelled'],
      Cancelled: ['UnVerified', 'New', 'InProgress', 'Completed', 'Cancelled'],
    };
    const reach: Record<string, string[]> = {
      UnVerified: [],
      InProgress: ['InProgress'],
      Completed: ['InProgress', 'Completed'],
      Cancelled: ['InProgress', 'Cancelled'],
    };
    for (const [from, targets] of Object.entries(illegal)) {
      const t = await newTicket();
      for (const step of reach[from]!) {
        const res = await move(t.id, step, { reason: 'OUT_OF_STOCK' });
        expect(res.statusCode).toBe(200);
      }
      for (const to of targets) {
        const res = await move(t.id, to, { reason: 'OUT_OF_STOCK' });
        expect(res.statusCode, `${from} → ${to}`).toBe(409);
        expect(res.json().error.code).toBe('illegal_transition');
      }
    }
  });

  it('gives one of two staff accepting at once a 200, the other a 409', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await newTicket();
      const answers = await Promise.all([
        move(t.id, 'InProgress'),
        move(t.id, 'InProgress', {}, owner),
        move(t.id, 'Cancelled', { reason: 'CANCELLED_BY_CUSTOMER' }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      // The first to lock wins; the others find it changed (an InProgress may still be cancelled).
      expect(codes.filter((c) => c === 409).length).toBeGreaterThanOrEqual(1);
      expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
      const [row] = await db.select().from(s.tickets).where(eq(s.tickets.id, t.id));
      const events = await db
        .select()
        .from(s.ticketEvents)
        .where(eq(s.ticketEvents.ticketId, t.id));
      expect(events).toHaveLength(codes.filter((c) => c === 200).length);
      expect(['InProgress', 'Cancelled']).toContain(row!.status);
    }
    const t = await newTicket();
    const twins = await Promise.all([
      move(t.id, 'InProgress'),
      move(t.id, 'InProgress', {}, owner),
    ]);
    expect(twins.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it("answers 404 for another tenant's ticket, and for none", async () => {
    const t = await newTicket();
    const foreignPath = `/api/admin/tenants/${f.casa.id}/tickets/${t.id}`;
    expect((await call('GET', foreignPath, outsider)).statusCode).toBe(404);
    expect((await call('PUT', foreignPath, outsider, { status: 'InProgress' })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `${base()}/tickets/${t.id}`, outsider)).statusCode).toBe(404);
    const none = await call('GET', `${base()}/tickets/${randomUUID()}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.code).toBe('not_found');
  });
});

describe('status changes name the status they move from', () => {
  const from = (fromStatus: string) => ({ fromStatus, reason: 'CANCELLED_BY_CUSTOMER' });
  const codesOf = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort();
  const eventsOf = (ticketId: string) =>
    db.select().from(s.ticketEvents).where(eq(s.ticketEvents.ticketId, ticketId));

  it('refuses a reject after the accept it did not see, answering the current ticket', async () => {
    const t = await newTicket();
    const accepted = await move(t.id, 'InProgress', from('UnVerified'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rejected = await move(t.id, 'Cancelled', from('UnVerified'), owner);
    expect(rejected.statusCode, rejected.body).toBe(409);
    const { error } = rejected.json();
    expect(error.code).toBe('status_changed');
    expect(error.message).toMatch(/InProgress/);
    expect(error.ticket).toMatchObject({ id: t.id, status: 'InProgress' });
    expect(error.ticket.history).toHaveLength(1);
    const view = await call('GET', `${base()}/tickets/${t.id}`);
    expect(view.json().results.status).toBe('InProgress');
    expect(await eventsOf(t.id)).toHaveLength(1);
  });

  it('refuses a change from a status the ticket is not in', async () => {
    const t = await newTicket();
    const res = await move(t.id, 'Completed', from('InProgress'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'status_changed',
      ticket: { status: 'UnVerified' },
    });
  });

  it('lets an accept and a reject sent at once give exactly one 200', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await newTicket();
      const answers = await Promise.all([
        move(t.id, 'InProgress', from('UnVerified')),
        move(t.id, 'Cancelled', from('UnVerified'), owner),
      ]);
      expect(codesOf(answers), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409)!.json().error;
      const winner = answers.find((a) => a.statusCode === 200)!.json().results;
      expect(loser.code).toBe('status_changed');
      expect(loser.ticket.status).toBe(winner.status);
      expect(await eventsOf(t.id)).toHaveLength(1);
    }
  });

  it('lets a complete and a cancel sent at once give exactly one 200', async () => {
    for (let round = 0; round < 5; round++) {
      const t = await newTicket();
      expect((await move(t.id, 'InProgress', from('UnVerified'))).statusCode).toBe(200);
      const answers = await Promise.all([
        move(t.id, 'Cancelled', from('InProgress'), owner),
        move(t.id, 'Completed', from('InProgress')),
      ]);
      expect(codesOf(answers)).toEqual([200, 409]);
      expect(await eventsOf(t.id)).toHaveLength(2);
    }
  });

  it('gives ten clients acting at once exactly one 200', async () => {
    const t = await newTicket();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? move(t.id, 'InProgress', from('UnVerified'), i % 4 === 0 ? staff : owner)
          : move(t.id, 'Cancelled', from('UnVerified'), i % 3 === 0 ? staff : owner),
      ),
    );
    expect(codesOf(answers)).toEqual([200, ...Array<number>(9).fill(409)]);
    const losers = answers.filter((a) => a.statusCode === 409).map((a) => a.json().error);
    expect(losers.every((e) => e.code === 'status_changed')).toBe(true);
    expect(await eventsOf(t.id)).toHaveLength(1);
  });

  it('still takes a change without fromStatus from older clients', async () => {
    const t = await newTicket();
    const res = await move(t.id, 'InProgress');
    expect(res.statusCode).toBe(200);
  });
});

describe('a ticket by its number', () => {
  it('answers the ticket for its number as printed, in the tenant of the path only', async () => {
    const t = await newTicket();
    const byNumber = await call('GET', `${base()}/tickets/${t.ticketNumber}`);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json().results).toMatchObject({ id: t.id, ticketNumber: t.ticketNumber });
    const none = await call('GET', `${base()}/tickets/987654`);
    expect(none.statusCode).toBe(404);
    const foreign = await call(
      'GET',
      `/api/admin/tenants/${f.casa.id}/tickets/${t.ticketNumber}`,
      outsider,
    );
    expect(foreign.statusCode).toBe(404);
    const junk = await call('GET', `${base()}/tickets/12a`);
    expect(junk.statusCode).toBe(422);
    expect(junk.json().errors).toEqual([{ field: 'ticketId', codes: ['ticket_id_invalid'] }]);
  });
});

describe('live list and counters', () => {
  it('lists open tickets of any age and the past 12 hours of finished ones, with counters', async () => {
    const old = await newTicket();
    const stale = await newTicket();
    const recent = await newTicket();
    const working = await newTicket();
    await move(stale.id, 'InProgress');
    await move(stale.id, 'Completed');
    await move(recent.id, 'Cancelled', { reason: 'CANCELLED_BY_CUSTOMER' });
    await move(working.id, 'InProgress');
    await db
      .update(s.tickets)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(s.tickets.id, old.id));
    await db
      .update(s.tickets)
      .set({ closedAt: sql`now() - interval '13 hours'` })
      .where(eq(s.tickets.id, stale.id));
    const call_ = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: { ticketType: 'callstaff', serviceAreaId: f.table('5') },
    });

    const res = await call('GET', '/api/admin/tenants/tickets');
    expect(res.statusCode, res.body).toBe(200);
    const { results, counters } = res.json();
    const ids = results.map((r: { id: string }) => r.id);
    expect(ids).toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(stale.id);
    expect(ids[0]).toBe(call_.json().results.id);
    expect(results[0]).toMatchObject({
      ticketType: 'callstaff',
      status: 'UnVerified',
      checkoutUiTemplate: 'DINING',
      serviceArea: { value: '5' },
      branchName: { en: 'Abdoun' },
      tenantName: { en: 'Al Bayt Kitchen' },
      currency: 'JOD',
    });
    const summary = results.find((r: { id: string }) => r.id === working.id);
    expect(summary).toMatchObject({
      ticketType: 'cartticket',
      checkoutUiTemplate: 'PICKUP',
      total: 5,
      paymentMethodType: 'CASH',
      firstName: 'Rana',
      status: 'InProgress',
    });

    const rows = await db.select().from(s.tickets).where(eq(s.tickets.tenantId, f.alBayt.id));
    const count = (...st: string[]) => rows.filter((r) => st.includes(r.status)).length;
    expect(counters).toEqual({
      newAndUnVerifiedTicketsCounter: count('New', 'UnVerified'),
      inProgressTicketsCounter: count('InProgress'),
      allTicketsCounter: count('New', 'UnVerified', 'InProgress'),
    });
    const alone = await call('GET', '/api/admin/tenants/tickets/counters');
    expect(alone.json().results).toEqual(counters);
  });

  it('pages the list by time and id, so every ticket comes exactly once', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await newTicket());
    // Three tickets placed in the same instant: the id orders them, none is lost between pages.
    await db
      .update(s.tickets)
      .set({ createdAt: sql`'2026-01-02T03:04:05.123456Z'::timestamptz` })
      .where(
        sql`${s.tickets.id} in (${sql.join(
          made.slice(2, 5).map((t) => sql`${t.id}`),
          sql`, `,
        )})`,
      );

    type Page = { results: { id: string; timestamp: string }[]; nextCursor: string | null };
    const whole = await call('GET', '/api/admin/tenants/tickets');
    const all = (whole.json() as Page).results.map((r) => r.id);
    expect(all.length).toBeGreaterThanOrEqual(7);
    expect((whole.json() as Page).nextCursor).toBeNull();

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const res = await call('GET', `/api/admin/tenants/tickets?limit=3${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page & { counters: unknown };
      expect(page.results.length).toBeLessThanOrEqual(3);
      expect(page.counters).toEqual((whole.json() as { counters: unknown }).counters);
      seen.push(...page.results.map((r) => r.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(pages).toBe(Math.ceil(all.length / 3));
    expect(seen).toEqual(all);
    for (const t of made) expect(seen).toContain(t.id);
    // Newest first; in one instant, the larger id first.
    const rows = (whole.json() as Page).results;
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1]!, rows[i]!];
      expect(a.timestamp > b.timestamp || (a.timestamp === b.timestamp && a.id > b.id)).toBe(true);
    }
  });

  it('refuses a cursor it did not make and a page size past the limit', async () => {
    const bad = await call('GET', '/api/admin/tenants/tickets?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: 'cursor', codes: ['cursor_invalid'] }]);
    const big = await call('GET', '/api/admin/tenants/tickets?limit=1001');
    expect(big.statusCode).toBe(422);
    expect(big.json().errors[0].field).toBe('limit');
  });

  type Answer = {
    results: { id: string; status: string; closedAt: string | null; tenantId: string }[];
    changesCursor: string | null;
    nextCursor: string | null;
    counters: { allTicketsCounter: number } | null;
  };
  const changedSince = async (cursor: string, extra = '', headers = staff) =>
    (
      await call('GET', `/api/admin/tenants/tickets?changedSince=${cursor}${extra}`, headers)
    ).json() as Answer;

  it('catches up with only the tickets changed since a read', async () => {
    const kept = await newTicket();
    const accepted = await newTicket();
    const first = (await call('GET', '/api/admin/tenants/tickets')).json() as Answer;
    expect(first.results.map((r) => r.id)).toContain(kept.id);
    expect(first.changesCursor).toEqual(expect.any(String));
    // Nothing changed since: nothing to send.
    expect((await changedSince(first.changesCursor!)).results).toEqual([]);

    const placed = await newTicket();
    await move(accepted.id, 'InProgress');
    await move(kept.id, 'Cancelled', { reason: 'CANCELLED_BY_CUSTOMER' });
    const changes = await changedSince(first.changesCursor!);
    expect(changes.results.map((r) => r.id)).toEqual([kept.id, accepted.id, placed.id]);
    expect(changes.results[1]!.status).toBe('InProgress');
    expect(changes.results[0]!.closedAt).toEqual(expect.any(String));
    // The client counts the list it holds; counting 20,000 for each screen stalled the intake.
    expect(changes.counters).toBeNull();
    expect(changes.nextCursor).toBeNull();
    expect((await changedSince(changes.changesCursor!)).results).toEqual([]);

    // Another tenant's user hears none of it.
    const theirs = await changedSince(first.changesCursor!, '', outsider);
    expect(theirs.results.every((r) => r.tenantId === f.casa.id)).toBe(true);

    // More changed than one answer holds: no cursor, read the whole list.
    const tooMany = await changedSince(first.changesCursor!, '&limit=2');
    expect(tooMany.results).toHaveLength(2);
    expect(tooMany.changesCursor).toBeNull();

    const bad = await call('GET', '/api/admin/tenants/tickets?changedSince=bm90LWEtY3Vyc29y');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: 'changedSince', codes: ['cursor_invalid'] }]);
  });

  // PGlite runs one transaction at a time; PostgreSQL lets a change commit after a read began.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'catches a change that was being written while the last read ran',
    async () => {
      const racing = await newTicket();
      let during: Answer | undefined;
      await db.transaction(async (tx) => {
        await tx
          .update(s.tickets)
          .set({ status: 'New', changeXid: sql`pg_current_xact_id()::text::bigint` })
          .where(eq(s.tickets.id, racing.id));
        // The read does not see the uncommitted change.
        during = (await call('GET', '/api/admin/tenants/tickets')).json() as Answer;
        expect(during.results.find((r) => r.id === racing.id)?.status).toBe('UnVerified');
      });
      const after = await changedSince(during!.changesCursor!);
      expect(after.results.find((r) => r.id === racing.id)?.status).toBe('New');
    },
  );

  // A report or an import elsewhere holding a transaction open must not make every catch-up
  // send again what the screens already hold (the first cursor kept only the oldest running id).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'sends nothing again while a long transaction elsewhere is still running',
    async () => {
      let release!: () => void;
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const long = db.transaction(async (tx) => {
        await tx.execute(sql`select pg_current_xact_id()`);
        started();
        await new Promise<void>((r) => (release = r));
      });
      try {
        await running;
        const placed = await newTicket();
        const read = (await call('GET', '/api/admin/tenants/tickets')).json() as Answer;
        expect(read.results.map((r) => r.id)).toContain(placed.id);
        expect((await changedSince(read.changesCursor!)).results).toEqual([]);
        const accepted = await newTicket();
        const changes = await changedSince(read.changesCursor!);
        expect(changes.results.map((r) => r.id)).toEqual([accepted.id]);
      } finally {
        release();
        await long;
      }
    },
  );

  it("shows a user only their own tenants' tickets", async () => {
    await newTicket();
    const theirs = await call('GET', '/api/admin/tenants/tickets', outsider);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().results.every((r: { tenantId: string }) => r.tenantId === f.casa.id)).toBe(
      true,
    );
    expect(theirs.json().counters.allTicketsCounter).toBe(0);
    const narrowed = await call(
      'GET',
      `/api/admin/tenants/tickets?tenantId=${f.alBayt.id}`,
      outsider,
    );
    expect(narrowed.json().results).toEqual([]);
    const superAdmin = await authAs(ctx, 'admin@demo.local');
    expect((await call('GET', '/api/admin/tenants/tickets', superAdmin)).statusCode).toBe(403);
  });
});

describe('transfer', () => {
  const transfer = (ticketId: string, branchId: string, extra: Json = {}) =>
    call('PUT', `${base()}/tickets/branches/${branchId}/transfer`, staff, {
      branchId,
      ticketId,
      ticketTenantId: f.alBayt.id,
      ...extra,
    });

  it('moves an open ticket to another branch of the tenant', async () => {
    const t = await newTicket();
    const res = await transfer(t.id, f.sweifieh.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({
      branchId: f.sweifieh.id,
      branchName: { en: 'Sweifieh' },
      status: 'UnVerified',
    });
    expect(res.json().results.history).toEqual([
      expect.objectContaining({
        kind: 'transfer',
        fromBranchId: f.abdoun.id,
        toBranchId: f.sweifieh.id,
      }),
    ]);
    expect((await transfer(t.id, f.sweifieh.id)).statusCode).toBe(409);
  });

  it('refuses other tenants, mismatched branches and finished tickets', async () => {
    const t = await newTicket();
    expect((await transfer(t.id, f.madrid.id)).json().errors).toEqual([
      { field: 'branchId', codes: ['branch_not_found'] },
    ]);
    const foreign = await transfer(t.id, f.sweifieh.id, { ticketTenantId: f.casa.id });
    expect(foreign.statusCode).toBe(404);
    const mismatch = await transfer(t.id, f.sweifieh.id, { branchId: f.abdoun.id });
    expect(mismatch.json().errors).toEqual([{ field: 'branchId', codes: ['branch_mismatch'] }]);
    await move(t.id, 'Cancelled', { reason: 'NOT_ACCEPTING_ORDERS' });
    const closed = await transfer(t.id, f.sweifieh.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('ticket_closed');
  });
});

describe('printing', () => {
  async function receipt(ticketId: string, lang: string, query = '') {
    const created = await call('POST', `${base()}/printing/url/html`, staff, {
      cartTicketId: ticketId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().results.id as string;
    return call('GET', `${base()}/printing/url/html/${id}/${lang}${query}`);
  }

  const order = () =>
    newTicket({
      checkoutTemplate: 'DELIVERY',
      cartItems: [
        {
          variantId: f.variant('Mixed grill', 'For one').variantId,
          quantity: 1,
          specialRequest: '<script>alert(1)</script> well done',
        },
        { variantId: f.variant('Hummus', 'Large').variantId, quantity: 2 },
      ],
      deliveryZoneId: f.zone(f.alBayt.id, 'Sweifieh'),
      shippingAddress: { address1: 'Wasfi Al Tal St & "Gardens"', building: '5' },
      phoneNumber: '+962790000001',
      firstName: 'Yousef',
      lastName: "O'Brien",
      isFulfillmentAsap: true,
      paymentMethodType: 'CREDIT_CARD_OFFLINE',
      customerCheckoutSpecialInstructions: 'Ring twice <b>please</b>',
      lang: 'ar',
    });

  it('renders the receipt in English, totals included, user text escaped', async () => {
    const t = await order();
    const res = await receipt(t.id, 'en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain(`#${t.ticketNumber}`);
    expect(html).toContain('Al Bayt Kitchen');
    expect(html).toContain('1 × Mixed grill — For one');
    expect(html).toContain('2 × Hummus — Large');
    expect(html).toContain('Card machine');
    expect(html).toContain('VAT 16% (incl.)');
    expect(html).toContain('Service 10%');
    expect(html).toContain('Delivery fee');
    // 8.500 + 5.000 + 0.850 service + 2.000 delivery.
    expect(html).toContain('16.350</span> JOD');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; well done');
    expect(html).toContain('Ring twice &lt;b&gt;please&lt;/b&gt;');
    expect(html).toContain('O&#39;Brien');
    expect(html).toContain('&quot;Gardens&quot;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('size:80mm');
  });

  it('renders it in Arabic right to left, and 58 mm wide on request', async () => {
    const t = await order();
    const res = await receipt(t.id, 'ar', '?size=58');
    const html = res.body;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('مطبخ البيت');
    expect(html).toContain('مشاوي مشكلة');
    expect(html).toContain('المجموع');
    expect(html).toContain('آلة البطاقات');
    expect(html).toContain('size:58mm');
    // Any other language value prints in the ticket's own language (here Arabic).
    const own = await receipt(t.id, 'ticket');
    expect(own.body).toContain('dir="rtl"');
  });

  it('prints a call for staff and refuses unknown or foreign prints', async () => {
    const call_ = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.abdoun.id),
      payload: { ticketType: 'callstaff', serviceAreaId: f.table('12'), lang: 'es' },
    });
    const res = await receipt(call_.json().results.id, 'es');
    expect(res.body).toContain('Llamada al personal');
    expect(res.body).toContain('Terrace');
    expect((await call('GET', `${base()}/printing/url/html/${randomUUID()}/en`)).statusCode).toBe(
      404,
    );
    const t = await order();
    const created = await call('POST', `${base()}/printing/url/html`, staff, {
      cartTicketId: t.id,
    });
    const id = created.json().results.id;
    const foreign = await call(
      'GET',
      `/api/admin/tenants/${f.casa.id}/printing/url/html/${id}/en`,
      outsider,
    );
    expect(foreign.statusCode).toBe(404);
    const noTicket = await call('POST', `${base()}/printing/url/html`, staff, {
      cartTicketId: randomUUID(),
    });
    expect(noTicket.statusCode).toBe(404);
  });
});

describe('outlet status', () => {
  it('lists every branch for any member and lets managers and owners change it', async () => {
    const list = await call('GET', `${base()}/status`);
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([
      expect.objectContaining({ branchId: f.abdoun.id, branchName: expect.any(Object) }),
      expect.objectContaining({ branchId: f.sweifieh.id }),
    ]);
    const body = { closed: false, acceptingOrders: false, busy: true };
    const denied = await call('PUT', `${base()}/status/${f.abdoun.id}`, staff, body);
    expect(denied.statusCode).toBe(403);
    const manager = await authAs(ctx, 'manager@demo.local');
    const ok = await call('PUT', `${base()}/status/${f.abdoun.id}`, manager, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results.branchOperatingStatus).toEqual(body);
    const foreign = await call('PUT', `${base()}/status/${f.madrid.id}`, owner, body);
    expect(foreign.statusCode).toBe(404);
    const partial = await call('PUT', `${base()}/status/${f.abdoun.id}`, owner, { closed: true });
    expect(partial.statusCode).toBe(422);
    await call('PUT', `${base()}/status/${f.abdoun.id}`, owner, {
      closed: false,
      acceptingOrders: true,
      busy: false,
    });
  });
});
