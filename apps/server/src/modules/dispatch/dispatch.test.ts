import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DispatchIntegrationType } from '@app/contracts';
import { loadConfig, type DispatchConfig } from '../../config.ts';
import { loadEmulatorKeys } from '../../integrations/emulator-keys.ts';
import * as s from '../../db/schema.ts';
import {
  EMULATED_PROVIDERS,
  EMULATED_TRIP,
  startDispatchEmulator,
} from '../../integrations/dispatch/emulator.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

const STEP = 1000;
let now = Date.parse('2026-03-01T10:00:00Z');
let emulator: Awaited<ReturnType<typeof startDispatchEmulator>>;
let ctx: TestContext;
let f: DemoFixtures;
let staff: Record<string, string>;
let owner: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  emulator = await startDispatchEmulator({ apiKey: 'k', stepMs: STEP, now: () => now });
  const providers: DispatchConfig['providers'] = {};
  for (const type of DispatchIntegrationType.options) {
    providers[type] = {
      baseUrl: `${emulator.url}/${EMULATED_PROVIDERS[type].path}`,
      apiKey: 'k',
      supportPhoneNumber: type === 'THIRDPARTY_YALLOW' ? null : `+9626500${type.length}`,
    };
  }
  ctx = await createTestApp({
    seed: true,
    config: { dispatch: { providers, emulator: null } },
    clock: () => new Date(now),
  });
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
  owner = await authAs(ctx, 'owner@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await emulator.close();
});
beforeEach(() => emulator.setNext('accept'));

type Json = Record<string, unknown>;
const base = () => `/api/admin/tenants/${f.alBayt.id}/branches/b1/dispatchdriver`;
const post = (path: string, ticketId: string, headers = staff, extra: Json = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `${base()}${path}`,
    headers,
    payload: { ticketId, ticketTenantId: f.alBayt.id, ...extra },
  });
const request = (id: string, headers = staff) => post('', id, headers);
const cancel = (id: string, headers = staff) => post('/cancel', id, headers);
const status = (id: string, headers = staff) => post('/status', id, headers);
const advance = (steps: number) => {
  now += steps * STEP;
};

function deliveryBody(zone = 'Abdoun') {
  return {
    checkoutTemplate: 'DELIVERY',
    cartItems: [{ variantId: f.variant('Hummus', 'Large').variantId, quantity: 2 }],
    deliveryZoneId: f.zone(f.alBayt.id, zone),
    shippingAddress: { lat: 31.95, lng: 35.88, address1: 'Abdoun Circle', building: '12' },
    phoneNumber: '+962791112233',
    firstName: 'Omar',
    isFulfillmentAsap: true,
    paymentMethodType: 'CASH',
    lang: 'en',
  };
}

