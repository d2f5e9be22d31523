import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '@app/contracts';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let manager: Record<string, string>;
let otherOwner: Record<string, string>;
/** The intake's clock: real time unless a test sets it. */
let now: Date | null = null;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true, clock: () => now ?? new Date() });
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
  manager = await authAs(ctx, 'manager@demo.local');
  otherOwner = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown, headers = owner) =>
  ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
const tenant = () => `/api/admin/tenants/${f.alBayt.id}`;
const branch = (id = f.abdoun.id) => `${tenant()}/branches/${id}/settings`;
const codesOf = (res: { json(): { errors?: { field: string; codes: string[] }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.codes]));
const order = (body: Json, branchId = f.abdoun.id, tenantId = f.alBayt.id) =>
  ctx.app.inject({ method: 'POST', url: intakeUrl(tenantId, branchId), payload: body });
const coffee = () => f.variant('Arabic coffee').variantId;

describe('branches list and branch profile', () => {
  it('lists every branch as a card and reads one profile with its links', async () => {
    const list = await call('GET', `${tenant()}/settings/profile`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((b: Json) => (b.branchName as Json).en)).toEqual([
      'Abdoun',
      'Sweifieh',
    ]);
    const res = await call('GET', `${branch()}/profile`);
    expect(res.json().results).toMatchObject({
      branchId: f.abdoun.id,
      branchName: { en: 'Abdoun' },
      phoneNumber: '+962791234567',
      defaultCurrency: 'JOD',
      deliveryType: 'ZONE_BASED_FIXED_FEES',
      orderingLinks: {
        DELIVERY: expect.stringMatching(new RegExp(`/store/al-bayt/${f.abdoun.id}/delivery$`)),
        PICKUP: expect.stringMatching(/\/pickup$/),
      },
    });
  });

  it('shows no ordering link for a branch on its own domain', async () => {
    await ctx.database.owner
      .update(s.branches)
      .set({ customDomain: 'order.sweifieh.example' })
      .where(eq(s.branches.id, f.sweifieh.id));
    const res = await call('GET', `${branch(f.sweifieh.id)}/profile`);
    expect(res.json().results).toMatchObject({
      customDomain: 'order.sweifieh.example',
      orderingLinks: {},
    });
    await ctx.database.owner
      .update(s.branches)
      .set({ customDomain: null })
      .where(eq(s.branches.id, f.sweifieh.id));
  });

  it('saves the name and an international phone in E.164, and refuses an invalid one', async () => {
    const name = { fieldValue: 'Abdoun Circle', en: 'Abdoun Circle', ar: 'دوار عبدون' };
    const ok = await call('PUT', `${branch()}/profile`, {
      branchId: f.abdoun.id,
      branchName: name,
      phoneNumber: '+962 79 555 0101',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().results).toMatchObject({ branchName: name, phoneNumber: '+962795550101' });

    const bad = await call('PUT', `${branch()}/profile`, {
      branchId: f.abdoun.id,
      branchName: name,
      phoneNumber: '+962 12',
    });
    expect(bad.statusCode).toBe(422);
    expect(codesOf(bad)).toEqual({ phoneNumber: ['phone_invalid'] });
    // A national number without its country is not international.
    expect(
      codesOf(
        await call('PUT', `${branch()}/profile`, {
          branchId: f.abdoun.id,
          branchName: name,
          phoneNumber: '0795550101',
        }),
      ),
    ).toEqual({ phoneNumber: ['phone_invalid'] });
    const long = await call('PUT', `${branch()}/profile`, {
      branchId: f.abdoun.id,
      branchName: { fieldValue: 'x'.repeat(51), ar: 'ع'.repeat(51) },
      phoneNumber: '+962795550101',
    });
    expect(codesOf(long)).toEqual({ 'branchName.fieldValue': ['max'], 'branchName.ar': ['max'] });
    const mismatch = await call('PUT', `${branch()}/profile`, {
      branchId: f.sweifieh.id,
      branchName: name,
      phoneNumber: '+962795550101',
    });
    expect(codesOf(mismatch)).toEqual({ branchId: ['branch_mismatch'] });
    const stored = await call('GET', `${branch()}/profile`);
    expect(stored.json().results.phoneNumber).toBe('+962795550101');
    await call('PUT', `${branch()}/profile`, {
      branchId: f.abdoun.id,
      branchName: f.abdoun.name,
      phoneNumber: '+962791234567',
    });
  });

  it("answers 404 for another tenant's branch and 403 to a manager", async () => {
    expect((await call('GET', `${branch(f.madrid.id)}/profile`)).statusCode).toBe(404);
    expect((await call('GET', `${branch()}/profile`, undefined, otherOwner)).statusCode).toBe(404);
    expect((await call('GET', `${branch()}/profile`, undefined, manager)).statusCode).toBe(403);
  });
});

describe('checkout templates', () => {
  it('turns pickup off, and the intake refuses pickup until it is on again', async () => {
    const off = await call('PUT', `${branch(f.sweifieh.id)}/checkoutTemplates`, {
      checkoutTemplate: 'PICKUP',
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().results).toEqual({
      branchId: f.sweifieh.id,
      checkoutTemplates: ['DELIVERY'],
    });
    const refused = await order(pickup([{ variantId: coffee() }]), f.sweifieh.id);
    expect(refused.statusCode).toBe(422);
    expect(codesOf(refused)).toEqual({ checkoutTemplate: ['checkout_template_disabled'] });
    const menu = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/branches/${f.sweifieh.id}/menu?checkoutTemplate=PICKUP`,
    });
    expect(menu.json().results).toMatchObject({ sections: [], paymentMethods: [] });

    const on = await call('PUT', `${branch(f.sweifieh.id)}/checkoutTemplates`, {
      checkoutTemplate: 'PICKUP',
      enabled: true,
    });
    expect(on.json().results.checkoutTemplates).toEqual(['DELIVERY', 'PICKUP']);
    // Switching on twice keeps one.
    const again = await call('PUT', `${branch(f.sweifieh.id)}/checkoutTemplates`, {
      checkoutTemplate: 'PICKUP',
      enabled: true,
    });
    expect(again.json().results.checkoutTemplates).toEqual(['DELIVERY', 'PICKUP']);
    expect((await order(pickup([{ variantId: coffee() }]), f.sweifieh.id)).statusCode).toBe(201);
  });
});

describe('payment methods', () => {
  const url = (template: string, id = f.abdoun.id) => `${branch(id)}/paymentmethods/${template}`;
  const put = (template: string, methods: [string, boolean][], id = f.abdoun.id) =>
    call('PUT', url(template, id), {
      serviceAreaId: null,
      paymentMethods: methods.map(([paymentMethodType, active]) => ({ paymentMethodType, active })),
    });
  const active = (res: { json(): { results: { paymentMethods: Json[] } } }) =>
    res
      .json()
      .results.paymentMethods.filter((m) => m.active)
      .map((m) => m.paymentMethodType);

  it('reads what a template offers, with the defaults and the demo settings', async () => {
    const dining = await call('GET', url('DINING'));
    expect(dining.statusCode, dining.body).toBe(200);
    expect(dining.json().results).toMatchObject({
      checkoutTemplate: 'DINING',
      serviceAreaId: null,
    });
    expect(dining.json().results.paymentMethods.map((m: Json) => m.paymentMethodType)).toEqual([
      'CASH',
      'CREDIT_CARD_OFFLINE',
      'CREDIT_CARD_ONLINE',
      'APPLE_PAY',
      'GOOGLE_PAY',
      'PAY_LATER',
    ]);
    expect(active(dining)).toEqual(['CASH', 'CREDIT_CARD_OFFLINE', 'PAY_LATER']);
    expect(active(await call('GET', url('DELIVERY', f.sweifieh.id)))).toEqual([
      'CASH',
      'CREDIT_CARD_ONLINE',
    ]);
    expect((await call('GET', url('MENU'))).statusCode).toBe(422);
  });

  it('refuses card machine with online card, none at all, and methods not offered', async () => {
    const both = await put('PICKUP', [['CREDIT_CARD_ONLINE', true]]);
    expect(both.statusCode).toBe(422);
    expect(codesOf(both)).toEqual({
      paymentMethods: ['paymentmethod_card_offline_online_conflict'],
    });
    const none = await put('PICKUP', [
      ['CASH', false],
      ['CREDIT_CARD_OFFLINE', false],
    ]);
    expect(codesOf(none)).toEqual({ paymentMethods: ['atleast_one_paymentmethod_required'] });
    expect(codesOf(await put('DELIVERY', [['PAY_LATER', true]]))).toEqual({
      'paymentMethods.0.paymentMethodType': ['payment_method_not_available'],
    });
    // Room charge is for room-service tenants only.
    expect(codesOf(await put('DINING', [['ROOM_CHARGE', true]]))).toEqual({
      'paymentMethods.0.paymentMethodType': ['payment_method_not_available'],
    });
    // Nothing was stored by the refusals.
    expect(active(await call('GET', url('PICKUP')))).toEqual(['CASH', 'CREDIT_CARD_OFFLINE']);
  });

  it('offers room charge to a room-service tenant', async () => {
    await ctx.database.owner
      .update(s.tenants)
      .set({ roomService: true })
      .where(eq(s.tenants.id, f.alBayt.id));
    const res = await put('DINING', [['ROOM_CHARGE', true]]);
    expect(res.statusCode, res.body).toBe(200);
    expect(active(res)).toContain('ROOM_CHARGE');
    await put('DINING', [['ROOM_CHARGE', false]]);
    await ctx.database.owner
      .update(s.tenants)
      .set({ roomService: false })
      .where(eq(s.tenants.id, f.alBayt.id));
  });

  it('decides what the intake accepts for the template', async () => {
    const swap = await put('PICKUP', [
      ['CREDIT_CARD_OFFLINE', false],
      ['CASH', false],
      ['CREDIT_CARD_ONLINE', true],
    ]);
    expect(swap.statusCode, swap.body).toBe(200);
    expect(active(swap)).toEqual(['CREDIT_CARD_ONLINE']);
    const cash = await order(pickup([{ variantId: coffee() }]));
    expect(cash.statusCode).toBe(422);
    expect(codesOf(cash)).toEqual({ paymentMethodType: ['payment_method_not_accepted'] });
    // Another template of the same branch keeps its own.
    const dining = await order({
      ...pickup([{ variantId: coffee() }]),
      checkoutTemplate: 'DINING',
      serviceAreaId: f.table('5'),
      paymentMethodType: 'PAY_LATER',
    });
    expect(dining.statusCode, dining.body).toBe(201);
    // Pay later is a dine-in method only.
    expect(
      codesOf(
        await order({ ...pickup([{ variantId: coffee() }]), paymentMethodType: 'PAY_LATER' }),
      ),
    ).toEqual({
      paymentMethodType: ['payment_method_not_accepted'],
    });
    await put('PICKUP', [
      ['CREDIT_CARD_ONLINE', false],
      ['CASH', true],
      ['CREDIT_CARD_OFFLINE', true],
    ]);
    expect((await order(pickup([{ variantId: coffee() }]))).statusCode).toBe(201);
  });

  it('keeps the rules when two changes race', async () => {
    const results = await Promise.all([
      put('DELIVERY', [
        ['CASH', false],
        ['CREDIT_CARD_OFFLINE', true],
      ]),
      put('DELIVERY', [
        ['CREDIT_CARD_OFFLINE', false],
        ['CASH', true],
      ]),
      put('DELIVERY', [
        ['CASH', false],
        ['CREDIT_CARD_OFFLINE', false],
      ]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 422]);
    const now = active(await call('GET', url('DELIVERY')));
    expect(now.length).toBeGreaterThan(0);
    await put('DELIVERY', [
      ['CASH', true],
      ['CREDIT_CARD_OFFLINE', true],
    ]);
  });
});

describe('opening hours', () => {
  const hoursUrl = (id = f.madrid.id) =>
    `/api/admin/tenants/${f.casa.id}/branches/${id}/settings/operatinghours`;
  const casa = async () => authAs(ctx, 'owner@other.local');
  const slot = (open: string, close: string) => {
    const [oh, om] = open.split(':').map(Number);
    const [ch, cm] = close.split(':').map(Number);
    return { openHour: oh, openMinute: om, closeHour: ch, closeMinute: cm };
  };
  const week = (template: string, ...hours: ReturnType<typeof slot>[]) =>
    Array.from({ length: 7 }, (_, day) => ({
      day,
      checkoutTemplate: template,
      dayClosed: false,
      hours,
    }));
  const casaOrder = () =>
    order(pickup([{ variantId: f.variant('Patatas bravas').variantId }]), f.madrid.id, f.casa.id);

  afterAll(async () => {
    now = null;
    await call('PUT', hoursUrl(), week('PICKUP', slot('00:00', '23:59')), await casa());
  });

  it('reads seven days open around the clock until set', async () => {
    const res = await call(
      'GET',
      `${hoursUrl()}?checkoutTemplate=DELIVERY`,
      undefined,
      await casa(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual(
      Array.from({ length: 7 }, (_, day) => ({
        day,
        checkoutTemplate: 'DELIVERY',
        dayClosed: false,
        hours: [slot('00:00', '23:59')],
      })),
    );
    const all = await call('GET', hoursUrl(), undefined, await casa());
    expect(all.json().results).toHaveLength(28);
  });

  it('maps each rule onto its field, and stores a valid set', async () => {
    const monday = (hours: ReturnType<typeof slot>[]) => [
      { day: 1, checkoutTemplate: 'PICKUP', dayClosed: false, hours },
    ];
    const overlap = await call(
      'PUT',
      hoursUrl(),
      monday([slot('10:00', '14:00'), slot('13:00', '18:00')]),
      await casa(),
    );
    expect(overlap.statusCode).toBe(422);
    expect(codesOf(overlap)).toEqual({ '0.hours.1.openHour': ['operating_hour_intersection'] });
    expect(
      codesOf(await call('PUT', hoursUrl(), monday([slot('18:00', '10:00')]), await casa())),
    ).toEqual({ '0.hours.0.closeHour': ['operating_hour_range_invalid'] });
    expect(
      codesOf(
        await call(
          'PUT',
          hoursUrl(),
          monday([slot('10:00', '12:00'), slot('10:00', '11:00')]),
          await casa(),
        ),
      ),
    ).toEqual({ '0.hours.1.openHour': ['operating_hour_duplicate_opening_hours'] });
    expect(
      codesOf(await call('PUT', hoursUrl(), monday([slot('10:03', '12:00')]), await casa())),
    ).toEqual({ '0.hours.0.openMinute': ['operating_hour_minute_invalid'] });

    const ok = await call(
      'PUT',
      hoursUrl(),
      [
        ...monday([slot('18:00', '23:59'), slot('10:00', '14:00')]),
        // A closed day keeps no slots.
        { day: 2, checkoutTemplate: 'PICKUP', dayClosed: true, hours: [slot('10:00', '11:00')] },
      ],
      await casa(),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const days = ok.json().results as Json[];
    expect(days).toHaveLength(7);
    expect(days[1]).toEqual({
      day: 1,
      checkoutTemplate: 'PICKUP',
      dayClosed: false,
      hours: [slot('10:00', '14:00'), slot('18:00', '23:59')],
    });
    expect(days[2]).toEqual({ day: 2, checkoutTemplate: 'PICKUP', dayClosed: true, hours: [] });
    expect(days[3]).toMatchObject({ dayClosed: false, hours: [slot('00:00', '23:59')] });
  });

  it("refuses an order outside the template's hours in the branch's zone, across the DST change", async () => {
    // Madrid, every day 09:00–23:00 for pickup.
    await call('PUT', hoursUrl(), week('PICKUP', slot('09:00', '23:00')), await casa());
    // Saturday 29 March 2025, 23:30 CET (22:30 UTC): closed; Sunday opens 09:00 CEST.
    now = new Date('2025-03-29T22:30:00Z');
    const late = await casaOrder();
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual([
      {
        field: 'branchId',
        codes: ['store_closed_hours'],
        params: {
          nextOpeningTime: '2025-03-30T07:00:00.000Z',
          nextOpeningLocalTime: '2025-03-30T09:00',
        },
      },
    ]);
    // Sunday 07:30 UTC is 09:30 in summer time: open (in winter time it would be 08:30).
    now = new Date('2025-03-30T07:30:00Z');
    expect((await casaOrder()).statusCode).toBe(201);
    // The same instant in the public menu says so too.
    now = new Date('2025-03-30T06:30:00Z');
    const menu = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.casa.id}/branches/${f.madrid.id}/menu?checkoutTemplate=PICKUP`,
    });
    expect(menu.json().results).toMatchObject({
      openNow: false,
      nextOpeningTime: '2025-03-30T07:00:00.000Z',
    });
    // Delivery has no hours set: open around the clock.
    const delivery = await order(
      {
        ...pickup([{ variantId: f.variant('Patatas bravas').variantId }]),
        checkoutTemplate: 'DELIVERY',
        deliveryZoneId: f.zone(f.casa.id, 'Centro'),
        shippingAddress: { address1: 'Gran Vía 1' },
        phoneNumber: '+34911234500',
      },
      f.madrid.id,
      f.casa.id,
    );
    expect(delivery.statusCode, delivery.body).toBe(201);
    // A closed outlet is said first.
    await ctx.database.owner
      .update(s.branches)
      .set({ closed: true })
      .where(eq(s.branches.id, f.madrid.id));
    expect(codesOf(await casaOrder())).toEqual({ branchId: ['store_closed'] });
    await ctx.database.owner
      .update(s.branches)
      .set({ closed: false })
      .where(eq(s.branches.id, f.madrid.id));
  });

  it('lets a table call staff outside the hours', async () => {
    now = new Date('2025-03-29T22:30:00Z');
    const tables = await ctx.database.owner
      .select()
      .from(s.serviceAreas)
      .where(eq(s.serviceAreas.branchId, f.madrid.id));
    await call('PUT', hoursUrl(), week('DINING', slot('12:00', '16:00')), await casa());
    const call_ = await order(
      { ticketType: 'callstaff', serviceAreaId: tables[0]!.id },
      f.madrid.id,
      f.casa.id,
    );
    expect(call_.statusCode, call_.body).toBe(201);
    await call('PUT', hoursUrl(), week('DINING', slot('00:00', '23:59')), await casa());
    now = null;
  });
});

