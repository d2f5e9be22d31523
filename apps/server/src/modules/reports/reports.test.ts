import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CartTicketsExportBody,
  CartTicketsReportResponse,
  fromMilli,
  toMilli,
  type ReportRow,
} from '@app/contracts';
import { demoTenants } from '../../db/demo-data.ts';
import { inTenant } from '../../db/tenant-scope.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createReportsService } from './reports.service.ts';
import { readFirstSheet, serialToLocal } from '../../test/xlsx.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let staff: Record<string, string>;
let outsider: Record<string, string>;

type Placed = {
  id: string;
  ticketNumber: number;
  total: number;
  status: string;
  template: string;
  branchId: string;
  phone: string | null;
  zoneId: string | null;
  table: string | null;
  payment: string;
  /** When it was placed (UTC). */
  at: string;
};
const placed: Placed[] = [];
const STATUSES = ['Completed', 'Cancelled', 'InProgress', 'UnVerified'] as const;
const PAYMENTS = ['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER'] as const;

/** 2025-03-01 … 2025-03-05 in Amman (UTC+3): day d at hour h, as a UTC instant. */
const ammanTime = (day: number, hour: number) =>
  new Date(Date.UTC(2025, 2, day, hour - 3, 15)).toISOString();

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
  const hummus = f.variant('Hummus', 'Large').variantId;
  for (let i = 0; i < 24; i++) {
    const template = (['PICKUP', 'DELIVERY', 'DINING'] as const)[i % 3]!;
    const branchId = template === 'DINING' || i % 4 !== 1 ? f.abdoun.id : f.sweifieh.id;
    const phone = template === 'DELIVERY' ? `+9627910000${String(i).padStart(2, '0')}` : null;
    const zone = template === 'DELIVERY' ? (i % 2 ? 'Abdoun' : 'Khalda') : null;
    const table = template === 'DINING' ? (i % 2 ? '4' : '12') : null;
    // Sweifieh takes cash or online payments only (the demo's payment settings).
    const payment = branchId === f.sweifieh.id ? 'CASH' : PAYMENTS[i % 3]!;
    const body = {
      ...pickup([{ variantId: hummus, quantity: 1 + (i % 3) }]),
      checkoutTemplate: template,
      paymentMethodType: payment,
      firstName: `Guest${i}`,
      ...(template === 'DELIVERY'
        ? {
            deliveryZoneId: f.zone(f.alBayt.id, zone!),
            shippingAddress: { address1: 'Street 1' },
            phoneNumber: phone,
          }
        : {}),
      ...(template === 'DINING' ? { serviceAreaId: f.table(table!) } : {}),
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, branchId),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().results;
    // Days 1 to 5, late evening hours included: 23:15 in Amman is still that day.
    const at = ammanTime(1 + (i % 5), [9, 14, 23, 0][i % 4]!);
    const status = STATUSES[i % 4]!;
    await ctx.database.owner.execute(
      sql`update tickets set created_at = ${at}::timestamptz, status = ${status} where id = ${t.id}`,
    );
    placed.push({
      id: t.id,
      ticketNumber: t.ticketNumber,
      total: t.cartData.total,
      status,
      template,
      branchId,
      phone,
      zoneId: zone ? f.zone(f.alBayt.id, zone) : null,
      table,
      payment,
      at,
    });
  }
  // Another tenant's order on the same days never shows.
  const other = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.casa.id, f.madrid.id),
    payload: pickup([{ variantId: f.variant('Patatas bravas').variantId }]),
  });
  expect(other.statusCode, other.body).toBe(201);
  await ctx.database.owner.execute(
    sql`update tickets set created_at = ${ammanTime(2, 12)}::timestamptz where id = ${other.json().results.id}`,
  );
}, 180_000);
afterAll(() => ctx.close());

const base = () => `/api/admin/tenants/${f.alBayt.id}`;
type Json = Record<string, unknown>;
const report = (body: Json, headers = staff) =>
  ctx.app.inject({ method: 'POST', url: `${base()}/reports/carttickets`, headers, payload: body });
const exportFile = (body: Json, headers = staff) =>
  ctx.app.inject({
    method: 'POST',
    url: `${base()}/reports/carttickets/export`,
    headers,
    payload: body,
  });

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-05', timezone: 'Asia/Amman' };
const newestFirst = (a: Placed, b: Placed) =>
  b.at.localeCompare(a.at) || b.ticketNumber - a.ticketNumber;
const sumOf = (rows: { total: number }[]) =>
  Number(fromMilli(rows.reduce((s, r) => s + toMilli(r.total.toFixed(3)), 0n)));