async function ticket(body: Json = deliveryBody(), branchId = f.abdoun.id, accept = true) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, branchId),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const t = res.json().results as { id: string; cartData: { total: number; currency: string } };
  if (accept) {
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.alBayt.id}/tickets/${t.id}`,
      headers: staff,
      payload: { status: 'InProgress', note: null },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return t;
}

const deliveriesOf = (ticketId: string) =>
  [...emulator.deliveries.values()].filter((d) => d.reference === ticketId);

describe('dispatch config', () => {
  it('names the provider and its support number for a delivery ticket', async () => {
    const t = await ticket();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base()}/config/${t.id}`,
      headers: staff,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual({
      ticketId: t.id,
      available: true,
      reason: null,
      integrationType: 'THIRDPARTY_TALABAT_EXPRESS',
      supportPhoneNumber: `+9626500${'THIRDPARTY_TALABAT_EXPRESS'.length}`,
      // Never requested: the screen asks no status (which would answer 404).
      requested: false,
    });
    expect((await request(t.id)).statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `${base()}/config/${t.id}`,
      headers: staff,
    });
    expect(after.json().results.requested).toBe(true);
  });

  it('says a pickup ticket cannot be dispatched, nor a branch without a provider', async () => {
    const p = await ticket(pickup([{ variantId: f.variant('Hummus', 'Large').variantId }]));
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${base()}/config/${p.id}`,
      headers: staff,
    });
    expect(res.json().results).toMatchObject({ available: false, reason: 'not_delivery' });
    expect((await request(p.id)).json().errors).toEqual([
      { field: 'ticketId', codes: ['ticket_not_delivery'] },
    ]);

    await ctx.database.owner
      .delete(s.branchDispatchSettings)
      .where(eq(s.branchDispatchSettings.branchId, f.sweifieh.id));
    const t = await ticket(deliveryBody('Sweifieh'), f.sweifieh.id);
    const cfg = await ctx.app.inject({
      method: 'GET',
      url: `${base()}/config/${t.id}`,
      headers: staff,
    });
    expect(cfg.json().results).toMatchObject({ available: false, reason: 'not_configured' });
    const refused = await request(t.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { field: 'ticketId', codes: ['driver_dispatch_not_configured'] },
    ]);
  });
});

describe('requesting a driver', () => {
  it('books the delivery with the cash to collect and follows it to Delivered', async () => {
    const t = await ticket();
    const res = await request(t.id);
    expect(res.statusCode, res.body).toBe(200);
    const booked = res.json().results;
    expect(booked).toMatchObject({
      ticketId: t.id,
      integrationType: 'THIRDPARTY_TALABAT_EXPRESS',
      dispatchStatus: 'UPCOMING',
      driverName: null,
    });
    const [delivery] = deliveriesOf(t.id);
    expect(booked.externalReferenceId).toBe(delivery!.id);
    expect(delivery!.provider).toBe('talabat-express');
    expect(delivery!.cashToCollect).toEqual({
      amount: t.cartData.total,
      currency: t.cartData.currency,
    });

    const seen: string[] = [];
    for (let step = 0; step < EMULATED_TRIP.length; step++) {
      const r = await status(t.id);
      expect(r.statusCode, r.body).toBe(200);
      seen.push(r.json().results.dispatchStatus);
      advance(1);
    }
    expect(seen).toEqual([...EMULATED_TRIP]);
    const done = (await status(t.id)).json().results;
    expect(done).toMatchObject({ dispatchStatus: 'DELIVERY_ENDED', driverName: 'Khaled Emulated' });
    // Delivered is final: the provider is not asked again, the last check stays when it said so.
    expect(done.lastStatusCheck).toBe(new Date(now - STEP).toISOString());
  });

  it('refuses a second request while one is under way, and before the ticket is accepted', async () => {
    const fresh = await ticket(deliveryBody(), f.abdoun.id, false);
    const early = await request(fresh.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ticket_not_accepted');

    const t = await ticket();
    const [a, b] = await Promise.all([request(t.id), request(t.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().error.code).toBe(
      'driver_dispatch_active',
    );
    expect(deliveriesOf(t.id)).toHaveLength(1);
  });

  it('marks a failed request Failed and lets it be tried again', async () => {
    const t = await ticket();
    emulator.setNext('fail');
    const failed = await request(t.id);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe('driver_dispatch_request_failed');
    expect((await status(t.id)).json().results.dispatchStatus).toBe('DISPATCH_REQUEST_FAILED');
    const again = await request(t.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().results.dispatchStatus).toBe('UPCOMING');
  });

  it('shows Rejected when the provider finds no driver, and allows a new request', async () => {
    const t = await ticket();
    emulator.setNext('no_driver');
    expect((await request(t.id)).statusCode).toBe(200);
    advance(1);
    expect((await status(t.id)).json().results.dispatchStatus).toBe('REJECTED');
    const again = await request(t.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(deliveriesOf(t.id)).toHaveLength(2);
  });

  it('sends an order paid online to the cashless account with nothing to collect', async () => {
    const t = await ticket();
    await ctx.database.owner
      .update(s.tickets)
      .set({
        ticketDetails: sql`jsonb_set(${s.tickets.ticketDetails}, '{paymentDetails,paymentStatus}', '"SUCCESS"')`,
      })
      .where(and(eq(s.tickets.tenantId, f.alBayt.id), eq(s.tickets.id, t.id)));
    const res = await request(t.id);
    expect(res.json().results.integrationType).toBe('THIRDPARTY_TALABAT_EXPRESS_CASHLESS');
    const [delivery] = deliveriesOf(t.id);
    expect(delivery).toMatchObject({ provider: 'talabat-express-cashless', cashToCollect: null });
  });
});

describe('cancelling a dispatch', () => {
  it('cancels a requested driver at the provider', async () => {
    const t = await ticket();
    await request(t.id);
    const res = await cancel(t.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.dispatchStatus).toBe('CANCELED');
    expect(deliveriesOf(t.id)[0]!.cancelledAt).not.toBeNull();
    expect((await request(t.id)).statusCode).toBe(200);
  });

  it('answers DRIVER_DISPATCH_CANNOT_BE_CANCELLED where §4.2 disables cancel', async () => {
    const t = await ticket();
    const none = await cancel(t.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('DRIVER_DISPATCH_CANNOT_BE_CANCELLED');

    await request(t.id);
    advance(1); // CAPTAIN_ASSIGNED: the provider would still cancel, the spec says no.
    const assigned = await cancel(t.id);
    expect(assigned.statusCode).toBe(409);
    expect(assigned.json().error.code).toBe('DRIVER_DISPATCH_CANNOT_BE_CANCELLED');
    expect(deliveriesOf(t.id)[0]!.cancelledAt).toBeNull();

    advance(1); // CAPTAIN_HERE: cancel is allowed again.
    expect((await cancel(t.id)).statusCode).toBe(200);

    const u = await ticket();
    await request(u.id);
    advance(5);
    const delivered = await cancel(u.id);
    expect(delivered.statusCode).toBe(409);
    expect(delivered.json().error.code).toBe('DRIVER_DISPATCH_CANNOT_BE_CANCELLED');
    expect((await status(u.id)).json().results.dispatchStatus).toBe('DELIVERY_ENDED');
    expect((await request(u.id)).json().error.code).toBe('driver_dispatch_active');
  });
});

describe('dispatch access', () => {
  it('answers 404 for a ticket never dispatched and for another tenant', async () => {
    const t = await ticket();
    expect((await status(t.id)).statusCode).toBe(404);
    await request(t.id);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tenants/${f.casa.id}/branches/b1/dispatchdriver/status`,
      headers: outsider,
      payload: { ticketId: t.id, ticketTenantId: f.casa.id },
    });
    expect(foreign.statusCode).toBe(404);
    // Not a member of the path's tenant: the tenant does not exist for them.
    expect((await status(t.id, outsider)).statusCode).toBe(404);
    const mismatch = await post('/status', t.id, staff, { ticketTenantId: f.casa.id });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual([
      { field: 'ticketTenantId', codes: ['tenant_mismatch'] },
    ]);
  });
});