describe('delivery zones and fees', () => {
  const zones = () => call('GET', `${branch(f.sweifieh.id)}/deliveryZones`);
  const setZone = (zoneId: string, body: Json) =>
    call('PUT', `${branch(f.sweifieh.id)}/deliveryZones/${zoneId}`, {
      deliveryZoneId: zoneId,
      ...body,
    });
  const deliver = (zoneId: string) =>
    order(
      {
        ...pickup([{ variantId: coffee() }]),
        checkoutTemplate: 'DELIVERY',
        deliveryZoneId: zoneId,
        shippingAddress: { address1: 'Wasfi Al Tal St' },
        phoneNumber: '+962790000009',
      },
      f.sweifieh.id,
    );

  it('lists every zone with this branch’s switch and fee', async () => {
    const res = await zones();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        deliveryZoneLocalizedTitle: expect.objectContaining({ en: 'Abdoun', ar: 'عبدون' }),
        active: true,
        deliveryFee: 1.5,
      }),
      expect.objectContaining({
        deliveryZoneLocalizedTitle: expect.objectContaining({ en: 'Dabouq' }),
        active: false,
        deliveryFee: 3,
      }),
      expect.objectContaining({
        deliveryZoneLocalizedTitle: expect.objectContaining({ en: 'Khalda' }),
        active: true,
      }),
      expect.objectContaining({
        deliveryZoneLocalizedTitle: expect.objectContaining({ en: 'Sweifieh' }),
        active: true,
      }),
    ]);
    const config = await call('GET', `${branch(f.sweifieh.id)}/deliveryConfig`);
    expect(config.json().results).toEqual({ deliveryType: 'ZONE_BASED_FIXED_FEES' });
  });

  it("sets a zone's fee and the next delivery order is charged it", async () => {
    const zone = f.zone(f.alBayt.id, 'Sweifieh');
    const res = await setZone(zone, { active: true, deliveryFee: 2.75, title: 'Sweifieh' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({
      deliveryZoneId: zone,
      active: true,
      deliveryFee: 2.75,
    });
    const t = await deliver(zone);
    expect(t.statusCode, t.body).toBe(201);
    expect(t.json().results.cartData).toMatchObject({
      deliveryTotal: 2.75,
      total: 4,
      deliveryFeesUnDefined: false,
    });
    // Switched off: the fee is to be agreed, and the public menu no longer lists the zone.
    await setZone(zone, { active: false, deliveryFee: '2.75' });
    expect((await deliver(zone)).json().results.cartData).toMatchObject({
      deliveryFeesUnDefined: true,
    });
    await setZone(zone, { active: true, deliveryFee: '2' });
  });

  it('refuses a malformed or too large fee, another zone id, and an unknown zone', async () => {
    const zone = f.zone(f.alBayt.id, 'Khalda');
    expect(codesOf(await setZone(zone, { active: true, deliveryFee: '05' }))).toEqual({
      deliveryFee: ['delivery_fee_invalid'],
    });
    expect(codesOf(await setZone(zone, { active: true, deliveryFee: -1 }))).toEqual({
      deliveryFee: ['delivery_fee_invalid'],
    });
    expect(codesOf(await setZone(zone, { active: true, deliveryFee: 100000.5 }))).toEqual({
      deliveryFee: ['max'],
    });
    expect(codesOf(await setZone(zone, { active: true, deliveryFee: '1.2345' }))).toEqual({
      deliveryFee: ['delivery_fee_invalid'],
    });
    const mismatch = await call('PUT', `${branch(f.sweifieh.id)}/deliveryZones/${zone}`, {
      deliveryZoneId: randomUUID(),
      active: true,
      deliveryFee: 1,
    });
    expect(codesOf(mismatch)).toEqual({ deliveryZoneId: ['zone_mismatch'] });
    const unknown = randomUUID();
    expect((await setZone(unknown, { active: true, deliveryFee: 1 })).statusCode).toBe(404);
    expect(
      (await setZone(f.zone(f.casa.id, 'Centro'), { active: true, deliveryFee: 1 })).statusCode,
    ).toBe(404);
    expect(codesOf(await setZone(zone, { active: true, deliveryFee: 100000 }))).toEqual({});
    await setZone(zone, { active: true, deliveryFee: '2.5' });
  });
});

