import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PublicTableBill,
  TableBillPaymentUpdate,
  TableBillTransaction,
  TableBillTransactionsResponse,
  fromMilli,
  toMilli,
} from '@app/contracts';
import { TICKETS_HUB_PATH } from '../../realtime/hub.ts';
import { accessTokenFor, authAs, baseUrlOf } from '../../test/auth.ts';
import { createTestAppWithGateway, type GatewayTestContext } from '../../test/card-gateway.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

const KEYS = { secretKey: 'sk_test_bills', publishableKey: 'pk_test_bills' };
let ctx: GatewayTestContext;
let emulator: GatewayTestContext['gateway'];
let f: DemoFixtures;
let owner: Record<string, string>;
let staff: Record<string, string>;
let origin: string;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  ctx = await createTestAppWithGateway(KEYS);
  emulator = ctx.gateway;
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
  staff = await authAs(ctx, 'staff@demo.local');
  origin = await baseUrlOf(ctx.app);
}, 120_000);
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await ctx.close();
});

type Json = Record<string, unknown>;
type Message = { event: string; data: Json };
const ADMIN = () => `/api/admin/tenants/${f.alBayt.id}/tablebillpayment`;
const billUrl = (table: string, tenantId = f.alBayt.id) =>
  `/api/public/tenants/${tenantId}/serviceareas/${table}/tablebill`;

/** A hub client that keeps every message and can wait for one. */
function listen(token: string) {
  const ws = new WebSocket(
    `${origin.replace(/^http/, 'ws')}${TICKETS_HUB_PATH}?access_token=${token}`,
  );
  sockets.push(ws);
  const messages: Message[] = [];
  ws.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Message));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = async (match: (m: Message) => boolean, ms = 5000) => {
    for (const end = Date.now() + ms; Date.now() < end;) {
      const found = messages.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('no such message');
  };
  return { messages, opened, next };
}

/** What a storefront's browser does: card details to the gateway, a token back. */
async function token(number = '4242424242424242') {
  const res = await fetch(`${emulator.url}/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEYS.publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '1' }),
  });
  return ((await res.json()) as { id: string }).id;
}

/** A dine-in order at an Abdoun table (pay later unless said), moved to `status`. */
async function tableOrder(table: string, status = 'InProgress', payment = 'PAY_LATER', qty = 1) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, f.abdoun.id),
    payload: {
      ...pickup([{ variantId: f.variant('Falafel plate').variantId, quantity: qty }]),
      checkoutTemplate: 'DINING',
      serviceAreaId: f.table(table),
      paymentMethodType: payment,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const ticket = res.json().results as { id: string; ticketNumber: number; cartData: Json };
  const put = (body: Json) =>
    ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${ticket.id}`,
      headers: staff,
      payload: body,
    });
  if (status !== 'UnVerified') expect((await put({ status: 'InProgress' })).statusCode).toBe(200);
  if (status === 'Completed') expect((await put({ status: 'Completed' })).statusCode).toBe(200);
  if (status === 'Cancelled')
    expect((await put({ status: 'Cancelled', reason: 'OUT_OF_STOCK' })).statusCode).toBe(200);
  return { ...ticket, total: String(ticket.cartData.total) };
}

async function bill(table: string) {
  const res = await ctx.app.inject({ method: 'GET', url: billUrl(f.table(table)) });
  expect(res.statusCode, res.body).toBe(200);
  return PublicTableBill.parse(res.json().results);
}

