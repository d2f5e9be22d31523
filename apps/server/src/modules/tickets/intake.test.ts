import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import {
  demoFixtures,
  insertPickupAdjustment,
  intakeUrl,
  pickup,
  type DemoFixtures,
} from './test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let db: TestContext['database']['db'];

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  db = ctx.database.owner;
  f = await demoFixtures(db);
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
const place = (body: unknown, opts: { branchId?: string; tenantId?: string; key?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: intakeUrl(opts.tenantId ?? f.alBayt.id, opts.branchId ?? f.abdoun.id),
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
    payload: body as Json,
  });
/** Direct catalogue edits bump the version as the catalogue calls do (intake caches by it). */
const touch = () =>
  db
    .update(s.tenants)
    .set({ catalogVersion: sql`${s.tenants.catalogVersion} + 1` })
    .where(eq(s.tenants.id, f.alBayt.id));
const codesOf = (res: { json(): { errors?: { field: string; codes: string[] }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.codes]));

const delivery = (zoneId: string, lines: Json[]) => ({
  checkoutTemplate: 'DELIVERY',
  cartItems: lines,
  deliveryZoneId: zoneId,
  shippingAddress: {
    lat: 31.95,
    lng: 35.88,
    address1: 'Abdoun Circle',
    building: '12',
    floor: '3',
    apartment: '7',
  },
  phoneNumber: '+962791112233',
  firstName: 'Omar',
  isFulfillmentAsap: true,
  paymentMethodType: 'CASH',
  lang: 'ar',
});