/** Every page of a filter, read 10 at a time as the screen does. */
async function allPages(filter: Json) {
  const rows: ReportRow[] = [];
  let first: CartTicketsReportResponse | undefined;
  for (let page = 0; ; page++) {
    const res = await report({ ...filter, page });
    expect(res.statusCode, res.body).toBe(200);
    const body = CartTicketsReportResponse.parse(res.json());
    first ??= body;
    expect(body.results.length).toBeLessThanOrEqual(10);
    rows.push(...body.results);
    if (body.results.length < 10) break;
  }
  return { rows, totals: first!.totals };
}

describe('the report call', () => {
  it('pages a date range and status filter 10 rows at a time, newest first, totals over all', async () => {
    const filter = { ...MARCH, statuses: ['Completed', 'InProgress'] };
    const expected = placed
      .filter((p) => p.status === 'Completed' || p.status === 'InProgress')
      .sort(newestFirst);
    expect(expected.length).toBeGreaterThan(10);
    const first = await report(filter);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.page).toBe(0);
    expect(body.pageSize).toBe(10);
    expect(body.results).toHaveLength(10);
    const none = { count: 0, total: 0 };
    expect(body.totals).toEqual({
      count: expected.length,
      amounts: [
        {
          currency: 'JOD',
          sales: { count: expected.length, total: sumOf(expected) },
          awaiting: none,
          cancelled: none,
          refunded: none,
        },
      ],
    });
    const { rows } = await allPages(filter);
    expect(rows.map((r) => r.ticketNumber)).toEqual(expected.map((p) => p.ticketNumber));
    expect(sumOf(rows)).toBe(body.totals.amounts[0].sales.total);
  });

  it('shapes each row as the spec’s report row', async () => {
    const delivery = placed.find((p) => p.template === 'DELIVERY' && p.branchId === f.sweifieh.id)!;
    const res = await report({ ...MARCH, ticketNumber: String(delivery.ticketNumber) });
    expect(res.json().results).toEqual([
      {
        id: delivery.id,
        tenantId: f.alBayt.id,
        ticketNumber: delivery.ticketNumber,
        status: delivery.status,
        firstName: expect.stringMatching(/^Guest\d+$/),
        lastName: null,
        reservationLastName: null,
        phoneNumber: delivery.phone,
        paymentMethod: delivery.payment,
        type: 'DELIVERY',
        total: delivery.total,
        currency: 'JOD',
        branchId: f.sweifieh.id,
        branchName: expect.objectContaining({ en: 'Sweifieh', ar: 'الصويفية' }),
        branchTimeZone: 'Asia/Amman',
        deliveryZone: expect.objectContaining({ en: expect.any(String) }),
        serviceArea: null,
        timestamp: delivery.at,
      },
    ]);
  });

  it('takes the days of the user’s time zone', async () => {
    // 00:15 on 2 March in Amman is 21:15 on 1 March in UTC.
    const late = placed.filter((p) => p.at.endsWith('T21:15:00.000Z'));
    expect(late.length).toBeGreaterThan(0);
    const day2Amman = placed.filter((p) => p.at >= ammanTime(2, 0) && p.at < ammanTime(3, 0));
    const amman = await allPages({
      startDate: '2025-03-02',
      endDate: '2025-03-02',
      timezone: 'Asia/Amman',
    });
    expect(amman.rows.map((r) => r.id).sort()).toEqual(day2Amman.map((p) => p.id).sort());
    const utc = await allPages({ startDate: '2025-03-02', endDate: '2025-03-02', timezone: 'UTC' });
    const day2Utc = placed.filter(
      (p) => p.at >= '2025-03-02T00:00:00.000Z' && p.at < '2025-03-03T00:00:00.000Z',
    );
    expect(utc.rows.map((r) => r.id).sort()).toEqual(day2Utc.map((p) => p.id).sort());
    expect(new Set(amman.rows.map((r) => r.id))).not.toEqual(new Set(utc.rows.map((r) => r.id)));
  });

  it('narrows by number, phone end, types, payment, branch, zone and table', async () => {
    const ids = async (extra: Json) =>
      (await allPages({ ...MARCH, ...extra })).rows.map((r) => r.id).sort();
    const expectIds = (pred: (p: Placed) => boolean) =>
      placed
        .filter(pred)
        .map((p) => p.id)
        .sort();

    const withPhone = placed.find((p) => p.phone)!;
    // Typed as a local number: without the country code, with a leading 0.
    expect(await ids({ phoneNumber: `0${withPhone.phone!.slice(4)}` })).toEqual([withPhone.id]);
    expect(await ids({ phoneNumber: withPhone.phone })).toEqual([withPhone.id]);
    expect(await ids({ checkoutFlows: ['DINING'] })).toEqual(
      expectIds((p) => p.template === 'DINING'),
    );
    expect(await ids({ paymentMethods: ['cash', 'pay_later'] })).toEqual(
      expectIds((p) => p.payment === 'CASH' || p.payment === 'PAY_LATER'),
    );
    expect(await ids({ branchIds: [f.sweifieh.id] })).toEqual(
      expectIds((p) => p.branchId === f.sweifieh.id),
    );
    const khalda = f.zone(f.alBayt.id, 'Khalda');
    expect(await ids({ deliveryZoneIds: [khalda] })).toEqual(expectIds((p) => p.zoneId === khalda));
    expect(await ids({ serviceArea: '12' })).toEqual(expectIds((p) => p.table === '12'));
    expect(await ids({ statuses: ['UnVerified'], checkoutFlows: ['PICKUP'] })).toEqual(
      expectIds((p) => p.status === 'UnVerified' && p.template === 'PICKUP'),
    );
    // Another tenant's branch filters everything out instead of showing its tickets.
    expect(await ids({ startDate: null, endDate: null, branchIds: [f.madrid.id] })).toEqual([]);
  });

  it('searches the whole history from 2020-01-01 without dates', async () => {
    const { totals } = await allPages({ timezone: 'Asia/Amman' });
    expect(totals.count).toBe(placed.length);
  });

  it('refuses a bad filter with the field codes of §5.2', async () => {
    const codes = async (body: Json) => {
      const res = await report(body);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await codes({ ticketNumber: '12a' })).toEqual([
      { field: 'ticketNumber', codes: ['pattern'] },
    ]);
    expect(await codes({ ticketNumber: '0' })).toEqual([{ field: 'ticketNumber', codes: ['min'] }]);
    expect(await codes({ phoneNumber: '079-123' })).toEqual([
      { field: 'phoneNumber', codes: ['pattern'] },
    ]);
    expect(await codes({ startDate: '2019-12-31', endDate: '2020-01-02' })).toEqual([
      { field: 'startDate', codes: ['date_min'] },
    ]);
    expect(await codes({ startDate: '2025-02-30' })).toEqual([
      { field: 'startDate', codes: ['date_invalid'] },
    ]);
    expect(await codes({ startDate: '2025-03-05', endDate: '2025-03-01' })).toEqual([
      { field: 'endDate', codes: ['date_before_start'] },
    ]);
    expect(await codes({ timezone: 'Mars/Olympus' })).toEqual([
      { field: 'timezone', codes: ['timezone_invalid'] },
    ]);
    expect(await codes({ pageSize: 1000 })).toEqual([{ field: 'pageSize', codes: ['max'] }]);
  });

  it('shows another tenant nothing', async () => {
    const res = await report(MARCH, outsider);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(placed[0]!.id);
    const file = await exportFile(MARCH, outsider);
    expect([403, 404]).toContain(file.statusCode);
  });
});