describe('branding', () => {
  const png = (width: number, height: number, alpha = false) =>
    sharp({
      create: {
        width,
        height,
        channels: alpha ? 4 : 3,
        background: alpha ? { r: 255, g: 255, b: 255, alpha: 0.3 } : { r: 200, g: 40, b: 40 },
      },
    })
      .png()
      .toBuffer();
  const jpeg = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#224488' } })
      .jpeg()
      .toBuffer();
  const upload = (path: string, bytes: Buffer) => {
    const boundary = '----branding-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `${tenant()}/${path}`,
      headers: { ...owner, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('reads the branding and sets a valid brand colour only', async () => {
    const res = await call('GET', `${tenant()}/settings/branding`);
    expect(res.json().results).toMatchObject({
      localizedName: { en: 'Al Bayt Kitchen' },
      theme: { primaryHex: '#1976d2' },
      view_ShowSection: true,
    });
    for (const bad of ['#12', '123456', '#12345g', ''])
      expect(
        codesOf(await call('PUT', `${tenant()}/settings/theme`, { primaryHex: bad })),
        bad,
      ).toEqual({
        primaryHex: [bad === '' ? 'hex_color_invalid' : 'hex_color_invalid'],
      });
    const ok = await call('PUT', `${tenant()}/settings/theme`, { primaryHex: '#C2185B' });
    expect(ok.json().results.theme).toEqual({ primaryHex: '#c2185b' });
    // White text on it reads at 5.87:1: no warning.
    expect(ok.json().results.warnings).toEqual([]);
    const short = await call('PUT', `${tenant()}/settings/theme`, { primaryHex: '#AbC' });
    expect(short.json().results.theme).toEqual({ primaryHex: '#abc' });
    // The storefront shows it.
    const store = await ctx.app.inject({ method: 'GET', url: '/api/public/storefronts/al-bayt' });
    expect(store.json().results.theme).toEqual({ primaryHex: '#abc' });
  });

  it('saves a brand colour white text cannot be read on, with a contrast warning and its remedies', async () => {
    const res = await call('PUT', `${tenant()}/settings/theme`, { primaryHex: '#F9A825' });
    expect(res.statusCode, res.body).toBe(200);
    const { theme, warnings } = res.json().results;
    expect(theme).toEqual({ primaryHex: '#f9a825' });
    expect(warnings).toEqual([
      {
        field: 'primaryHex',
        code: 'contrast',
        contrast: {
          whiteText: 1.97,
          blackText: 10.65,
          readableText: '#000000',
          darkerShade: expect.stringMatching(/^#[0-9a-f]{6}$/),
        },
      },
    ]);
    // The suggested shade keeps the hue and gives white text 4.5:1 or more.
    const shade = warnings[0].contrast.darkerShade as string;
    expect(contrastRatio('#ffffff', shade)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', shade)).toBeLessThan(4.7);
    const saved = await call('GET', `${tenant()}/settings/branding`);
    expect(saved.json().results.theme).toEqual({ primaryHex: '#f9a825' });
  });

  it('sets the business name in three languages, at most 25 characters', async () => {
    const name = { fieldValue: 'Al Bayt', en: 'Al Bayt', ar: 'البيت', es: 'La Casa' };
    const ok = await call('PUT', `${tenant()}/settings/name`, { localizedName: name });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().results.localizedName).toEqual(name);
    const long = await call('PUT', `${tenant()}/settings/name`, {
      localizedName: { ...name, es: 'x'.repeat(26) },
    });
    expect(codesOf(long)).toEqual({ 'localizedName.es': ['max'] });
    await call('PUT', `${tenant()}/settings/name`, { localizedName: f.alBayt.name });
  });

  it('refuses delivery focused while several main sections exist', async () => {
    const res = await call('PUT', `${tenant()}/settings/viewproperties`, {
      view_ShowSection: false,
    });
    expect(res.statusCode).toBe(422);
    expect(codesOf(res)).toEqual({ view_ShowSection: ['view_multiple_sections'] });
    // Casa Verde has one main section.
    const casa = await authAs(ctx, 'owner@other.local');
    const ok = await call(
      'PUT',
      `/api/admin/tenants/${f.casa.id}/settings/viewproperties`,
      { view_ShowSection: false },
      casa,
    );
    expect(ok.json().results.view_ShowSection).toBe(false);
    await call(
      'PUT',
      `/api/admin/tenants/${f.casa.id}/settings/viewproperties`,
      { view_ShowSection: true },
      casa,
    );
  });

  it('stores each image in its place, checking proportions and the transparent PNG', async () => {
    const logo = await upload('ImagesHandler/logo', await jpeg(300, 300));
    expect(logo.statusCode, logo.body).toBe(201);
    expect(logo.json().results).toMatchObject({
      width: 300,
      height: 300,
      contentType: 'image/jpeg',
    });
    expect(codesOf(await upload('ImagesHandler/logo', await jpeg(400, 300)))).toEqual({
      file: ['image_aspect_invalid'],
    });
    expect(codesOf(await upload('ImagesHandler/logowhite', await jpeg(500, 500)))).toEqual({
      file: ['image_png_transparent_required'],
    });
    expect(codesOf(await upload('ImagesHandler/logowhite', await png(500, 500)))).toEqual({
      file: ['image_png_transparent_required'],
    });
    const white = await upload('ImagesHandler/logowhite', await png(500, 500, true));
    expect(white.statusCode, white.body).toBe(201);
    const landing = await upload('settings/images/landing', await jpeg(540, 960));
    expect(landing.statusCode, landing.body).toBe(201);
    const banner = await upload('settings/images/banner', await jpeg(1360, 600));
    expect(banner.statusCode, banner.body).toBe(201);
    const branding = (await call('GET', `${tenant()}/settings/branding`)).json().results;
    expect(branding).toMatchObject({
      logoUrl: logo.json().results.url,
      logoWhiteUrl: white.json().results.url,
      landingImageUrl: landing.json().results.url,
      bannerImageUrl: banner.json().results.url,
    });
    // The stored file is served.
    const served = await ctx.app.inject({ method: 'GET', url: branding.logoUrl });
    expect(served.statusCode).toBe(200);
    expect((await upload('ImagesHandler/logo', Buffer.from('not an image'))).statusCode).toBe(422);
  });

  it('is the owner’s alone', async () => {
    expect(
      (await call('PUT', `${tenant()}/settings/theme`, { primaryHex: '#000' }, manager)).statusCode,
    ).toBe(403);
  });
});