describe('order intake pricing', () => {
  it('prices an inclusive tax as contained in the price', async () => {
    const hummus = f.variant('Hummus', 'Large');
    const res = await place(pickup([{ variantId: hummus.variantId, quantity: 2 }]));
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().results;
    expect(t).toMatchObject({
      ticketType: 'cartticket',
      status: 'UnVerified',
      branchId: f.abdoun.id,
      tenantName: { en: 'Al Bayt Kitchen' },
      ticketDetails: { checkoutUiTemplate: 'PICKUP', paymentMethodType: 'CASH' },
    });
    const line = t.cartData.cartItems[0];
    expect(line).toMatchObject({
      quantity: 2,
      price: 2.5,
      total: 5,
      totalForDisplay: 5,
      taxAmount: 0.69,
      taxes: [{ taxType: 'INCLUSIVE', percentage: 16, taxAmount: 0.69 }],
      localizedTitle: { en: 'Hummus' },
      variant: { localizedTitle: { en: 'Large' }, price: 2.5, basePrice: 2.5 },
    });
    expect(t.cartData).toMatchObject({
      currency: 'JOD',
      itemsTotal: 5,
      inclusiveTaxTotal: 0.69,
      additiveTaxTotal: 0,
      itemsTotalForDisplay: 5,
      deliveryTotal: 0,
      deliveryFeesUnDefined: false,
      total: 5,
    });
    // Stored exactly, as numeric and decimal text.
    const [row] = await db.select().from(s.tickets).where(eq(s.tickets.id, t.id));
    expect(row!.total).toBe('5.000');
    expect(row!.cartData.cartItems[0]!.taxes[0]!.taxAmount).toBe('0.690');
  });

  it('adds an additive tax on top and keeps the inclusive one inside', async () => {
    const grill = f.variant('Mixed grill', 'For one');
    const res = await place(pickup([{ variantId: grill.variantId }]));
    expect(res.statusCode, res.body).toBe(201);
    const { cartData } = res.json().results;
    expect(cartData.cartItems[0]).toMatchObject({
      total: 8.5,
      totalForDisplay: 9.35,
      taxAmount: 2.022,
    });
    expect(cartData.cartItems[0].taxes).toEqual([
      expect.objectContaining({ taxType: 'ADDITIVE', percentage: 10, taxAmount: 0.85 }),
      expect.objectContaining({ taxType: 'INCLUSIVE', percentage: 16, taxAmount: 1.172 }),
    ]);
    expect(cartData).toMatchObject({
      itemsTotal: 8.5,
      additiveTaxTotal: 0.85,
      inclusiveTaxTotal: 1.172,
      itemsTotalForDisplay: 9.35,
      total: 9.35,
    });
  });

  it('ignores prices a client sends', async () => {
    const tea = f.variant('Mint tea');
    const body = pickup([{ variantId: tea.variantId, quantity: 3 }]) as Json & {
      cartItems: Json[];
    };
    body.cartItems[0] = { ...body.cartItems[0], price: 0.001, total: 0.003 };
    const res = await place({ ...body, total: 0.003 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().results.cartData.total).toBe(2.7);
  });

  it("charges the branch's fee of an active delivery zone", async () => {
    const coffee = f.variant('Arabic coffee');
    const res = await place(
      delivery(f.zone(f.alBayt.id, 'Abdoun'), [{ variantId: coffee.variantId, quantity: 2 }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const t = res.json().results;
    expect(t.cartData).toMatchObject({
      itemsTotal: 2.5,
      deliveryTotal: 1.5,
      deliveryFeesUnDefined: false,
      deliveryFeesDetails: { totalForDisplay: 1.5, taxAmount: 0 },
      total: 4,
    });
    expect(t.lang).toBe('ar');
    expect(t.ticketDetails).toMatchObject({
      checkoutUiTemplate: 'DELIVERY',
      deliveryZone: { en: 'Abdoun', ar: 'عبدون' },
      shippingAddress: { address1: 'Abdoun Circle', building: '12', lat: 31.95 },
      phoneNumber: '+962791112233',
      isFulfillmentAsap: true,
    });
  });

  it('marks the fee undefined for a zone the branch has not switched on', async () => {
    const khalda = f.zone(f.alBayt.id, 'Khalda');
    await db
      .update(s.branchDeliveryZones)
      .set({ active: false })
      .where(
        and(
          eq(s.branchDeliveryZones.branchId, f.sweifieh.id),
          eq(s.branchDeliveryZones.deliveryZoneId, khalda),
        ),
      );
    const coffee = f.variant('Arabic coffee');
    const res = await place(delivery(khalda, [{ variantId: coffee.variantId, quantity: 1 }]), {
      branchId: f.sweifieh.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().results.cartData).toMatchObject({
      deliveryTotal: 0,
      deliveryFeesUnDefined: true,
      total: 1.25,
    });
  });

  it('applies the highest-priority price adjustment for the template', async () => {
    const tawook = f.variant('Shish tawook');
    const adj = await insertPickupAdjustment(
      db,
      f.alBayt.id,
      { name: 'Pickup deal', adjustmentDirection: 'Decrease', amount: '10' },
      [tawook.variantId],
    );
    const res = await place(pickup([{ variantId: tawook.variantId, quantity: 2 }]));
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json().results.cartData.cartItems[0];
    expect(line.variant).toMatchObject({
      price: 5.625,
      basePrice: 6.25,
      appliedPriceAdjustmentId: adj.id,
    });
    expect(line).toMatchObject({ total: 11.25, totalForDisplay: 12.375 });

    // Not for delivery: the catalogue price.
    const other = await place(
      delivery(f.zone(f.alBayt.id, 'Abdoun'), [{ variantId: tawook.variantId, quantity: 1 }]),
    );
    expect(other.json().results.cartData.cartItems[0].variant).toMatchObject({
      price: 6.25,
      appliedPriceAdjustmentId: null,
    });
  });

  it('rounds to the currency: euros to cents', async () => {
    const bravas = f.variant('Patatas bravas');
    await insertPickupAdjustment(
      db,
      f.casa.id,
      { name: 'Seven up', adjustmentDirection: 'Increase', amount: '7' },
      [bravas.variantId],
    );
    const res = await place(pickup([{ variantId: bravas.variantId, quantity: 3 }]), {
      tenantId: f.casa.id,
      branchId: f.madrid.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { cartData } = res.json().results;
    // 5.50 + 7 % = 5.885 → 5.89; IVA 10 % inside 17.67 = 1.606… → 1.61.
    expect(cartData.currency).toBe('EUR');
    expect(cartData.cartItems[0]).toMatchObject({ price: 5.89, total: 17.67, taxAmount: 1.61 });
    expect(cartData.total).toBe(17.67);
  });
});

describe('modifiers', () => {
  let extras: { group: string; bread: string; pickles: string; cheese: string };
  let sauce: { group: string; garlic: string; chili: string };

  beforeAll(async () => {
    const falafel = f.variant('Falafel plate');
    const tenantId = f.alBayt.id;
    const t = (en: string) => ({ fieldValue: en, en });
    const [g1] = await db
      .insert(s.modifierGroups)
      .values({
        tenantId,
        name: 'Extras',
        title: t('Extras'),
        minQuantity: 0,
        maxQuantity: 3,
        allowModifierItemCounter: true,
      })
      .returning();
    const [g2] = await db
      .insert(s.modifierGroups)
      .values({ tenantId, name: 'Sauce', title: t('Sauce'), minQuantity: 1, maxQuantity: 1 })
      .returning();
    const items = await db
      .insert(s.modifierItems)
      .values([
        { tenantId, groupId: g1!.id, title: t('Extra bread'), price: '0.250', position: 0 },
        { tenantId, groupId: g1!.id, title: t('Pickles'), price: '0.150', position: 1 },
        {
          tenantId,
          groupId: g1!.id,
          title: t('Cheese'),
          price: '0.500',
          position: 2,
          active: false,
        },
        { tenantId, groupId: g2!.id, title: t('Garlic'), price: '0', position: 0 },
        { tenantId, groupId: g2!.id, title: t('Chili'), price: '0.100', position: 1 },
      ])
      .returning();
    const id = (en: string) => items.find((i) => i.title.en === en)!.id;
    await db.insert(s.itemModifierGroups).values([
      { tenantId, itemId: falafel.itemId, groupId: g1!.id, position: 0 },
      { tenantId, itemId: falafel.itemId, groupId: g2!.id, position: 1 },
    ]);
    await touch();
    extras = {
      group: g1!.id,
      bread: id('Extra bread'),
      pickles: id('Pickles'),
      cheese: id('Cheese'),
    };
    sauce = { group: g2!.id, garlic: id('Garlic'), chili: id('Chili') };
  });

  const falafelWith = (modifiers: { modifierItemId: string; quantity?: number }[], quantity = 1) =>
    pickup([
      { variantId: f.variant('Falafel plate').variantId, quantity, modifiers } as {
        variantId: string;
      },
    ]);

  it('prices modifiers into the line and its taxes', async () => {
    const res = await place(
      falafelWith(
        [{ modifierItemId: extras.bread, quantity: 2 }, { modifierItemId: sauce.chili }],
        2,
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const line = res.json().results.cartData.cartItems[0];
    // (2.250 + 2 × 0.250 + 0.100) × 2 = 5.700; VAT inside: 5.700 × 16 / 116 = 0.786.
    expect(line).toMatchObject({ price: 2.85, total: 5.7, taxAmount: 0.786 });
    expect(line.itemModifiers).toEqual([
      expect.objectContaining({
        id: extras.bread,
        modifierGroupId: extras.group,
        modifierGroupTitle: { fieldValue: 'Extras', en: 'Extras' },
        localizedTitle: { fieldValue: 'Extra bread', en: 'Extra bread' },
        price: 0.25,
        quantity: 2,
        total: 0.5,
        childItemModifiers: [],
      }),
      expect.objectContaining({ id: sauce.chili, price: 0.1, quantity: 1, total: 0.1 }),
    ]);
  });

  it("refuses what breaks a group's minimum or maximum", async () => {
    const none = await place(falafelWith([]));
    expect(none.statusCode).toBe(422);
    expect(codesOf(none)).toEqual({
      [`cartItems.0.modifierGroups.${sauce.group}`]: ['modifier_group_min'],
    });
    const two = await place(
      falafelWith([{ modifierItemId: sauce.garlic }, { modifierItemId: sauce.chili }]),
    );
    expect(codesOf(two)).toEqual({
      [`cartItems.0.modifierGroups.${sauce.group}`]: ['modifier_group_max'],
    });
    const many = await place(
      falafelWith([
        { modifierItemId: sauce.garlic },
        { modifierItemId: extras.bread, quantity: 3 },
        { modifierItemId: extras.pickles },
      ]),
    );
    expect(codesOf(many)).toEqual({
      [`cartItems.0.modifierGroups.${extras.group}`]: ['modifier_group_max'],
    });
  });

  it('refuses counted, duplicated, inactive and foreign modifiers', async () => {
    const counted = await place(falafelWith([{ modifierItemId: sauce.garlic, quantity: 2 }]));
    expect(codesOf(counted)).toMatchObject({
      'cartItems.0.modifiers.0.quantity': ['modifier_quantity_max'],
    });
    const dup = await place(
      falafelWith([{ modifierItemId: sauce.garlic }, { modifierItemId: sauce.garlic }]),
    );
    expect(codesOf(dup)).toMatchObject({
      'cartItems.0.modifiers.1.modifierItemId': ['modifier_duplicate'],
    });
    const inactive = await place(
      falafelWith([{ modifierItemId: sauce.garlic }, { modifierItemId: extras.cheese }]),
    );
    expect(codesOf(inactive)).toEqual({ 'cartItems.0.modifiers.1': ['item_inactive'] });
    // A modifier of a group linked to another item only.
    const hummus = f.variant('Hummus', 'Small');
    const foreign = await place(
      pickup([
        { variantId: hummus.variantId, modifiers: [{ modifierItemId: extras.bread }] } as {
          variantId: string;
        },
      ]),
    );
    expect(codesOf(foreign)).toEqual({
      'cartItems.0.modifiers.0.modifierItemId': ['modifier_not_allowed'],
    });
  });
});

describe('refusals', () => {
  const coffee = () => f.variant('Arabic coffee');

  it('obeys the outlet status at once: closed, then not accepting orders', async () => {
    const manager = await authAs(ctx, 'manager@demo.local');
    const status = (body: Json) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/tenants/${f.alBayt.id}/status/${f.sweifieh.id}`,
        headers: manager,
        payload: body,
      });
    const order = () =>
      place(pickup([{ variantId: coffee().variantId }]), { branchId: f.sweifieh.id });

    expect((await status({ closed: true, acceptingOrders: true, busy: false })).statusCode).toBe(
      200,
    );
    const closed = await order();
    expect(closed.statusCode).toBe(422);
    expect(codesOf(closed)).toEqual({ branchId: ['store_closed'] });

    await status({ closed: false, acceptingOrders: false, busy: false });
    const paused = await order();
    expect(codesOf(paused)).toEqual({ branchId: ['store_not_accepting_orders'] });

    await status({ closed: false, acceptingOrders: true, busy: true });
    expect((await order()).statusCode).toBe(201);
  });

  it('refuses items hidden, out of stock or excluded (item_inactive)', async () => {
    const tea = f.variant('Mint tea');
    const setItem = async (patch: Partial<typeof s.items.$inferInsert>) => {
      await db.update(s.items).set(patch).where(eq(s.items.id, tea.itemId));
      await touch();
    };
    const order = (template = 'PICKUP', branchId = f.abdoun.id) =>
      place(
        {
          ...pickup([{ variantId: tea.variantId }]),
          checkoutTemplate: template,
          ...(template === 'DINING' ? { serviceAreaId: f.table('4') } : {}),
        },
        { branchId },
      );
    const inactive = { 'cartItems.0': ['item_inactive'] };

    await setItem({ active: false });
    expect(codesOf(await order())).toEqual(inactive);
    await setItem({ active: true, outOfStock: true });
    expect(codesOf(await order())).toEqual(inactive);
    await setItem({ outOfStock: false, excludedCheckoutTemplates: ['DINING'] });
    expect(codesOf(await order('DINING'))).toEqual(inactive);
    expect((await order('PICKUP')).statusCode).toBe(201);
    await setItem({ excludedCheckoutTemplates: [], excludedBranches: [f.sweifieh.id] });
    expect(codesOf(await order('PICKUP', f.sweifieh.id))).toEqual(inactive);
    expect((await order('PICKUP', f.abdoun.id)).statusCode).toBe(201);
    await setItem({ excludedBranches: [] });
  });

  it('refuses items whose section, or a parent section, is off, excluded or shut', async () => {
    const tawook = f.variant('Shish tawook');
    const shawarma = f.variant('Chicken shawarma');
    const mains = f.section('Mains');
    await db.update(s.categories).set({ active: false }).where(eq(s.categories.id, mains));
    await touch();
    expect(codesOf(await place(pickup([{ variantId: tawook.variantId }])))).toEqual({
      'cartItems.0': ['item_inactive'],
    });
    await db.update(s.categories).set({ active: true }).where(eq(s.categories.id, mains));
    await touch();

    // The Sandwiches section is excluded from dining in the demo menu.
    const dining = await place({
      ...pickup([{ variantId: shawarma.variantId }]),
      checkoutTemplate: 'DINING',
      serviceAreaId: f.table('2'),
    });
    expect(codesOf(dining)).toEqual({ 'cartItems.0': ['item_inactive'] });

    // Drinks (the parent of Hot drinks) shut every day: every drink is refused, food is not.
    const drinks = f.section('Drinks');
    await db.insert(s.categorySchedules).values(
      [0, 1, 2, 3, 4, 5, 6].map((day) => ({
        tenantId: f.alBayt.id,
        categoryId: drinks,
        day,
        dayClosed: true,
      })),
    );
    await touch();
    const mixed = await place(
      pickup([
        { variantId: f.variant('Hummus', 'Small').variantId },
        { variantId: coffee().variantId },
      ]),
    );
    expect(codesOf(mixed)).toEqual({ 'cartItems.1': ['item_inactive'] });
    await db.delete(s.categorySchedules).where(eq(s.categorySchedules.categoryId, drinks));
    await touch();
    expect((await place(pickup([{ variantId: coffee().variantId }]))).statusCode).toBe(201);
  });

  it('refuses unknown and foreign variants, and special requests the item does not take', async () => {
    const [foreign] = await db.select().from(s.variants).where(eq(s.variants.tenantId, f.casa.id));
    const res = await place(pickup([{ variantId: randomUUID() }, { variantId: foreign!.id }]));
    expect(codesOf(res)).toEqual({
      'cartItems.0.variantId': ['item_not_found'],
      'cartItems.1.variantId': ['item_not_found'],
    });
    const tea = f.variant('Mint tea');
    await db.update(s.items).set({ enableSpecialRequest: false }).where(eq(s.items.id, tea.itemId));
    await touch();
    const special = await place(
      pickup([{ variantId: tea.variantId, specialRequest: 'No sugar' } as { variantId: string }]),
    );
    expect(codesOf(special)).toEqual({
      'cartItems.0.specialRequest': ['special_request_not_allowed'],
    });
    await db.update(s.items).set({ enableSpecialRequest: true }).where(eq(s.items.id, tea.itemId));
    await touch();
    const ok = await place(
      pickup([{ variantId: tea.variantId, specialRequest: 'No sugar' } as { variantId: string }]),
    );
    expect(ok.json().results.cartData.cartItems[0].specialRequest).toBe('No sugar');
  });

  it('refuses the menu template, a template the branch does not offer, and bad tables', async () => {
    const lines = [{ variantId: coffee().variantId }];
    const menu = await place({ ...pickup(lines), checkoutTemplate: 'MENU' });
    expect(codesOf(menu)).toEqual({ checkoutTemplate: ['checkout_template_not_orderable'] });
    const notHere = await place(
      { ...pickup(lines), checkoutTemplate: 'DINING', serviceAreaId: f.table('1') },
      { branchId: f.sweifieh.id },
    );
    expect(codesOf(notHere)).toEqual({ checkoutTemplate: ['checkout_template_disabled'] });
    const noTable = await place({ ...pickup(lines), checkoutTemplate: 'DINING' });
    expect(codesOf(noTable)).toEqual({ serviceAreaId: ['required'] });
    const unknown = await place({
      ...pickup(lines),
      checkoutTemplate: 'DINING',
      serviceAreaId: randomUUID(),
    });
    expect(codesOf(unknown)).toEqual({ serviceAreaId: ['service_area_not_found'] });
    await db
      .update(s.serviceAreas)
      .set({ template: 'MENU' })
      .where(eq(s.serviceAreas.id, f.table('9')));
    const menuOnly = await place({
      ...pickup(lines),
      checkoutTemplate: 'DINING',
      serviceAreaId: f.table('9'),
    });
    expect(codesOf(menuOnly)).toEqual({ serviceAreaId: ['service_area_menu_only'] });
    const dining = await place({
      ...pickup(lines),
      checkoutTemplate: 'DINING',
      serviceAreaId: f.table('7'),
    });
    expect(dining.statusCode, dining.body).toBe(201);
    expect(dining.json().results.ticketDetails.serviceArea).toMatchObject({
      value: '7',
      sectionName: 'Ground floor',
    });
  });

  it('asks for what a delivery needs, and refuses a zone of another tenant', async () => {
    const res = await place({
      checkoutTemplate: 'DELIVERY',
      cartItems: [{ variantId: coffee().variantId, quantity: 1 }],
      paymentMethodType: 'CASH',
    });
    expect(codesOf(res)).toEqual({
      deliveryZoneId: ['required'],
      shippingAddress: ['required'],
      phoneNumber: ['required'],
      preferredFulfillmentLocalDateTime: ['required'],
    });
    const foreign = await place(
      delivery(f.zone(f.casa.id, 'Centro'), [{ variantId: coffee().variantId, quantity: 1 }]),
    );
    expect(codesOf(foreign)).toEqual({ deliveryZoneId: ['delivery_zone_not_found'] });
    const abdoun = () =>
      delivery(f.zone(f.alBayt.id, 'Abdoun'), [{ variantId: coffee().variantId, quantity: 1 }]);
    const online = await place({ ...abdoun(), paymentMethodType: 'CREDIT_CARD_ONLINE' });
    // An online payment needs the provider's token.
    expect(codesOf(online)).toEqual({ paymentToken: ['required'] });
    for (const phoneNumber of ['call me', '12', '+1 555']) {
      const badPhone = await place({ ...abdoun(), phoneNumber });
      expect(codesOf(badPhone), phoneNumber).toEqual({ phoneNumber: ['phone_invalid'] });
    }
  });

  it("reads a phone typed the local way in the branch's country, and keeps it in E.164", async () => {
    for (const phoneNumber of ['0791234567', '079 123 4567', '+962 79 123 4567']) {
      const res = await place({
        ...delivery(f.zone(f.alBayt.id, 'Abdoun'), [
          { variantId: coffee().variantId, quantity: 1 },
        ]),
        phoneNumber,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().results.ticketDetails.phoneNumber).toBe('+962791234567');
    }
  });

  it('takes a preferred time ahead and refuses one gone by', async () => {
    const lines = [{ variantId: coffee().variantId }];
    const past = await place({
      ...pickup(lines),
      isFulfillmentAsap: false,
      preferredFulfillmentLocalDateTime: '2020-01-01T10:00',
    });
    expect(codesOf(past)).toEqual({ preferredFulfillmentLocalDateTime: ['fulfillment_time_past'] });
    const later = await place({
      ...pickup(lines),
      isFulfillmentAsap: false,
      preferredFulfillmentLocalDateTime: '2099-12-31T20:30',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json().results.ticketDetails).toMatchObject({
      preferredFulfillmentLocalDateTime: '2099-12-31T20:30',
      isFulfillmentAsap: false,
    });
    const invalid = await place({
      ...pickup(lines),
      isFulfillmentAsap: false,
      preferredFulfillmentLocalDateTime: '2099-02-30T20:30',
    });
    expect(codesOf(invalid)).toEqual({ preferredFulfillmentLocalDateTime: ['datetime_invalid'] });
  });

  it('answers 404 for an unknown tenant or a branch of another tenant', async () => {
    const lines = [{ variantId: coffee().variantId }];
    expect((await place(pickup(lines), { tenantId: randomUUID() })).statusCode).toBe(404);
    expect((await place(pickup(lines), { branchId: f.madrid.id })).statusCode).toBe(404);
  });
});

describe('call staff', () => {
  it('takes a call from a table, with no cart', async () => {
    const res = await place({ ticketType: 'callstaff', serviceAreaId: f.table('3'), lang: 'ar' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().results).toMatchObject({
      ticketType: 'callstaff',
      status: 'UnVerified',
      ticketDetails: { checkoutUiTemplate: 'DINING', serviceArea: { value: '3' } },
      cartData: { cartItems: [], total: 0 },
    });
    const withCart = await place({
      ticketType: 'callstaff',
      serviceAreaId: f.table('3'),
      cartItems: [{ variantId: f.variant('Mint tea').variantId, quantity: 1 }],
    });
    expect(codesOf(withCart)).toEqual({ cartItems: ['callstaff_has_no_cart'] });
  });
});

describe('idempotency and numbering', () => {
  const order = () => pickup([{ variantId: f.variant('Mint tea').variantId }]);

  it('answers a retry with the first ticket, never a second', async () => {
    const key = randomUUID();
    const first = await place(order(), { key });
    const again = await place(order(), { key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().results.id).toBe(first.json().results.id);
    expect(again.json().results.ticketNumber).toBe(first.json().results.ticketNumber);
    const rows = await db.select().from(s.tickets).where(eq(s.tickets.idempotencyKey, key));
    expect(rows).toHaveLength(1);

    const other = await place({ ...order(), firstName: 'Someone else' }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    const bad = await place(order(), { key: 'spaces are not allowed' });
    expect(bad.statusCode).toBe(422);
  });

  it('makes one ticket of concurrent retries with one key', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 12 }, () => place(order(), { key })));
    expect(answers.map((a) => a.statusCode).sort((a, b) => a - b)).toEqual([
      ...Array(11).fill(200),
      201,
    ]);
    expect(new Set(answers.map((a) => a.json().results.id)).size).toBe(1);
    const rows = await db.select().from(s.tickets).where(eq(s.tickets.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('numbers 1,000 concurrent orders with no loss and no repeat', async () => {
    const before = await db
      .select({ n: s.tickets.ticketNumber })
      .from(s.tickets)
      .where(eq(s.tickets.tenantId, f.alBayt.id));
    const highest = Math.max(0, ...before.map((r) => r.n));
    // As a client does: an order refused with 503 (the pool's queue too long on a loaded
    // machine; nothing written) is sent again with its key until it is taken.
    const placeUntilTaken = async (key: string) => {
      for (let attempt = 1; ; attempt++) {
        const res = await place(order(), { key });
        if (res.statusCode !== 503 || attempt === 10) return res;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    };
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => placeUntilTaken(`bulk-${i}`)),
    );
    // 201, or 200 should a refused answer have followed its commit (the same order, replayed).
    expect(answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 200)).toEqual([]);
    const numbers = answers.map((a) => a.json().results.ticketNumber as number);
    expect(new Set(numbers).size).toBe(1000);
    expect(Math.min(...numbers)).toBe(highest + 1);
    expect(Math.max(...numbers)).toBe(highest + 1000);
    const after = await db
      .select({ n: s.tickets.ticketNumber })
      .from(s.tickets)
      .where(eq(s.tickets.tenantId, f.alBayt.id));
    expect(after).toHaveLength(before.length + 1000);
    // Another tenant counts on its own.
    const casa = await db
      .select()
      .from(s.ticketCounters)
      .where(eq(s.ticketCounters.tenantId, f.casa.id));
    expect(casa[0]?.lastNumber ?? 0).toBeLessThan(10);
  }, 180_000);
});

describe('public menu', () => {
  it('lists what can be ordered, priced, with zones or tables', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=DINING`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const menu = res.json().results;
    const titles = menu.sections.flatMap((sec: { items: { localizedTitle: { en: string } }[] }) =>
      sec.items.map((i) => i.localizedTitle.en),
    );
    expect(titles).toContain('Hummus');
    expect(titles).not.toContain('Chicken shawarma');
    expect(menu.serviceAreas.length).toBeGreaterThan(0);
    const store = await ctx.app.inject({ method: 'GET', url: '/api/public/storefronts/al-bayt' });
    expect(store.json().results).toMatchObject({ tenantId: f.alBayt.id, defaultCurrency: 'JOD' });
    const deliveryMenu = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/tenants/${f.alBayt.id}/branches/${f.abdoun.id}/menu?checkoutTemplate=DELIVERY`,
    });
    expect(deliveryMenu.json().results.deliveryZones).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          localizedTitle: expect.objectContaining({ en: 'Abdoun' }),
          deliveryFee: 1.5,
        }),
      ]),
    );
  });
});
