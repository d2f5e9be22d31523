import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { authAs } from '../../test/auth.ts';
import * as s from '../../db/schema.ts';

let ctx: TestContext;
let owner: Record<string, string>;
let manager: Record<string, string>;
let base: string;
let variantId: string;
let foreignVariantId: string;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  const tenants = await ctx.database.owner.select().from(s.tenants);
  const mine = tenants.find((x) => x.slug === 'al-bayt')!;
  const other = tenants.find((x) => x.slug === 'casa-verde')!;
  owner = await authAs(ctx, 'owner@demo.local');
  manager = await authAs(ctx, 'manager@demo.local');
  base = `/api/admin/tenants/${mine.id}/branches/defaultBranch/productcatalogs/price-adjustments`;
  const [grill] = await ctx.database.owner
    .select()
    .from(s.variants)
    .where(eq(s.variants.price, '8.500'));
  variantId = grill!.id;
  const [foreign] = await ctx.database.owner
    .select()
    .from(s.variants)
    .where(eq(s.variants.tenantId, other.id));
  foreignVariantId = foreign!.id;
}, 120_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, headers = owner) =>
  ctx.app.inject({ method, url: `${base}${url}`, headers, payload: payload as object });
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Delivery up',
  adjustmentType: 'Percentage',
  adjustmentDirection: 'Increase',
  amount: 10,
  checkoutTemplates: ['DELIVERY'],
  priority: 2,
  isActive: true,
  ...extra,
});
const codes = (res: { json(): { errors: { field: string; codes: string[] }[] } }, field: string) =>
  res.json().errors.find((e) => e.field === field)?.codes;

