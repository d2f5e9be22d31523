import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let manager: Record<string, string>;
let staff: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  f = await demoFixtures(ctx.database.owner);
  [owner, manager, staff, outsider] = await Promise.all([
    authAs(ctx, 'owner@demo.local'),
    authAs(ctx, 'manager@demo.local'),
    authAs(ctx, 'staff@demo.local'),
    authAs(ctx, 'owner@other.local'),
  ]);
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
type Res = Awaited<ReturnType<TestContext['app']['inject']>>;
const base = (tenantId = f.alBayt.id) =>
  `/api/admin/tenants/${tenantId}/branches/b1/marketing/discounts`;
const call = (
  method: 'GET' | 'POST' | 'PUT',
  path = '',
  payload?: unknown,
  headers = manager,
  tenantId?: string,
) => ctx.app.inject({ method, url: `${base(tenantId)}${path}`, headers, payload: payload as Json });
const codes = (res: Res, field: string) =>
  (res.json() as { errors?: { field: string; codes: string[] }[] }).errors?.find(
    (e) => e.field === field,
  )?.codes;

let seq = 0;
/** A valid 10 % code for every template; each call a new code. */
const body = (over: Json = {}): Json => ({
  discountName: { fieldValue: 'Ten off', en: 'Ten off' },
  discountCode: `TEN${++seq}`,
  discountApplication: 'HIDDEN_CODE',
  discountType: 'PERCENTAGE',
  discountValue: 10,
  minOrderValue: 0,
  maximumDiscountValue: 0,
  overallUsageLimit: 0,
  checkoutTemplates: ['DELIVERY', 'PICKUP', 'DINING'],
  catalogItemsRefIds: [],
  ...over,
});
const create = async (over: Json = {}) => {
  const res = await call('POST', '', body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().results as Json & { id: string; discountCode: string };
};

describe('discount calls', () => {
  it('lets a manager create, read and list a discount at the spec’s paths', async () => {
    const created = await create({
      discountName: { fieldValue: 'Welcome', en: 'Welcome' },
      discountCode: 'hello15',
      discountValue: '15',
      maximumDiscountValue: 5,
      overallUsageLimit: 100,
    });
    expect(created).toMatchObject({
      active: true,
      deleted: false,
      discountName: { fieldValue: 'Welcome', en: 'Welcome' },
      discountCode: 'HELLO15',
      discountApplication: 'HIDDEN_CODE',
      discountType: 'PERCENTAGE',
      discountValue: 15,
      minOrderValue: 0,
      maximumDiscountValue: 5,
      overallUsageLimit: 100,
      usageCount: 0,
      catalogItemsRefIds: [],
      limitedToItems: false,
    });
    const one = await call('GET', `/${created.id}`);
    expect(one.json().results).toEqual(created);
    const list = await call('GET');
    expect(list.statusCode).toBe(200);
    expect(list.json().results[0]).toEqual(created);
  });

  it('is for managers and owners, and each tenant sees only its own', async () => {
    const mine = await create();
    expect((await call('GET', '', undefined, owner)).statusCode).toBe(200);
    expect((await call('GET', '', undefined, staff)).statusCode).toBe(403);
    expect((await call('POST', '', body(), staff)).statusCode).toBe(403);
    // The other tenant's owner: this tenant does not exist for them, nor this id in theirs.
    expect((await call('GET', '', undefined, outsider)).statusCode).toBe(404);
    const theirs = await call('GET', `/${mine.id}`, undefined, outsider, f.casa.id);
    expect(theirs.statusCode).toBe(404);
    const list = await call('GET', '', undefined, outsider, f.casa.id);
    expect(list.json().results.map((d: Json) => d.id)).not.toContain(mine.id);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await call('GET', `/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('PUT', `/${randomUUID()}`, body())).statusCode).toBe(404);
  });
});

describe('§5.1 rules on the server', () => {
  const refused = async (over: Json, field: string) => {
    const res = await call('POST', '', body(over));
    expect(res.statusCode, res.body).toBe(422);
    return codes(res, field);
  };

  it('name: required, at most 255', async () => {
    expect(
      await refused({ discountName: { fieldValue: '  ' } }, 'discountName.fieldValue'),
    ).toEqual(['required']);
    expect(await refused({ discountName: undefined }, 'discountName')).toEqual(['required']);
    const long = 'n'.repeat(256);
    expect(
      await refused({ discountName: { fieldValue: long } }, 'discountName.fieldValue'),
    ).toEqual(['max']);
    await create({ discountName: { fieldValue: 'n'.repeat(255) } });
  });

  it('code: required, 2–30 upper-case letters and digits, kept upper-cased', async () => {
    expect(await refused({ discountCode: '' }, 'discountCode')).toEqual(['required']);
    expect(await refused({ discountCode: 'A' }, 'discountCode')).toEqual(['min']);
    expect(await refused({ discountCode: 'A'.repeat(31) }, 'discountCode')).toEqual(['max']);
    expect(await refused({ discountCode: 'SAVE-10' }, 'discountCode')).toEqual(['pattern']);
    expect(await refused({ discountCode: 'ÉTÉ10' }, 'discountCode')).toEqual(['pattern']);
    expect((await create({ discountCode: ' ab ' })).discountCode).toBe('AB');
    expect((await create({ discountCode: 'Z'.repeat(30) })).discountCode).toBe('Z'.repeat(30));
  });

  it('code: unique per tenant, whatever its case (discount_code_unique)', async () => {
    await create({ discountCode: 'UNIQUE1' });
    expect(await refused({ discountCode: 'unique1' }, 'discountCode')).toEqual([
      'discount_code_unique',
    ]);
    // Another tenant may use it.
    const theirs = await call('POST', '', body({ discountCode: 'UNIQUE1' }), outsider, f.casa.id);
    expect(theirs.statusCode, theirs.body).toBe(201);
  });

  it('code: two managers creating the same code at once get one discount', async () => {
    const [a, b] = await Promise.all([
      call('POST', '', body({ discountCode: 'RACE1' })),
      call('POST', '', body({ discountCode: 'RACE1' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const loser = a.statusCode === 422 ? a : b;
    expect(codes(loser, 'discountCode')).toEqual(['discount_code_unique']);
  });

  it('value: 0.1–100000 for fixed, 0.1–100 for percentage; required for both', async () => {
    expect(await refused({ discountValue: 0.09 }, 'discountValue')).toEqual(['min']);
    expect(await refused({ discountValue: 100.001 }, 'discountValue')).toEqual(['max']);
    expect(await refused({ discountValue: null }, 'discountValue')).toEqual(['required']);
    expect(await refused({ discountValue: '1,5' }, 'discountValue')).toEqual(['amount_invalid']);
    expect(await refused({ discountValue: 0.0001 }, 'discountValue')).toEqual(['amount_invalid']);
    const fixed = { discountType: 'FIXED' };
    expect(await refused({ ...fixed, discountValue: 100_000.001 }, 'discountValue')).toEqual([
      'max',
    ]);
    expect((await create({ ...fixed, discountValue: 100_000 })).discountValue).toBe(100_000);
    expect((await create({ discountValue: 0.1 })).discountValue).toBe(0.1);
  });

  it('maximum discount: required, 0–100, for percentage and fixed', async () => {
    expect(await refused({ maximumDiscountValue: 100.5 }, 'maximumDiscountValue')).toEqual(['max']);
    expect(
      await refused(
        { discountType: 'FIXED', maximumDiscountValue: undefined },
        'maximumDiscountValue',
      ),
    ).toEqual(['required']);
    expect((await create({ maximumDiscountValue: 100 })).maximumDiscountValue).toBe(100);
  });

  it('minimum order: required, 0–100000', async () => {
    expect(await refused({ minOrderValue: undefined }, 'minOrderValue')).toEqual(['required']);
    expect(await refused({ minOrderValue: 100_000.5 }, 'minOrderValue')).toEqual(['max']);
    expect((await create({ minOrderValue: 100_000 })).minOrderValue).toBe(100_000);
  });

  it('free delivery and buy-one-get-one store 0 as value and maximum', async () => {
    const free = await create({
      discountType: 'FREE_DELIVERY',
      discountValue: 12,
      maximumDiscountValue: 7,
      checkoutTemplates: ['DELIVERY'],
      catalogItemsRefIds: [f.variant('Hummus', 'Large').itemId],
    });
    expect(free).toMatchObject({
      discountValue: 0,
      maximumDiscountValue: 0,
      catalogItemsRefIds: [],
      limitedToItems: false,
    });
    const bogo = await create({ discountType: 'BUY_ONE_GET_ONE', discountValue: null });
    expect(bogo).toMatchObject({ discountValue: 0, maximumDiscountValue: 0 });
  });

  it('templates: at least one; free delivery for delivery alone', async () => {
    expect(await refused({ checkoutTemplates: [] }, 'checkoutTemplates')).toEqual(['required']);
    expect(await refused({ checkoutTemplates: ['MENU'] }, 'checkoutTemplates.0')).toEqual([
      'invalid_value',
    ]);
    expect(
      await refused(
        { discountType: 'FREE_DELIVERY', checkoutTemplates: ['DELIVERY', 'PICKUP'] },
        'checkoutTemplates',
      ),
    ).toEqual(['discount_template_not_allowed']);
  });

  it('affected items: the tenant’s own items only', async () => {
    const hummus = f.variant('Hummus', 'Large').itemId;
    const [foreign] = await ctx.database.owner
      .select({ id: s.items.id })
      .from(s.items)
      .where(eq(s.items.tenantId, f.casa.id));
    expect(await refused({ catalogItemsRefIds: [foreign!.id] }, 'catalogItemsRefIds')).toEqual([
      'item_not_found',
    ]);
    expect(await refused({ catalogItemsRefIds: [randomUUID()] }, 'catalogItemsRefIds')).toEqual([
      'item_not_found',
    ]);
    const limited = await create({ catalogItemsRefIds: [hummus] });
    expect(limited).toMatchObject({ catalogItemsRefIds: [hummus], limitedToItems: true });
  });

  it('usage limit: 0–1,000,000, 0 when not sent', async () => {
    expect(await refused({ overallUsageLimit: 1_000_001 }, 'overallUsageLimit')).toEqual(['max']);
    expect(await refused({ overallUsageLimit: -1 }, 'overallUsageLimit')).toEqual(['min']);
    expect(await refused({ overallUsageLimit: 1.5 }, 'overallUsageLimit')).toEqual([
      'invalid_type',
    ]);
    expect((await create({ overallUsageLimit: 1_000_000 })).overallUsageLimit).toBe(1_000_000);
    expect((await create({ overallUsageLimit: undefined })).overallUsageLimit).toBe(0);
  });

  it('application and type: required, from the spec’s lists', async () => {
    expect(await refused({ discountApplication: undefined }, 'discountApplication')).toEqual([
      'required',
    ]);
    expect(await refused({ discountType: 'HALF_PRICE' }, 'discountType')).toEqual([
      'invalid_value',
    ]);
  });
});

describe('one active automatic discount (discount_code_automatic_active)', () => {
  it('refuses a second active one on create and from the list toggle', async () => {
    const first = await create({ discountApplication: 'AUTOMATIC', minOrderValue: 100_000 });
    const second = await call(
      'POST',
      '',
      body({ discountApplication: 'AUTOMATIC', minOrderValue: 100_000 }),
    );
    expect(second.statusCode).toBe(422);
    expect(codes(second, 'discountApplication')).toEqual(['discount_code_automatic_active']);

    // Inactive ones may exist; switching one on from the list (the whole discount sent back)
    // is refused while the first is active, and allowed once it is off.
    const idle = await create({
      discountApplication: 'AUTOMATIC',
      minOrderValue: 100_000,
      active: false,
    });
    const toggle = await call('PUT', `/${idle.id}`, { ...idle, active: true });
    expect(toggle.statusCode).toBe(422);
    expect(codes(toggle, 'discountApplication')).toEqual(['discount_code_automatic_active']);
    expect((await call('GET', `/${idle.id}`)).json().results.active).toBe(false);

    const off = await call('PUT', `/${first.id}`, { ...first, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const on = await call('PUT', `/${idle.id}`, { ...idle, active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().results.active).toBe(true);
    // Leave none active for the orders below.
    await call('PUT', `/${idle.id}`, { ...idle, active: false });
  });

  it('lets only one of two concurrent switches win', async () => {
    const a = await create({ discountApplication: 'AUTOMATIC', active: false });
    const b = await create({ discountApplication: 'AUTOMATIC', active: false });
    const results = await Promise.all([
      call('PUT', `/${a.id}`, { ...a, active: true }),
      call('PUT', `/${b.id}`, { ...b, active: true }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const winner = results[0]!.statusCode === 200 ? a : b;
    await call('PUT', `/${winner.id}`, { ...winner, active: false });
  });
});

describe('editing', () => {
  it('keeps name and code as created, and saves the rest of the form', async () => {
    const d = await create({ discountCode: 'EDITME' });
    const formBody = {
      active: true,
      deleted: false,
      discountValue: 20,
      maximumDiscountValue: 3,
      minOrderValue: 5,
      overallUsageLimit: 50,
      checkoutTemplates: ['PICKUP'],
      catalogItemsRefIds: [f.variant('Mint tea').itemId],
      discountType: 'FIXED',
      discountApplication: 'MANUAL_ENTRY',
    };
    const saved = await call('PUT', `/${d.id}`, formBody);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().results).toMatchObject({
      discountName: d.discountName,
      discountCode: 'EDITME',
      discountType: 'FIXED',
      discountApplication: 'MANUAL_ENTRY',
      discountValue: 20,
      maximumDiscountValue: 3,
      minOrderValue: 5,
      overallUsageLimit: 50,
      checkoutTemplates: ['PICKUP'],
      limitedToItems: true,
    });
    const renamed = await call('PUT', `/${d.id}`, {
      ...formBody,
      discountName: { fieldValue: 'Other' },
      discountCode: 'OTHER1',
    });
    expect(renamed.statusCode).toBe(422);
    expect(codes(renamed, 'discountName')).toEqual(['discount_name_fixed']);
    expect(codes(renamed, 'discountCode')).toEqual(['discount_code_fixed']);
    // The same name and code (the list toggle sends them back) are fine, in any case.
    const same = await call('PUT', `/${d.id}`, {
      ...formBody,
      discountName: d.discountName,
      discountCode: 'editme',
    });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('a deleted discount leaves the list, answers 404 and frees its code', async () => {
    const d = await create({ discountCode: 'GONE1' });
    const gone = await call('PUT', `/${d.id}`, { ...d, deleted: true });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().results.deleted).toBe(true);
    expect((await call('GET', `/${d.id}`)).statusCode).toBe(404);
    const list = await call('GET');
    expect(list.json().results.map((x: Json) => x.id)).not.toContain(d.id);
    await create({ discountCode: 'GONE1' });
  });
});
