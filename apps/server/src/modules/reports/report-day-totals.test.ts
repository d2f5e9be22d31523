import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderingTemplate,
  PaymentMethodType,
  ReportFilter,
  ReportPaymentMethod,
  ReportStatus,
  TicketStatus,
  TicketType,
  type ReportFilterInput,
} from '@app/contracts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';
import { createReportsRepository, type ReportQuery } from './reports.repository.ts';

// The footer's totals from the day totals (whole UTC days) and the edges' tickets must equal
// the totals of the tickets themselves, for any filter, after any write to the tickets.

let ctx: TestContext;
let f: DemoFixtures;
let staff: Record<string, string>;
let repository: ReturnType<typeof createReportsRepository>;
let nextNumber = 1_000_000;
/** Tickets of Al Bayt placed by this test: id, and whether it went through the intake. */
const ids: string[] = [];
const viaIntake: string[] = [];

type Rows<T> = { rows: T[] };
const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await ctx.database.owner.execute(q)) as unknown as Rows<T>).rows;

/** Instants around 2020-01-01 (the report's first day) and the week of a DST change. */
const ANCHORS = [Date.UTC(2019, 11, 30), Date.UTC(2024, 2, 7), Date.UTC(2024, 9, 25)];
const DAY = 86_400_000;
const DATES = ['2019-12-31', '2020-01-01', '2020-01-02', '2020-01-03']
  .concat(['2024-03-07', '2024-03-08', '2024-03-09', '2024-03-10', '2024-03-11', '2024-03-13'])
  .concat(['2024-10-25', '2024-10-26', '2024-10-27', '2024-10-28', '2024-10-30']);
const ZONES = ['UTC', 'Asia/Amman', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham'];

/** A moment near an anchor: anywhere, or on a boundary (a UTC or local midnight, ± 1 µs). */
const instant = fc.oneof(
  fc
    .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: 0, max: 6 * DAY - 1 }))
    .map(([a, ms]) => new Date(a + ms).toISOString()),
  fc
    .tuple(
      fc.constantFrom(...ANCHORS),
      fc.integer({ min: 0, max: 5 }),
      // UTC, Amman (UTC+3 → 21:00), Kolkata (UTC+5:30 → 18:30), St John's (UTC−3:30 → 03:30).
      fc.constantFrom(0, -3 * 60, -330, 210),
      fc.constantFrom('.000000', '.000001', '-'),
    )
    .map(([a, d, offset, micro]) => {
      const at = new Date(a + d * DAY + offset * 60_000);
      if (micro === '-') return new Date(at.getTime() - 1).toISOString();
      return at.toISOString().replace('.000Z', `${micro}Z`);
    }),
);

const ticketArb = fc.record({
  at: instant,
  status: fc.constantFrom(...TicketStatus.options),
  template: fc.constantFrom(...OrderingTemplate.options),
  payment: fc.option(fc.constantFrom(...PaymentMethodType.options), { nil: null }),
  branch: fc.constantFrom<'abdoun' | 'sweifieh'>('abdoun', 'sweifieh'),
  zone: fc.option(fc.constantFrom('Abdoun', 'Khalda', 'Sweifieh'), { nil: null }),
  currency: fc.constantFrom('JOD', 'JOD', 'JOD', 'USD'),
  milli: fc.integer({ min: 0, max: 99_999_999 }),
  ticketType: fc.constantFrom(...TicketType.options, 'cartticket', 'cartticket'),
});
type NewTicket = typeof ticketArb extends fc.Arbitrary<infer T> ? T : never;