describe('price adjustments', () => {
  it('creates one, links a variant and shows its old and new price', async () => {
    const res = await call('POST', '', body());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().results.id;
    const linked = await call('PUT', `/variants/${id}`, { SelectedVariantsIds: [variantId] });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().results).toEqual([
      expect.objectContaining({ variantId, oldPrice: 8.5, newPrice: 9.35 }),
    ]);
    const flat = await call(
      'POST',
      '',
      body({
        name: 'Lunch deal',
        adjustmentType: 'Flat',
        adjustmentDirection: 'Decrease',
        amount: 0.5,
        priority: 1,
      }),
    );
    const flatId = flat.json().results.id;
    const l2 = await call('PUT', `/variants/${flatId}`, { SelectedVariantsIds: [variantId] });
    expect(l2.json().results[0].newPrice).toBe(8);
    const list = await call('GET', '');
    expect(list.json().results.map((a: { name: string }) => a.name)).toEqual([
      'Lunch deal',
      'Delivery up',
    ]);
  });

  it("answers 'Price adjustment already exists' for a taken name, whatever its case", async () => {
    const res = await call('POST', '', body({ name: 'DELIVERY UP' }));
    expect(res.statusCode).toBe(422);
    expect(codes(res, 'name')).toEqual(['ItemAlreadyExists']);
  });

  it('refuses Override, bad names, no template, priority outside 1–15 and a missing direction', async () => {
    expect(
      codes(
        await call('POST', '', body({ name: 'Override it', adjustmentType: 'Override' })),
        'adjustmentType',
      ),
    ).toEqual(['adjustment_type_not_supported']);
    expect(codes(await call('POST', '', body({ name: 'abcd' })), 'name')).toEqual(['min']);
    expect(codes(await call('POST', '', body({ name: 'x'.repeat(21) })), 'name')).toEqual(['max']);
    expect(
      codes(
        await call('POST', '', body({ name: 'No templates', checkoutTemplates: [] })),
        'checkoutTemplates',
      ),
    ).toEqual(['min']);
    expect(
      codes(await call('POST', '', body({ name: 'Priority 16', priority: 16 })), 'priority'),
    ).toEqual(['max']);
    expect(
      codes(await call('POST', '', body({ name: 'Priority 0', priority: 0 })), 'priority'),
    ).toEqual(['min']);
    expect(
      codes(
        await call('POST', '', body({ name: 'No direction', adjustmentDirection: null })),
        'adjustmentDirection',
      ),
    ).toEqual(['required']);
    expect(
      codes(
        await call('POST', '', body({ name: 'Menu only', checkoutTemplates: ['MENU'] })),
        'checkoutTemplates.0',
      ),
    ).toEqual(['invalid_value']);
  });

  it('links only the tenant’s own variants and unlinks one', async () => {
    const id = (
      await call('POST', '', body({ name: 'Pickup promo', checkoutTemplates: ['PICKUP'] }))
    ).json().results.id;
    const bad = await call('PUT', `/variants/${id}`, { SelectedVariantsIds: [foreignVariantId] });
    expect(codes(bad, 'SelectedVariantsIds')).toEqual(['variant_not_found']);
    await call('PUT', `/variants/${id}`, { SelectedVariantsIds: [variantId] });
    const removed = await call('PUT', `/variants/${id}`, {
      SelectedVariantsIds: [],
      removedVariantId: variantId,
    });
    expect(removed.json().results).toEqual([]);
  });

  it('lists linked items in menu order: sections, then items, then variants', async () => {
    const tree = await ctx.app.inject({
      method: 'GET',
      url: `${base.replace('/price-adjustments', '')}/tree`,
      headers: owner,
    });
    expect(tree.statusCode).toBe(200);
    type Node = { variants: { id: string }[]; children: Node[] };
    const menuOrder: string[] = [];
    const walk = (node: Node) => {
      menuOrder.push(...node.variants.map((v) => v.id));
      node.children.forEach(walk);
    };
    walk(tree.json().results);
    expect(menuOrder.length).toBeGreaterThan(5);

    const id = (await call('POST', '', body({ name: 'Whole menu' }))).json().results.id;
    const linked = await call('PUT', `/variants/${id}`, {
      SelectedVariantsIds: [...menuOrder].reverse(),
    });
    expect(linked.json().results.map((v: { variantId: string }) => v.variantId)).toEqual(menuOrder);
    const read = await call('GET', `/${id}`);
    expect(
      read.json().results.linkedVariants.map((v: { variantId: string }) => v.variantId),
    ).toEqual(menuOrder);
  });

  it('warns of each price a decrease brings to 0', async () => {
    const id = (
      await call(
        'POST',
        '',
        body({
          name: 'Big discount',
          adjustmentType: 'Flat',
          adjustmentDirection: 'Decrease',
          amount: 5,
        }),
      )
    ).json().results.id;
    const variants = await ctx.database.owner.select().from(s.variants);
    const cheap = variants.find((v) => Number(v.price) > 0 && Number(v.price) <= 5)!;
    const exact = variants.find((v) => Number(v.price) === 5);
    const dear = variants.find((v) => Number(v.price) > 5 && v.tenantId === cheap.tenantId)!;
    const ids = [
      cheap.id,
      dear.id,
      ...(exact && exact.tenantId === cheap.tenantId ? [exact.id] : []),
    ];
    const linked = await call('PUT', `/variants/${id}`, { SelectedVariantsIds: ids });
    const byId = new Map(
      linked.json().results.map((v: { variantId: string }) => [v.variantId, v] as const),
    );
    expect(byId.get(cheap.id)).toMatchObject({ newPrice: 0, priceReachesZero: true });
    expect(byId.get(dear.id)).toMatchObject({ priceReachesZero: false });
    if (exact) expect(byId.get(exact.id)).toMatchObject({ newPrice: 0, priceReachesZero: true });

    const raise = (await call('POST', '', body({ name: 'Raise all' }))).json().results.id;
    const up = await call('PUT', `/variants/${raise}`, { SelectedVariantsIds: [cheap.id] });
    expect(up.json().results[0].priceReachesZero).toBe(false);
  });

  it('keeps a schedule with the same rules as sections', async () => {
    const id = (await call('POST', '', body({ name: 'Happy hour' }))).json().results.id;
    const ok = await call('PUT', `/${id}/schedule`, [
      { day: 4, openTime: '16:00', closeTime: '19:00' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results.filter((d: { day: number }) => d.day === 4)).toEqual([
      { day: 4, dayClosed: false, openTime: '16:00', closeTime: '19:00' },
    ]);
    const bad = await call('PUT', `/${id}/schedule`, [
      { day: 4, openTime: '16:00', closeTime: '19:00' },
      { day: 4, openTime: '18:00', closeTime: '20:00' },
    ]);
    expect(bad.json().errors[0].codes).toEqual(['operating_hour_intersection']);
  });

  it('updates and deletes', async () => {
    const id = (await call('POST', '', body({ name: 'Weekend' }))).json().results.id;
    const upd = await call('PUT', `/${id}`, body({ name: 'Weekend', amount: 5, priority: 7 }));
    expect(upd.json().results).toMatchObject({ amount: 5, priority: 7 });
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
  });

  it('is for owners only', async () => {
    expect((await call('GET', '', undefined, manager)).statusCode).toBe(403);
  });

  it('reports each missing field of §5 as required', async () => {
    const missing = (field: string) => {
      const b: Record<string, unknown> = body({ name: `No ${field}`.slice(0, 20) });
      delete b[field];
      return call('POST', '', b);
    };
    expect(codes(await missing('name'), 'name')).toEqual(['required']);
    expect(codes(await missing('adjustmentDirection'), 'adjustmentDirection')).toEqual([
      'required',
    ]);
    // Reported on the field (the form words every code of it as "... is required").
    expect(codes(await missing('adjustmentType'), 'adjustmentType')).toHaveLength(1);
    expect(codes(await missing('amount'), 'amount')).toHaveLength(1);
    expect(codes(await missing('checkoutTemplates'), 'checkoutTemplates')).toEqual(['required']);
    expect(codes(await missing('priority'), 'priority')).toEqual(['required']);
    // An empty name is too short for the 5–20 rule.
    expect(codes(await call('POST', '', body({ name: '' })), 'name')).toEqual(['min']);
    expect(codes(await call('POST', '', body({ name: '   abcd  ' })), 'name')).toEqual(['min']);
  });

  it('bounds the amount: above 0, at most 100% or 100000, three decimals', async () => {
    const amount = async (extra: Record<string, unknown>) =>
      codes(await call('POST', '', body(extra)), 'amount');
    expect(await amount({ name: 'Zero amount', amount: 0 })).toEqual(['min']);
    expect(await amount({ name: 'Over 100%', amount: 100.5 })).toEqual(['max']);
    expect(await amount({ name: 'Huge flat', adjustmentType: 'Flat', amount: 100000.001 })).toEqual(
      ['max'],
    );
    expect(await amount({ name: 'Four decimals', amount: '1.2345' })).toEqual(['amount_invalid']);
    expect(await amount({ name: 'Negative', amount: -5 })).toEqual(['amount_invalid']);
    const full = await call('POST', '', body({ name: 'Double it', amount: 100 }));
    expect(full.statusCode, full.body).toBe(201);
    const flat = await call(
      'POST',
      '',
      body({ name: 'Big flat', adjustmentType: 'Flat', amount: '100000' }),
    );
    expect(flat.statusCode, flat.body).toBe(201);
    expect(flat.json().results).toMatchObject({ amount: 100000, isActive: true });
  });

  it('refuses renaming onto a taken name and Override on update too', async () => {
    const a = (await call('POST', '', body({ name: 'Rename me' }))).json().results;
    await call('POST', '', body({ name: 'Taken name' }));
    expect(codes(await call('PUT', `/${a.id}`, body({ name: 'taken NAME' })), 'name')).toEqual([
      'ItemAlreadyExists',
    ]);
    // Its own name is not a clash.
    expect(
      (await call('PUT', `/${a.id}`, body({ name: 'Rename me', priority: 3 }))).statusCode,
    ).toBe(200);
    expect(
      codes(
        await call('PUT', `/${a.id}`, body({ name: 'Rename me', adjustmentType: 'Override' })),
        'adjustmentType',
      ),
    ).toEqual(['adjustment_type_not_supported']);
  });

  it('keeps every call owner-only and every id inside its tenant', async () => {
    const id = (await call('POST', '', body({ name: 'Owner only' }))).json().results.id;
    expect((await call('POST', '', body({ name: 'By manager' }), manager)).statusCode).toBe(403);
    expect((await call('PUT', `/${id}`, body({ name: 'Owner only' }), manager)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/${id}`, undefined, manager)).statusCode).toBe(403);
    expect((await call('GET', `/${id}/schedule`, undefined, manager)).statusCode).toBe(403);
    expect(
      (await call('PUT', `/variants/${id}`, { SelectedVariantsIds: [] }, manager)).statusCode,
    ).toBe(403);

    const other = await authAs(ctx, 'owner@other.local');
    const otherTenant = (await ctx.database.owner.select().from(s.tenants)).find(
      (x) => x.slug === 'casa-verde',
    )!;
    const otherBase = base.replace(/tenants\/[^/]+/, `tenants/${otherTenant.id}`);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: otherBase,
      headers: other,
      payload: body({ name: 'Casa promo' }),
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignId = foreign.json().results.id;
    expect((await call('GET', `/${foreignId}`)).statusCode).toBe(404);
    expect((await call('PUT', `/${foreignId}`, body({ name: 'Casa promo' }))).statusCode).toBe(404);
    expect((await call('DELETE', `/${foreignId}`)).statusCode).toBe(404);
    expect((await call('PUT', `/${foreignId}/schedule`, [])).statusCode).toBe(404);
    expect(
      (await call('PUT', `/variants/${foreignId}`, { SelectedVariantsIds: [variantId] }))
        .statusCode,
    ).toBe(404);
    // Names are unique per tenant, not across tenants.
    expect((await call('POST', '', body({ name: 'Casa promo' }))).statusCode).toBe(201);
  });
});

describe('an integrated tenant', () => {
  it('reads its price adjustments but cannot write them (menu-management §6)', async () => {
    const db = ctx.database.owner;
    const yard = (await db.select().from(s.tenants)).find((x) => x.slug === 'burger-yard')!;
    const yardOwner = await authAs(ctx, 'owner@integrated.local');
    const yardBase = base.replace(/tenants\/[^/]+/, `tenants/${yard.id}`);
    const as = (method: Method, url: string, payload?: unknown) =>
      ctx.app.inject({
        method,
        url: `${yardBase}${url}`,
        headers: yardOwner,
        payload: payload as object,
      });
    // One made before the point of sale took the menu over.
    await db.update(s.tenants).set({ isIntegrated: false }).where(eq(s.tenants.id, yard.id));
    const made = await as('POST', '', body({ name: 'Before POS' }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().results.id;
    await db.update(s.tenants).set({ isIntegrated: true }).where(eq(s.tenants.id, yard.id));

    expect((await as('GET', '')).json().results.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await as('GET', `/${id}`)).statusCode).toBe(200);
    expect((await as('GET', `/${id}/schedule`)).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '', body({ name: 'After POS' })],
      ['PUT', `/${id}`, body({ name: 'Renamed' })],
      ['DELETE', `/${id}`, undefined],
      ['PUT', `/${id}/schedule`, []],
      ['PUT', `/variants/${id}`, { SelectedVariantsIds: [] }],
    ] as const) {
      const res = await as(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('catalog_integrated');
    }
    expect((await as('GET', `/${id}`)).json().results.name).toBe('Before POS');
  });
});