describe('the delivery zones call', () => {
  it('lists the tenant’s zones with their titles', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${base()}/extracharges/delivery/zones`,
      headers: staff,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const zones = res.json().results as { id: string; localizedTitle: { en: string } }[];
    // Every zone of the tenant, those no branch has switched on included.
    const seeded = demoTenants.find((t) => t.slug === 'al-bayt')!.zones.map((z) => z.title.en);
    expect(zones.map((z) => z.localizedTitle.en).sort()).toEqual(seeded.sort());
    expect(seeded).toContain('Dabouq');
    expect(zones.find((z) => z.localizedTitle.en === 'Khalda')?.id).toBe(
      f.zone(f.alBayt.id, 'Khalda'),
    );
  });
});

describe('the Excel export', () => {
  it('holds the same rows and totals as the report, read without exceljs', async () => {
    const filter = { ...MARCH, statuses: ['Completed', 'Cancelled'] };
    const { rows, totals } = await allPages(filter);
    const res = await exportFile({ ...filter, exportFormat: 'excel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="orders-report_2025-03-01_2025-03-05.xlsx"',
    );
    const sheet = readFirstSheet(res.rawPayload);
    const lines = [...sheet.rows.entries()].sort(([a], [b]) => a - b).map(([, cells]) => cells);
    const text = (cells: (typeof lines)[number]) => cells.map((c) => c?.value ?? null);

    // The header names the filter.
    expect(text(lines[0]!)).toEqual(['Orders report']);
    const heading = new Map(lines.slice(1, 12).map((c) => [c[0]?.value, c[1]?.value]));
    expect(heading.get('Dates')).toBe('2025-03-01 – 2025-03-05');
    expect(heading.get('Time zone')).toBe('Asia/Amman');
    expect(heading.get('Statuses')).toBe('Completed, Cancelled');
    expect(heading.get('Branches')).toBe('All');

    const headerAt = lines.findIndex(
      (c) => c[0]?.value === 'Order number' && c[1]?.value === 'Date and time (branch)',
    );
    expect(headerAt).toBeGreaterThan(0);
    const data = lines.slice(headerAt + 1, headerAt + 1 + rows.length);
    expect(data.map((c) => c[0]?.value)).toEqual(rows.map((r) => r.ticketNumber));
    expect(data.map((c) => c[12]?.value)).toEqual(rows.map((r) => r.total));
    // JOD amounts keep their three decimals; times are Amman's wall clock.
    expect(data.every((c) => c[12]?.format === '#,##0.000')).toBe(true);
    const amman = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Amman',
      dateStyle: 'short',
      timeStyle: 'short',
    });
    expect(data.map((c) => serialToLocal(c[1]!.value as number))).toEqual(
      rows.map((r) => amman.format(new Date(r.timestamp))),
    );
    expect(data.map((c) => c[2]?.value)).toEqual(rows.map((r) => r.status));
    expect(data.map((c) => c[7]?.value ?? null)).toEqual(rows.map((r) => r.phoneNumber));

    // A blank line, then the count and, per currency, the screen's totals line by line.
    const after = lines.slice(headerAt + 1 + rows.length).filter((c) => c.length > 0);
    expect(text(after[0]!).slice(0, 2)).toEqual(['Orders', totals.count]);
    const jod = totals.amounts[0]!;
    expect(after.slice(1).map((c) => [c[0]?.value, c[12]?.value, c[13]?.value])).toEqual([
      [`Sales (${jod.sales.count})`, jod.sales.total, 'JOD'],
      [`Awaiting acceptance (${jod.awaiting.count})`, jod.awaiting.total, 'JOD'],
      [`Cancelled (${jod.cancelled.count})`, jod.cancelled.total, 'JOD'],
      [`Of them refunded (${jod.refunded.count})`, jod.refunded.total, 'JOD'],
    ]);
  });

  it('streams batch after batch without losing or repeating a row, ties in time included', async () => {
    const { rows, totals } = await allPages(MARCH);
    // Tickets 0–3 and 20–23 were placed at the same instants: the number orders them.
    expect(new Set(placed.map((p) => p.at)).size).toBeLessThan(placed.length);
    // Keyset batches of 1 and 7 rows on PGlite (PostgreSQL streams the rows of one statement).
    for (const n of [1, 7]) {
      const service = createReportsService({
        repository: createReportsRepository(ctx.database.db, ctx.database.raw, n),
        clock: () => new Date(),
      });
      // As a request would: batches after the first are read in the scope the export began in.
      const file = await inTenant(f.alBayt.id, () =>
        service.exportCartTickets(
          f.alBayt.id,
          CartTicketsExportBody.parse({ ...MARCH, lang: 'en' }),
        ),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(chunk as Buffer);
      const lines = [...readFirstSheet(Buffer.concat(chunks)).rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, cells]) => cells);
      const headerAt = lines.findIndex((c) => c[0]?.value === 'Order number');
      const data = lines.slice(headerAt + 1, headerAt + 1 + rows.length);
      expect(data.map((c) => c[0]?.value)).toEqual(rows.map((r) => r.ticketNumber));
      const after = lines.slice(headerAt + 1 + rows.length).filter((c) => c.length > 0);
      expect(after[0]![1]?.value).toBe(totals.count);
      expect(after[1]![12]?.value).toBe(totals.amounts[0]!.sales.total);
    }
  });

  it('writes Arabic labels right to left', async () => {
    const res = await exportFile({ ...MARCH, lang: 'ar', statuses: ['UnVerified'] });
    expect(res.statusCode).toBe(200);
    const sheet = readFirstSheet(res.rawPayload);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.rows.get(1)?.[0]?.value).toBe('تقرير الطلبات');
    const values = [...sheet.rows.values()].flatMap((c) => c.map((x) => x?.value));
    expect(values).toContain('غير مقبول');
  });

  it('refuses a bad filter before any file starts', async () => {
    const res = await exportFile({ startDate: '2019-01-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ field: 'startDate', codes: ['date_min'] }]);
  });
});