/** Changes to tickets already there, as staff, the services or a hand in the database make them. */
const changeArb = fc.oneof(
  fc.record({
    kind: fc.constant('status' as const),
    pick: fc.nat(),
    to: fc.constantFrom(...TicketStatus.options),
  }),
  fc.record({ kind: fc.constant('accept' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('transfer' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('branch' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), at: instant }),
  fc.record({
    kind: fc.constant('payment' as const),
    pick: fc.nat(),
    payment: fc.option(fc.constantFrom(...PaymentMethodType.options), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('total' as const),
    pick: fc.nat(),
    milli: fc.integer({ min: 0, max: 99_999_999 }),
  }),
  fc.record({
    kind: fc.constant('many' as const),
    picks: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
    to: fc.constantFrom(...TicketStatus.options),
  }),
  fc.record({ kind: fc.constant('details' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
type Change = typeof changeArb extends fc.Arbitrary<infer T> ? T : never;

const subset = <T>(values: readonly T[]) =>
  fc.subarray([...values], { minLength: 0, maxLength: Math.min(values.length, 3) });

const filterArb = fc
  .record({
    dates: fc.oneof(
      fc.constant<[string | null, string | null]>([null, null]),
      fc
        .tuple(fc.constantFrom(...DATES), fc.constantFrom(...DATES))
        .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string | null, string | null]),
      fc.tuple(fc.constantFrom(...DATES), fc.constant(null)),
    ),
    timezone: fc.constantFrom(...ZONES),
    statuses: subset(ReportStatus.options),
    checkoutFlows: subset(OrderingTemplate.options),
    paymentMethods: subset(ReportPaymentMethod.options),
    branches: subset(['abdoun', 'sweifieh', 'madrid'] as const),
    zones: subset(['Abdoun', 'Khalda', 'Sweifieh'] as const),
  })
  .map((r) => ({
    ...r,
    dates: r.dates.map((d) => (d && d < '2020-01-01' ? '2020-01-01' : d)) as [
      string | null,
      string | null,
    ],
  }));
type FilterDraw = typeof filterArb extends fc.Arbitrary<infer T> ? T : never;

function query(d: FilterDraw): ReportQuery {
  const input: ReportFilterInput = {
    startDate: d.dates[0],
    endDate: d.dates[1],
    timezone: d.timezone,
    statuses: d.statuses,
    checkoutFlows: d.checkoutFlows,
    paymentMethods: d.paymentMethods,
    branchIds: d.branches.map((b) => f[b].id),
    deliveryZoneIds: d.zones.map((z) => f.zone(f.alBayt.id, z)),
  };
  return { ...ReportFilter.parse(input), tenantId: f.alBayt.id };
}

async function insertTickets(batch: NewTicket[]) {
  if (batch.length === 0) return;
  const template = ids[0]!;
  const values = batch.map((t) => {
    const id = randomUUID();
    ids.push(id);
    const zone = t.zone ? f.zone(f.alBayt.id, t.zone) : null;
    return sql`(${id}::uuid, ${f[t.branch].id}::uuid, ${nextNumber++}::bigint, ${t.ticketType}::ticket_type,
      ${t.status}::ticket_status, ${t.template}, ${t.payment}, ${t.currency},
      ${(t.milli / 1000).toFixed(3)}::numeric, ${zone}::uuid, ${t.at}::timestamptz)`;
  });
  // One statement for the whole batch, as a bulk write would be.
  await ctx.database.owner.execute(sql`
    insert into tickets (id, tenant_id, branch_id, ticket_number, ticket_type, status,
      checkout_template, lang, payment_method_type, currency, total, delivery_zone_id,
      ticket_details, cart_data, created_at, updated_at)
    select v.id, s.tenant_id, v.branch_id, v.number, v.ticket_type, v.status, v.template, s.lang,
      v.payment, v.currency, v.total, v.zone, s.ticket_details, s.cart_data, v.at, v.at
    from (values ${sql.join(values, sql`, `)})
      as v(id, branch_id, number, ticket_type, status, template, payment, currency, total, zone, at)
    cross join (select * from tickets where id = ${template}) s
  `);
}

const ticketUrl = (id: string) => `/api/admin/tenants/${f.alBayt.id}/tickets/${id}`;

async function apply(change: Change) {
  const db = ctx.database.owner;
  if (change.kind === 'many') {
    const some = [...new Set(change.picks.map((p) => ids[p % ids.length]!))];
    await db.execute(
      sql`update tickets set status = ${change.to} where id in (${sql.join(
        some.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
    return;
  }
  const id = ids[change.pick % ids.length]!;
  switch (change.kind) {
    case 'status':
      await db.execute(sql`update tickets set status = ${change.to} where id = ${id}`);
      return;
    case 'accept':
    case 'cancel': {
      // Through the live orders call, as staff do: legal moves only (others answer 409).
      const own = viaIntake[change.pick % viaIntake.length]!;
      const res = await ctx.app.inject({
        method: 'PUT',
        url: ticketUrl(own),
        headers: staff,
        payload:
          change.kind === 'accept'
            ? { status: 'InProgress' }
            : { status: 'Cancelled', reason: 'OUT_OF_STOCK' },
      });
      expect([200, 409]).toContain(res.statusCode);
      return;
    }
    case 'transfer': {
      const own = viaIntake[change.pick % viaIntake.length]!;
      const [row] = await rows<{ branch_id: string }>(
        sql`select branch_id from tickets where id = ${own}`,
      );
      const to = row!.branch_id === f.abdoun.id ? f.sweifieh.id : f.abdoun.id;
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/tenants/${f.alBayt.id}/tickets/branches/${to}/transfer`,
        headers: staff,
        payload: { branchId: to, ticketId: own, ticketTenantId: f.alBayt.id },
      });
      expect([200, 409]).toContain(res.statusCode);
      return;
    }
    case 'branch':
      await db.execute(sql`update tickets set branch_id = case branch_id
        when ${f.abdoun.id}::uuid then ${f.sweifieh.id}::uuid else ${f.abdoun.id}::uuid end
        where id = ${id}`);
      return;
    case 'move':
      await db.execute(
        sql`update tickets set created_at = ${change.at}::timestamptz where id = ${id}`,
      );
      return;
    case 'payment':
      await db.execute(
        sql`update tickets set payment_method_type = ${change.payment} where id = ${id}`,
      );
      return;
    case 'total':
      await db.execute(
        sql`update tickets set total = ${(change.milli / 1000).toFixed(3)}::numeric where id = ${id}`,
      );
      return;
    case 'details':
      // A write that changes none of the report's columns.
      await db.execute(sql`update tickets set updated_at = now(), lang = lang where id = ${id}`);
      return;
    case 'delete':
      // The intake's tickets stay: the calls above work on them.
      if (viaIntake.includes(id)) return;
      await db.execute(sql`delete from tickets where id = ${id}`);
      ids.splice(ids.indexOf(id), 1);
      return;
  }
}

/** Day totals rows that differ from adding up the tickets afresh (zero rows left aside). */
async function drift() {
  return rows<Record<string, unknown>>(sql`
    with fresh as (
      select tenant_id, (created_at at time zone 'UTC')::date as day, branch_id, status,
        checkout_template, coalesce(payment_method_type, 'CASH') as payment_method,
        delivery_zone_id, currency, count(*) as ticket_count, sum(total) as total
      from tickets where ticket_type = 'cartticket'
      group by 1, 2, 3, 4, 5, 6, 7, 8
    ), kept as (
      select tenant_id, day, branch_id, status, checkout_template, payment_method,
        delivery_zone_id, currency, ticket_count, total
      from report_day_totals where ticket_count <> 0 or total <> 0
    )
    (select 'missing' as side, * from (select * from fresh except select * from kept) a)
    union all
    (select 'extra', * from (select * from kept except select * from fresh) b)
  `);
}

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
  repository = createReportsRepository(ctx.database.owner);
  const hummus = f.variant('Hummus', 'Large').variantId;
  for (let i = 0; i < 6; i++) {
    const branch = i % 2 ? f.sweifieh.id : f.abdoun.id;
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, branch),
      payload: pickup([{ variantId: hummus, quantity: 1 + i }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().results.id);
    viaIntake.push(res.json().results.id);
  }
}, 180_000);
afterAll(() => ctx.close());

describe('the report’s day totals', () => {
  it('give the same footer as the tickets for any filter, after any change to the tickets', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(ticketArb, { minLength: 1, maxLength: 25 }),
        fc.array(changeArb, { maxLength: 12 }),
        fc.array(filterArb, { minLength: 1, maxLength: 6 }),
        async (batch, changes, filters) => {
          await insertTickets(batch);
          for (const change of changes) await apply(change);
          expect(await drift()).toEqual([]);
          for (const draw of filters) {
            const q = query(draw);
            const fast = await repository.totals(q);
            const raw = await repository.totals(q, { dayTotals: false });
            expect(fast, JSON.stringify(draw)).toEqual(raw);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 600_000);

  it('are what answers a long range: a day total changed by hand shows in the footer', async () => {
    const whole = query({
      dates: [null, null],
      timezone: 'UTC',
      statuses: [],
      checkoutFlows: [],
      paymentMethods: [],
      branches: [],
      zones: [],
    });
    const before = await repository.totals(whole);
    type Key = { tenant_id: string; day: string; branch_id: string; status: string };
    const [k] = await rows<Key & Record<string, string | null>>(sql`
      select tenant_id, day::text, branch_id, status, checkout_template, payment_method,
        delivery_zone_id, currency
      from report_day_totals
      where tenant_id = ${f.alBayt.id} and currency = 'JOD' and ticket_count > 0
        and day >= '2020-01-01'
      order by day limit 1`);
    const sameKey = sql`tenant_id = ${k!.tenant_id} and day = ${k!.day}::date
      and branch_id = ${k!.branch_id} and status = ${k!.status}
      and checkout_template = ${k!.checkout_template} and payment_method = ${k!.payment_method}
      and delivery_zone_id is not distinct from ${k!.delivery_zone_id}::uuid and currency = 'JOD'`;
    const shift = (by: number) =>
      ctx.database.owner.execute(
        sql`update report_day_totals set ticket_count = ticket_count + ${by} where ${sameKey}`,
      );
    await shift(1000);
    try {
      const after = await repository.totals(whole);
      const count = (t: typeof before) =>
        t.byStatus.filter((x) => x.currency === 'JOD').reduce((n, x) => n + Number(x.count), 0);
      expect(count(after)).toBe(count(before) + 1000);
      // The raw path (a phone filter is no column of the day totals) does not read them.
      const byPhone = { ...whole, phoneNumber: '7' };
      expect(await repository.totals(byPhone)).toEqual(
        await repository.totals(byPhone, { dayTotals: false }),
      );
    } finally {
      await shift(-1000);
    }
    expect(await drift()).toEqual([]);
  });

  it('follow a tenant’s tickets away when the tenant is deleted', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.casa.id, f.madrid.id),
      payload: pickup([{ variantId: f.variant('Patatas bravas').variantId }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const kept = await rows<{ n: string }>(
      sql`select sum(ticket_count)::text as n from report_day_totals where tenant_id = ${f.casa.id}`,
    );
    expect(Number(kept[0]!.n)).toBeGreaterThan(0);
    await ctx.database.owner.execute(sql`delete from tenants where id = ${f.casa.id}`);
    const left = await rows<{ n: string }>(
      sql`select count(*)::text as n from report_day_totals where tenant_id = ${f.casa.id}`,
    );
    expect(left[0]!.n).toBe('0');
    expect(await drift()).toEqual([]);
  });
});