describe('third-party delivery outlet', () => {
  const url = () =>
    `/api/admin/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/settings/talabatExpress/outlet`;
  const outlet = {
    name: 'Al Bayt Abdoun',
    address: 'Abdoun Circle 12',
    city: 'Amman',
    latitude: 31.95,
    longitude: 35.88,
    currency: 'JOD',
    locale: 'en',
    phone_number: '+962 79 123 4567',
  };
  const put = (payload: Json, headers = owner) =>
    ctx.app.inject({ method: 'PUT', url: url(), headers, payload });

  it('is missing (404) until created, then kept at Talabat Express and here', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(), headers: owner })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: url(), headers: staff })).statusCode).toBe(
      403,
    );

    const created = await put({ outlet, add_user: ['Chef@AlBayt.example'] });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().results).toEqual({
      ...outlet,
      phone_number: '+962791234567',
      client_vendor_id: f.abdoun.id,
      users: ['chef@albayt.example'],
    });
    const remote = emulator.outlets.get(`talabat-express:${f.abdoun.id}`);
    expect(remote).toMatchObject({ name: 'Al Bayt Abdoun', users: ['chef@albayt.example'] });

    const got = await ctx.app.inject({ method: 'GET', url: url(), headers: owner });
    expect(got.json().results.users).toEqual(['chef@albayt.example']);
  });

  it('adds and removes user emails, two at once both kept', async () => {
    const saved = (await ctx.app.inject({ method: 'GET', url: url(), headers: owner })).json()
      .results;
    const [a, b] = await Promise.all([
      put({ outlet: saved, add_user: ['a@x.example'] }),
      put({ outlet: saved, add_user: ['b@x.example'] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const removed = await put({ outlet: saved, delete_user: ['chef@albayt.example'] });
    expect(removed.json().results.users).toEqual(['a@x.example', 'b@x.example']);
    expect(emulator.outlets.get(`talabat-express:${f.abdoun.id}`)!.users.sort()).toEqual([
      'a@x.example',
      'b@x.example',
    ]);
  });

  it('refuses a bad phone, currency or email with field codes', async () => {
    const res = await put({
      outlet: { ...outlet, phone_number: '0791234567', currency: 'XYZ' },
      add_user: ['not-an-email'],
    });
    expect(res.statusCode).toBe(422);
    const codes = Object.fromEntries(
      (res.json().errors as { field: string; codes: string[] }[]).map((e) => [e.field, e.codes]),
    );
    expect(codes).toMatchObject({
      'outlet.phone_number': ['phone_invalid'],
      'outlet.currency': ['currency_invalid'],
    });
    expect(codes['add_user.0']).toBeDefined();
  });

  it('answers 400 with Talabat Express’s message when it refuses, changing nothing', async () => {
    await fetch(`${emulator.url}/control/outlet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'reject' }),
    });
    const res = await put({ outlet: { ...outlet, name: 'Renamed' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'outlet_rejected',
      message: 'Address is outside the delivery coverage',
    });
    const got = await ctx.app.inject({ method: 'GET', url: url(), headers: owner });
    expect(got.json().results.name).toBe('Al Bayt Abdoun');
  });

  it('keeps outlets to their tenant', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.casa.id}/branches/${f.abdoun.id}/settings/talabatExpress/outlet`,
      headers: outsider,
    });
    expect(res.statusCode).toBe(404);
    const write = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/tenants/${f.casa.id}/branches/${f.abdoun.id}/settings/talabatExpress/outlet`,
      headers: outsider,
      payload: { outlet },
    });
    expect(write.statusCode).toBe(404);
  });
});

describe('dispatch configuration', () => {
  it('has no provider and no emulator unless told', () => {
    expect(loadConfig({ PORT: '9000' }).dispatch).toEqual({ providers: {}, emulator: null });
  });

  it('uses the emulator for every provider with DISPATCH_EMULATOR, with its support numbers and the data folder’s key', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-keys-'));
    const { dispatch } = loadConfig({ PORT: '9000', DATA_DIR: dataDir, DISPATCH_EMULATOR: 'true' });
    const apiKey = loadEmulatorKeys(dataDir).dispatchApiKey;
    expect(apiKey).not.toBe('dispatch_test_emulator');
    expect(dispatch.emulator).toEqual({ apiKey, stepMs: 20_000 });
    expect(dispatch.providers.THIRDPARTY_CAREEM_EXPRESS).toEqual({
      baseUrl: 'http://127.0.0.1:9000/emulators/dispatch/careem-express',
      apiKey,
      supportPhoneNumber: '+96265000002',
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a real provider’s URL, key and support number, and no emulator then', () => {
    const { dispatch } = loadConfig({
      DISPATCH_YALLOW_URL: 'https://api.yallow.example/',
      DISPATCH_YALLOW_API_KEY: 'secret',
      DISPATCH_YALLOW_SUPPORT_PHONE: '+962600000000',
    });
    expect(dispatch.emulator).toBeNull();
    expect(dispatch.providers).toEqual({
      THIRDPARTY_YALLOW: {
        baseUrl: 'https://api.yallow.example',
        apiKey: 'secret',
        supportPhoneNumber: '+962600000000',
      },
    });
  });

  it('refuses a URL without its key, and the emulator in production', () => {
    expect(() => loadConfig({ DISPATCH_CAREEM_EXPRESS_URL: 'https://c.example' })).toThrow(
      /DISPATCH_CAREEM_EXPRESS_URL needs DISPATCH_CAREEM_EXPRESS_API_KEY/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', DISPATCH_EMULATOR: 'true' })).toThrow(
      /DISPATCH_EMULATOR=true/,
    );
  });
});
