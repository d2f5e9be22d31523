import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_STEPS } from '@app/contracts';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { DEMO_PASSWORD } from '../../db/demo-data.ts';

let ctx: TestContext;
let hash: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  hash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
}, 120_000);
afterAll(() => ctx.close());

/** A user without a tenant, as self-registration leaves one. */
async function newUser(email: string) {
  await ctx.database.owner
    .insert(s.users)
    .values({ email, displayName: email, passwordHash: hash });
  return authAs(ctx, email);
}

const URL = '/api/admin/signup/outlet';
const valid = { country: 'JO', outletName: 'Falafel-House', phoneNumber: '+962 79 123 4567' };
const signUp = async (headers: Record<string, string>, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: URL, headers, payload: body });
const codes = (res: { json(): { errors?: { field: string; codes: string[] }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.codes]));

describe('outlet sign-up', () => {
  it('makes the caller the owner of a new tenant with a branch, a menu section and a trial', async () => {
    const headers = await newUser('founder@example.com');
    const res = await signUp(headers, { ...valid, language: 'ar' });
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json().results;
    expect(result.slug).toBe('falafel-house');
    const trialDays = (Date.parse(result.trialEndsAt) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/admin/tenants/', headers });
    expect(profile.json().results).toMatchObject({
      tenantId: result.tenantId,
      role: 'StoreOwner',
      defaultCurrency: 'JOD',
      defaultAdminLanguage: 'ar',
      localizedName: { en: 'Falafel-House', ar: 'Falafel-House' },
      branchProfiles: [
        {
          branchId: result.branchId,
          phoneNumber: '+962791234567',
          timeZone: 'Asia/Amman',
          checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
        },
      ],
    });
    expect(profile.json().results.permissions).toContain('MainDashboard');
    const sections = await ctx.database.owner
      .select()
      .from(s.categories)
      .where(eq(s.categories.tenantId, result.tenantId));
    expect(sections.map((c) => c.title.en)).toEqual(['Menu']);
    const items = await ctx.database.owner
      .select()
      .from(s.items)
      .where(eq(s.items.tenantId, result.tenantId));
    expect(items).toEqual([]);
    // The super admin sees it, with its country and trial.
    const all = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/tenants/all?search=falafel',
      headers: await authAs(ctx, 'admin@demo.local'),
    });
    expect(all.json().results).toEqual([
      expect.objectContaining({
        slug: 'falafel-house',
        country: 'JO',
        ownerEmails: ['founder@example.com'],
        trialEndsAt: result.trialEndsAt,
        active: true,
      }),
    ]);
    // Its storefront is open at its address.
    const store = await ctx.app.inject({
      method: 'GET',
      url: '/api/public/storefronts/falafel-house',
    });
    expect(store.statusCode).toBe(200);

    const again = await signUp(headers, { ...valid, outletName: 'Second-Place' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_has_tenant');
  });

  it('gives a Spanish outlet euros and Madrid time', async () => {
    const headers = await newUser('madrid@example.com');
    const res = await signUp(headers, {
      country: 'ES',
      outletName: 'Bar-Pepe',
      phoneNumber: '+34612345678',
    });
    expect(res.statusCode, res.body).toBe(201);
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/admin/tenants/', headers });
    expect(profile.json().results).toMatchObject({
      defaultCurrency: 'EUR',
      defaultAdminLanguage: 'en',
      branchProfiles: [{ timeZone: 'Europe/Madrid' }],
    });
  });

  it.each([
    [{ outletName: '' }, 'outletName', 'required'],
    [{ outletName: 'Ab' }, 'outletName', 'min'],
    [{ outletName: 'A'.repeat(51) }, 'outletName', 'max'],
    [{ outletName: 'Café-Bar' }, 'outletName', 'outlet_name_invalid'],
    [{ outletName: 'Two Words' }, 'outletName', 'outlet_name_invalid'],
    [{ outletName: 'Bar-42' }, 'outletName', 'outlet_name_invalid'],
    [{ outletName: '-Bar' }, 'outletName', 'outlet_name_invalid'],
    [{ outletName: 'مطعم' }, 'outletName', 'outlet_name_invalid'],
    [{ phoneNumber: '0791234567' }, 'phoneNumber', 'phone_invalid'],
    [{ phoneNumber: '+96212' }, 'phoneNumber', 'phone_invalid'],
    [{ country: 'XX' }, 'country', 'invalid_value'],
    // The server's validator does not see the missing input: a missing choice reads invalid_value.
    [{ country: undefined }, 'country', 'invalid_value'],
  ])('refuses %o with 422', async (change, field, code) => {
    const headers = await authAs(ctx, 'founder@example.com');
    const res = await signUp(headers, { ...valid, ...change });
    expect(res.statusCode).toBe(422);
    expect(codes(res)[field]).toContain(code);
  });

  it.each(['FALAFEL-HOUSE', 'al-bayt', 'Casa-Verde', 'Admin', 'store'])(
    'refuses the name %s: taken (any case) or reserved',
    async (outletName) => {
      const headers = await newUser(`taken-${outletName.toLowerCase()}@example.com`);
      const res = await signUp(headers, { ...valid, outletName });
      expect(res.statusCode).toBe(422);
      expect(codes(res)).toEqual({ outletName: ['outlet_name_taken'] });
      const memberships = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/users/tenants',
        headers,
      });
      expect(memberships.json()).toEqual({ results: [] });
    },
  );

  it('gives one of two users racing for a name the outlet, and the other 422', async () => {
    const [a, b] = await Promise.all([
      newUser('racer.a@example.com'),
      newUser('racer.b@example.com'),
    ]);
    const results = await Promise.all([
      signUp(a, { ...valid, outletName: 'Shawarma-King' }),
      signUp(b, { ...valid, outletName: 'shawarma-king' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('refuses members of a tenant and the super admin', async () => {
    for (const email of ['owner@demo.local', 'staff@demo.local', 'admin@demo.local']) {
      const res = await signUp(await authAs(ctx, email), { ...valid, outletName: 'Another-One' });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().error.code).toBe('already_has_tenant');
    }
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: URL, payload: valid });
    expect(res.statusCode).toBe(401);
  });
});

describe("a new outlet's setup checklist", () => {
  it('starts with every step open and ticks each as its thing is stored', async () => {
    const headers = await newUser('checklist@example.com');
    const res = await signUp(headers, { ...valid, outletName: 'Checklist-Cafe' });
    expect(res.statusCode, res.body).toBe(201);
    const { tenantId, branchId } = res.json().results as { tenantId: string; branchId: string };
    const checklist = async () => {
      const got = await ctx.app.inject({
        method: 'GET',
        url: `/api/admin/tenants/${tenantId}/dashboard/setup`,
        headers,
      });
      expect(got.statusCode, got.body).toBe(200);
      return got.json().results as { steps: { step: string; done: boolean }[]; branchId: string };
    };
    const done = async () => (await checklist()).steps.filter((s) => s.done).map((s) => s.step);

    const first = await checklist();
    expect(first.branchId).toBe(branchId);
    expect(first.steps).toEqual(SETUP_STEPS.map((step) => ({ step, done: false })));

    const db = ctx.database.owner;
    const [section] = await db
      .select()
      .from(s.categories)
      .where(eq(s.categories.tenantId, tenantId));
    await db
      .insert(s.items)
      .values({ tenantId, categoryId: section!.id, title: { fieldValue: 'Tea' } });
    expect(await done()).toEqual(['menu']);
    await db.insert(s.branchOpeningHours).values({
      tenantId,
      branchId,
      checkoutTemplate: 'PICKUP',
      day: 1,
      dayClosed: false,
      hours: [{ openHour: 9, openMinute: 0, closeHour: 17, closeMinute: 0 }],
    });
    await db.insert(s.branchPaymentMethods).values({
      tenantId,
      branchId,
      checkoutTemplate: 'PICKUP',
      paymentMethodType: 'CASH',
      active: true,
    });
    const [zone] = await db
      .insert(s.deliveryZones)
      .values({ tenantId, title: { fieldValue: 'Centre' } })
      .returning();
    // A zone the branch has not switched on does not count.
    await db
      .insert(s.branchDeliveryZones)
      .values({ tenantId, branchId, deliveryZoneId: zone!.id, active: false });
    expect(await done()).toEqual(['menu', 'hours', 'paymentMethods']);
    await db.update(s.branchDeliveryZones).set({ active: true });
    await db.insert(s.serviceAreas).values({ tenantId, branchId, value: '1' });
    await db
      .insert(s.uniqueLinks)
      .values({ tenantId, branchId, name: 'Flyer', template: 'PICKUP' });
    expect(await done()).toEqual([
      'menu',
      'hours',
      'paymentMethods',
      'deliveryZones',
      'tables',
      'storefrontLink',
    ]);

    // A branch that neither delivers nor serves at tables is not asked for zones or tables.
    await db
      .update(s.branches)
      .set({ checkoutTemplates: ['PICKUP'] })
      .where(eq(s.branches.id, branchId));
    expect((await checklist()).steps.map((s) => s.step)).toEqual([
      'menu',
      'hours',
      'paymentMethods',
      'storefrontLink',
      'testOrder',
    ]);
  });

  it("is the owner's, of their own tenant only", async () => {
    const alBayt = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/tenants/',
        headers: await authAs(ctx, 'owner@demo.local'),
      })
    ).json().results.tenantId as string;
    const url = `/api/admin/tenants/${alBayt}/dashboard/setup`;
    const staff = await ctx.app.inject({
      method: 'GET',
      url,
      headers: await authAs(ctx, 'staff@demo.local'),
    });
    expect(staff.statusCode).toBe(403);
    const other = await ctx.app.inject({
      method: 'GET',
      url,
      headers: await authAs(ctx, 'owner@other.local'),
    });
    expect([403, 404]).toContain(other.statusCode);
    // The demo outlet has a menu and tables.
    const own = await ctx.app.inject({
      method: 'GET',
      url,
      headers: await authAs(ctx, 'owner@demo.local'),
    });
    expect(own.json().results.steps).toEqual(
      expect.arrayContaining([
        { step: 'menu', done: true },
        { step: 'tables', done: true },
      ]),
    );
  });
});