const pay = async (table: string, body: Json, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${billUrl(f.table(table))}/payments`,
    headers: key ? { 'idempotency-key': key } : {},
    payload: body,
  });

const refund = (body: Json, headers = owner, path = ADMIN()) =>
  ctx.app.inject({ method: 'PATCH', url: `${path}/refund`, headers, payload: body });

const add = (...amounts: string[]) =>
  Number(fromMilli(amounts.reduce((s, a) => s + toMilli(a), 0n)));

describe("a table's bill", () => {
  it('holds the accepted pay-later orders of that table from the past 12 hours', async () => {
    const first = await tableOrder('5', 'InProgress');
    const second = await tableOrder('5', 'Completed', 'PAY_LATER', 2);
    await tableOrder('5', 'UnVerified');
    await tableOrder('5', 'Cancelled');
    await tableOrder('5', 'InProgress', 'CASH');
    await tableOrder('6', 'InProgress');
    const old = await tableOrder('5', 'InProgress');
    await ctx.database.owner.execute(
      sql`update tickets set created_at = now() - interval '13 hours' where id = ${old.id}`,
    );
    const b = await bill('5');
    expect(b.orders.map((o) => o.ticketNumber)).toEqual([first.ticketNumber, second.ticketNumber]);
    expect(b.amountDue).toBe(add(first.total, second.total));
    expect(b.awaitingAcceptance).toBe(1);
    expect(b.serviceArea).toBe('5');
    expect(b.paymentMethods).toEqual(['CREDIT_CARD_ONLINE']);
    expect(b.orders[1]!.lines).toEqual([
      { localizedTitle: expect.objectContaining({ en: 'Falafel plate' }), quantity: 2, total: 4.5 },
    ]);
    // Another tenant's table, or no table at all.
    const other = await ctx.app.inject({ method: 'GET', url: billUrl(f.table('5'), f.casa.id) });
    expect(other.statusCode).toBe(404);
  });
});

describe('paying a bill and watching it arrive', () => {
  it('charges the card, settles the orders and tells the owner live', async () => {
    const ownerHub = listen(await accessTokenFor(ctx, 'owner@demo.local'));
    const staffHub = listen(await accessTokenFor(ctx, 'staff@demo.local'));
    await Promise.all([ownerHub.opened, staffHub.opened]);

    const a = await tableOrder('7', 'InProgress');
    const b = await tableOrder('7', 'Completed');
    const seen = await bill('7');
    const res = await pay('7', { amount: seen.amountDue, paymentToken: await token() }, 'k-7');
    expect(res.statusCode, res.body).toBe(201);
    const receipt = res.json().results;
    expect(receipt).toMatchObject({
      amount: add(a.total, b.total),
      currency: 'JOD',
      ticketNumbers: [a.ticketNumber, b.ticketNumber],
      cardScheme: 'VISA',
      maskedValue: '•••• 4242',
    });

    // The table owes nothing now.
    expect((await bill('7')).orders).toEqual([]);
    // The owner hears it (built by the one builder); staff without the right do not.
    const heard = await ownerHub.next((m) => m.event === 'receiveTableBillPaymentUpdate');
    expect(TableBillPaymentUpdate.strict().parse(heard.data)).toMatchObject({
      change: 'paid',
      tenantId: f.alBayt.id,
      branchId: f.abdoun.id,
      tableBillTransactionId: receipt.tableBillTransactionId,
      status: 'PAID',
      amount: receipt.amount,
      refundedAmount: 0,
    });
    // The card's digits, not '4242' alone, which a random UUID may hold.
    expect(JSON.stringify(heard)).not.toMatch(/•••• 4242|4242424242/);
    await staffHub.next((m) => m.event === 'ticketsUpdate');
    expect(staffHub.messages.some((m) => m.event === 'receiveTableBillPaymentUpdate')).toBe(false);

    // The feed shows it, and the gateway holds the captured payment.
    const feed = await ctx.app.inject({
      method: 'GET',
      url: `${ADMIN()}/paymentsfeed`,
      headers: owner,
    });
    expect(feed.statusCode).toBe(200);
    const row = TableBillTransaction.parse(
      feed
        .json()
        .results.find((t: Json) => t.tableBillTransactionId === receipt.tableBillTransactionId),
    );
    expect(row).toMatchObject({
      serviceArea: '7',
      branchName: expect.objectContaining({ en: 'Abdoun' }),
      ticketNumbers: [a.ticketNumber, b.ticketNumber],
      status: 'PAID',
      paymentMethodType: 'CREDIT_CARD_ONLINE',
      refunds: [],
    });
    expect(emulator.payments.get(row.paymentReference)).toMatchObject({
      status: 'captured',
      capturedAmount: Math.round(receipt.amount * 1000),
    });
    // Each order it settled shows as paid, with the card and the payment's reference.
    for (const ticket of [a, b]) {
      const seenByStaff = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/tenants/${f.alBayt.id}/tickets/${ticket.id}`,
        headers: staff,
      });
      expect(seenByStaff.json().results.ticketDetails.paymentDetails).toEqual({
        paymentMethodType: 'PAY_LATER',
        cardScheme: 'VISA',
        maskedValue: '•••• 4242',
        paymentStatus: 'TABLE_BILL_PAID',
        paymentUniqueInvoiceId: row.paymentReference,
      });
    }

    // The same request again answers the same payment; another body under the key is refused.
    const again = await pay('7', { amount: seen.amountDue, paymentToken: 'tok_x' }, 'k-7');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('idempotency_key_reused');
  });

  it('answers a retry with the first payment and charges once', async () => {
    await tableOrder('8', 'InProgress');
    const seen = await bill('8');
    const body = { amount: seen.amountDue, paymentToken: await token() };
    const first = await pay('8', body, 'retry-8');
    const second = await pay('8', body, 'retry-8');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().results).toEqual(first.json().results);
  });

  it('refuses a bill that changed, one with nothing to pay, and a declined card', async () => {
    const a = await tableOrder('9', 'InProgress');
    const before = emulator.payments.size;
    const stale = await pay('9', { amount: add(a.total, '1'), paymentToken: await token() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('table_bill_changed');
    expect(emulator.payments.size).toBe(before);

    const declined = await pay('9', {
      amount: Number(a.total),
      paymentToken: await token('4000000000000002'),
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().errors).toEqual([
      expect.objectContaining({ field: 'paymentToken', codes: ['payment_declined'] }),
    ]);
    expect((await bill('9')).orders).toHaveLength(1);

    const nothing = await pay('10', { amount: 1, paymentToken: await token() });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.code).toBe('nothing_to_pay');
  });

  it('lets one of two payments of the same bill through and gives the other back', async () => {
    await tableOrder('11', 'InProgress');
    const seen = await bill('11');
    const [t1, t2] = [await token(), await token()];
    const results = await Promise.all([
      pay('11', { amount: seen.amountDue, paymentToken: t1 }),
      pay('11', { amount: seen.amountDue, paymentToken: t2 }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(['table_bill_changed', 'nothing_to_pay']).toContain(lost.json().error.code);
    // Whatever the gateway charged for this bill, only one payment of it is kept.
    const ofBill = [...emulator.payments.values()].filter(
      (p) => p.amount === Math.round(seen.amountDue * 1000) && p.status === 'captured',
    );
    const kept = ofBill.reduce((s, p) => s + p.capturedAmount - p.refundedAmount, 0);
    expect(kept % Math.round(seen.amountDue * 1000)).toBe(0);
    const stored = await ctx.database.owner.execute(
      sql`select count(*)::int as n from table_bill_transactions where service_area_id = ${f.table('11')}`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

describe('refunds', () => {
  let id = '';
  let amount = 0;
  let reference = '';

  beforeAll(async () => {
    await tableOrder('12', 'Completed', 'PAY_LATER', 3);
    const seen = await bill('12');
    const res = await pay('12', { amount: seen.amountDue, paymentToken: await token() });
    expect(res.statusCode, res.body).toBe(201);
    id = res.json().results.tableBillTransactionId;
    amount = seen.amountDue;
    const [row] = (
      (await ctx.database.owner.execute(
        sql`select payment_reference from table_bill_transactions where id = ${id}`,
      )) as unknown as { rows: { payment_reference: string }[] }
    ).rows;
    reference = row!.payment_reference;
  });

  it('refunds a part, refuses more than is left and finer than the currency, then the rest', async () => {
    const ownerHub = listen(await accessTokenFor(ctx, 'owner@demo.local'));
    await ownerHub.opened;
    const part = await refund({ tableBillTransactionId: id, amount: 1 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().results).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refundedAmount: 1,
      refunds: [expect.objectContaining({ amount: 1, by: 'Lina Haddad' })],
    });
    expect(emulator.payments.get(reference)!.refundedAmount).toBe(1000);
    const heard = await ownerHub.next(
      (m) => m.event === 'receiveTableBillPaymentUpdate' && m.data.change === 'refunded',
    );
    expect(heard.data).toMatchObject({ tableBillTransactionId: id, refundedAmount: 1 });

    const over = await refund({
      tableBillTransactionId: id,
      amount: add(String(amount), '-0.999'),
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0]).toMatchObject({
      field: 'amount',
      codes: ['refund_exceeds_paid'],
    });
    const fine = await refund({ tableBillTransactionId: id, amount: 0.0005 });
    expect(fine.statusCode).toBe(422);
    expect(fine.json().errors[0]).toMatchObject({ field: 'amount', codes: ['amount_invalid'] });
    // Amounts that round to nothing are no refund (1e-320 reached the gateway as 0: 503).
    for (const tiny of [1e-320, 1e-7]) {
      const none = await refund({ tableBillTransactionId: id, amount: tiny });
      expect(none.statusCode, String(tiny)).toBe(422);
      expect(none.json().errors[0]).toMatchObject({ field: 'amount', codes: ['amount_invalid'] });
    }

    const rest = await refund({ tableBillTransactionId: id });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().results).toMatchObject({ status: 'REFUNDED', refundedAmount: amount });
    expect(rest.json().results.refunds).toHaveLength(2);
    expect(emulator.payments.get(reference)!.refundedAmount).toBe(Math.round(amount * 1000));

    const twice = await refund({ tableBillTransactionId: id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_refunded');
    expect(emulator.payments.get(reference)!.refundedAmount).toBe(Math.round(amount * 1000));
  });

  it('keeps nothing when the provider refuses, and settles a pending refund before another', async () => {
    await tableOrder('13', 'InProgress');
    const seen = await bill('13');
    const paid = await pay('13', { amount: seen.amountDue, paymentToken: await token() });
    const tx = paid.json().results.tableBillTransactionId as string;
    // The gateway's payment, made with the transaction's id as its reference.
    const reference = [...emulator.payments.values()].find((p) => p.reference === tx)!.id;
    const setReference = (value: string) =>
      ctx.database.owner.execute(
        sql`update table_bill_transactions set payment_reference = ${value} where id = ${tx}`,
      );
    await setReference('pay_unknown');
    const failed = await refund({ tableBillTransactionId: tx });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().error.code).toBe('refund_refused');
    const count = async () =>
      (
        (await ctx.database.owner.execute(
          sql`select count(*)::int as n from table_bill_refunds where transaction_id = ${tx}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    expect(await count()).toBe(0);

    // A refund of 1.000 left pending (its answer lost): the next refund asked settles it,
    // under its own key, and asks no second one.
    await setReference(reference);
    await ctx.database.owner.execute(
      sql`insert into table_bill_refunds (tenant_id, transaction_id, amount)
          values (${f.alBayt.id}, ${tx}, 1)`,
    );
    const next = await refund({ tableBillTransactionId: tx, amount: 2 });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().results).toMatchObject({
      refundedAmount: 1,
      status: 'PARTIALLY_REFUNDED',
      refunds: [expect.objectContaining({ amount: 1, status: 'SUCCEEDED' })],
    });
    expect(emulator.payments.get(reference)!.refundedAmount).toBe(1000);
    expect(await count()).toBe(1);
  });

  it("is the owner's, in the owner's tenant only", async () => {
    const manager = await refund(
      { tableBillTransactionId: id },
      await authAs(ctx, 'manager@demo.local'),
    );
    expect(manager.statusCode).toBe(403);
    const casa = await authAs(ctx, 'owner@other.local');
    expect((await refund({ tableBillTransactionId: id }, casa)).statusCode).toBe(404);
    const own = await refund(
      { tableBillTransactionId: id },
      casa,
      `/api/admin/tenants/${f.casa.id}/tablebillpayment`,
    );
    expect(own.statusCode).toBe(404);
    const feed = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.casa.id}/tablebillpayment/paymentsfeed`,
      headers: casa,
    });
    expect(feed.json().results).toEqual([]);
  });
});

describe('transactions by date range', () => {
  const get = (query: string, headers = owner) =>
    ctx.app.inject({ method: 'GET', url: `${ADMIN()}/transactions?${query}`, headers });

  it('pages the payments of the range with totals of paid and refunded', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const all = await get(`dateFrom=${from}&dateTo=${to}&pageSize=100`);
    expect(all.statusCode, all.body).toBe(200);
    const body = TableBillTransactionsResponse.parse(all.json());
    const n = body.results.length;
    expect(n).toBeGreaterThanOrEqual(5);
    expect(body.totals.count).toBe(n);
    const paid = body.results.reduce((s, t) => s + toMilli(t.amount.toFixed(3)), 0n);
    const refunded = body.results.reduce((s, t) => s + toMilli(t.refundedAmount.toFixed(3)), 0n);
    expect(body.totals.amounts).toEqual([
      { currency: 'JOD', paid: Number(fromMilli(paid)), refunded: Number(fromMilli(refunded)) },
    ]);
    // Newest first, two a page.
    const page1 = TableBillTransactionsResponse.parse(
      (await get(`dateFrom=${from}&dateTo=${to}&pageSize=2&page=1`)).json(),
    );
    expect(page1.results.map((t) => t.tableBillTransactionId)).toEqual(
      body.results.slice(2, 4).map((t) => t.tableBillTransactionId),
    );
    // With its offset, and the range's end excluded.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000 + 3 * 3_600_000);
    const amman = `${twoDaysAgo.toISOString().slice(0, 19)}%2B03:00`;
    const earlier = await get(`dateFrom=${amman}&dateTo=${from}`);
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json().totals.count).toBe(0);
    const withOffset = await get(`dateFrom=${amman}&dateTo=${to}`);
    expect(withOffset.json().totals.count).toBe(n);
    const sweifieh = await get(`dateFrom=${from}&dateTo=${to}&branchId=${f.sweifieh.id}`);
    expect(sweifieh.json().results).toEqual([]);
  });

  it('refuses a range backwards, too long, or not ISO 8601', async () => {
    const codes = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await codes('dateFrom=2025-02-01T00:00:00Z&dateTo=2025-01-01T00:00:00Z')).toEqual([
      { field: 'dateTo', codes: ['date_before_start'] },
    ]);
    expect(await codes('dateFrom=2023-01-01T00:00:00Z&dateTo=2025-01-01T00:00:00Z')).toEqual([
      { field: 'dateTo', codes: ['range_too_long'] },
    ]);
    const bad = await codes('dateFrom=yesterday&dateTo=2025-01-01T00:00:00Z');
    expect(bad[0].field).toBe('dateFrom');
    expect(
      (await get('dateFrom=2025-01-01T00:00:00Z&dateTo=2025-01-02T00:00:00Z', staff)).statusCode,
    ).toBe(403);
  });
});
