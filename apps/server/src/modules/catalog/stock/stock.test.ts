import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authAs } from '../../../test/auth.ts';
import { createTestApp, type TestContext } from '../../../test/harness.ts';
import * as s from '../../../db/schema.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../../tickets/test-fixtures.ts';

/**
 * Issue 38: sold out at one branch until a time. The server's clock runs `skew` ms ahead of the
 * test's, so "a minute later" needs no waiting and no call.
 */
let ctx: TestContext;
let f: DemoFixtures;
let staff: Record<string, string>;
let owner: Record<string, string>;
let outsider: Record<string, string>;
let skew = 0;
const serverNow = () => Date.now() + skew;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true, clock: () => new Date(serverNow()) });
  f = await demoFixtures(ctx.database.owner);
  staff = await authAs(ctx, 'staff@demo.local');
  owner = await authAs(ctx, 'owner@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(() => ctx.close());
beforeEach(async () => {
  skew = 0;
  await ctx.database.owner.delete(s.branchStock);
});

type Json = Record<string, unknown>;
const branchCatalog = (branchId: string) =>
  `/api/admin/tenants/${f.alBayt.id}/branches/${branchId}/productcatalogs`;
const put = (url: string, headers: Json, payload: Json) =>
  ctx.app.inject({ method: 'PUT', url, headers: headers as Record<string, string>, payload });
const inAMinute = () => new Date(serverNow() + 60_000).toISOString();

function order(branchId: string, lines: Parameters<typeof pickup>[0]) {
  return ctx.app.inject({
    method: 'POST',
    url: intakeUrl(f.alBayt.id, branchId),
    payload: pickup(lines),
  });
}
async function menuOf(branchId: string, etag?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/public/tenants/${f.alBayt.id}/branches/${branchId}/menu?checkoutTemplate=PICKUP`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
  return res;
}
type MenuItem = {
  id: string;
  soldOut: boolean;
  backAt: string | null;
  variants: { id: string; soldOut: boolean }[];
  modifierGroups: { modifierItems: { id: string; soldOut: boolean }[] }[];
};
async function menuItem(branchId: string, itemId: string): Promise<MenuItem | undefined> {
  const res = await menuOf(branchId);
  expect(res.statusCode).toBe(200);
  const sections = res.json().results.sections as { items: MenuItem[] }[];
  return sections.flatMap((x) => x.items).find((i) => i.id === itemId);
}
const refusal = (res: { json(): unknown }) =>
  (res.json() as { errors: { field: string; codes: string[] }[] }).errors;

describe('an item sold out at one branch until a minute ahead', () => {
  it('is refused there, orderable at the other, and back after the minute without any call', async () => {
    const hummus = f.variant('Hummus', 'Small');
    const set = await put(
      `${branchCatalog(f.abdoun.id)}/catalogitems/${hummus.itemId}/stock`,
      staff,
      {
        outOfStock: true,
        until: inAMinute(),
      },
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().results).toMatchObject({ kind: 'item', outOfStock: true });

    const refused = await order(f.abdoun.id, [{ variantId: hummus.variantId }]);
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused)).toContainEqual({ field: 'cartItems.0', codes: ['sold_out'] });
    expect((await order(f.sweifieh.id, [{ variantId: hummus.variantId }])).statusCode).toBe(201);

    // The public menu shows it sold out there, with its return; not at the other branch.
    const here = await menuItem(f.abdoun.id, hummus.itemId);
    expect(here).toMatchObject({ soldOut: true });
    expect(new Date(here!.backAt!).getTime()).toBeGreaterThan(serverNow());
    expect((await menuItem(f.sweifieh.id, hummus.itemId))?.soldOut).toBe(false);
    const etag = (await menuOf(f.abdoun.id)).headers.etag as string;
    expect((await menuOf(f.abdoun.id, etag)).statusCode).toBe(304);

    // A minute later, nobody having done anything: orderable, and the menu's ETag has changed.
    skew = 61_000;
    expect((await menuOf(f.abdoun.id, etag)).statusCode).toBe(200);
    expect((await menuItem(f.abdoun.id, hummus.itemId))?.soldOut).toBe(false);
    expect((await order(f.abdoun.id, [{ variantId: hummus.variantId }])).statusCode).toBe(201);
  });

  it('a variant: its item stays orderable in its other sizes, until turned back on', async () => {
    const small = f.variant('Hummus', 'Small');
    const large = f.variant('Hummus', 'Large');
    const url = `${branchCatalog(f.abdoun.id)}/catalogitems/${large.itemId}/variants/${large.variantId}/stock`;
    expect((await put(url, staff, { outOfStock: true, until: null })).statusCode).toBe(200);
    const refused = await order(f.abdoun.id, [{ variantId: large.variantId }]);
    expect(refusal(refused)).toContainEqual({ field: 'cartItems.0', codes: ['sold_out'] });
    expect((await order(f.abdoun.id, [{ variantId: small.variantId }])).statusCode).toBe(201);
    const item = await menuItem(f.abdoun.id, large.itemId);
    expect(item?.soldOut).toBe(false);
    expect(item?.variants.find((v) => v.id === large.variantId)?.soldOut).toBe(true);

    // "Until I turn it back": still sold out a day later; back once turned on.
    skew = 86_400_000;
    expect((await order(f.abdoun.id, [{ variantId: large.variantId }])).statusCode).toBe(422);
    expect((await put(url, staff, { outOfStock: false, until: null })).statusCode).toBe(200);
    expect((await order(f.abdoun.id, [{ variantId: large.variantId }])).statusCode).toBe(201);
  });

  it('a section that hides what is not available leaves the sold-out item out', async () => {
    const hummus = f.variant('Hummus', 'Small');
    await ctx.database.owner
      .update(s.categories)
      .set({ hideWhenNotAvailable: true })
      .where(eq(s.categories.id, hummus.categoryId));
    await bumpCatalogue();
    try {
      await put(`${branchCatalog(f.abdoun.id)}/catalogitems/${hummus.itemId}/stock`, staff, {
        outOfStock: true,
        until: null,
      });
      expect(await menuItem(f.abdoun.id, hummus.itemId)).toBeUndefined();
      expect(await menuItem(f.sweifieh.id, hummus.itemId)).toBeDefined();
    } finally {
      await ctx.database.owner
        .update(s.categories)
        .set({ hideWhenNotAvailable: false })
        .where(eq(s.categories.id, hummus.categoryId));
      await bumpCatalogue();
    }
  });
});

async function bumpCatalogue() {
  await ctx.database.owner
    .update(s.tenants)
    .set({ catalogVersion: sql`${s.tenants.catalogVersion} + 1` })
    .where(eq(s.tenants.id, f.alBayt.id));
}

describe('a modifier choice sold out at one branch', () => {
  it('is refused there until its time, orderable elsewhere, then back by itself', async () => {
    const hummus = f.variant('Hummus', 'Small');
    const [group] = await ctx.database.owner
      .select()
      .from(s.modifierGroups)
      .where(and(eq(s.modifierGroups.tenantId, f.alBayt.id), eq(s.modifierGroups.name, 'Extras')));
    const choices = await ctx.database.owner
      .select()
      .from(s.modifierItems)
      .where(eq(s.modifierItems.groupId, group!.id));
    const pickles = choices.find((c) => c.title.en === 'Pickles')!;
    await ctx.database.owner
      .insert(s.itemModifierGroups)
      .values({ tenantId: f.alBayt.id, itemId: hummus.itemId, groupId: group!.id })
      .onConflictDoNothing();
    await bumpCatalogue();

    const url = `${branchCatalog(f.abdoun.id)}/modifiergroups/${group!.id}/items/${pickles.id}/stock`;
    const set = await put(url, staff, { outOfStock: true, until: inAMinute() });
    expect(set.statusCode, set.body).toBe(200);
    const line = [
      { variantId: hummus.variantId, modifiers: [{ modifierItemId: pickles.id, quantity: 1 }] },
    ];
    const refused = await order(f.abdoun.id, line);
    expect(refused.statusCode).toBe(422);
    expect(refusal(refused)).toContainEqual({
      field: 'cartItems.0.modifiers.0',
      codes: ['sold_out'],
    });
    expect((await order(f.sweifieh.id, line)).statusCode).toBe(201);
    const shown = await menuItem(f.abdoun.id, hummus.itemId);
    const choice = shown?.modifierGroups
      .flatMap((g) => g.modifierItems)
      .find((m) => m.id === pickles.id);
    expect(choice?.soldOut).toBe(true);

    skew = 61_000;
    expect((await order(f.abdoun.id, line)).statusCode).toBe(201);
  });
});

describe('who may sell out, and what is refused', () => {
  it('an order taker may; a stranger gets 404; no token 401', async () => {
    const hummus = f.variant('Hummus', 'Small');
    const url = `${branchCatalog(f.abdoun.id)}/catalogitems/${hummus.itemId}/stock`;
    expect((await put(url, staff, { outOfStock: true, until: null })).statusCode).toBe(200);
    expect((await put(url, outsider, { outOfStock: true, until: null })).statusCode).toBe(404);
    expect((await put(url, {}, { outOfStock: true, until: null })).statusCode).toBe(401);
    // Another tenant's branch in the path: not found, nothing written.
    const other = `/api/admin/tenants/${f.alBayt.id}/branches/${f.madrid.id}/productcatalogs/catalogitems/${hummus.itemId}/stock`;
    expect((await put(other, owner, { outOfStock: true, until: null })).statusCode).toBe(404);
  });

  it('refuses a time gone or too far, and an item of no such id', async () => {
    const hummus = f.variant('Hummus', 'Small');
    const url = `${branchCatalog(f.abdoun.id)}/catalogitems/${hummus.itemId}/stock`;
    const past = await put(url, staff, {
      outOfStock: true,
      until: new Date(serverNow() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(refusal(past)).toContainEqual({ field: 'until', codes: ['until_past'] });
    const far = await put(url, staff, {
      outOfStock: true,
      until: new Date(serverNow() + 32 * 86_400_000).toISOString(),
    });
    expect(refusal(far)).toContainEqual({ field: 'until', codes: ['until_too_far'] });
    const none = `${branchCatalog(f.abdoun.id)}/catalogitems/${crypto.randomUUID()}/stock`;
    expect((await put(none, staff, { outOfStock: true, until: null })).statusCode).toBe(404);
  });

  it('lists what is sold out now with its titles, soonest back first, and the history has it', async () => {
    const hummus = f.variant('Hummus', 'Small');
    const large = f.variant('Hummus', 'Large');
    await put(
      `${branchCatalog(f.abdoun.id)}/catalogitems/${hummus.itemId}/variants/${large.variantId}/stock`,
      staff,
      {
        outOfStock: true,
        until: null,
      },
    );
    await put(`${branchCatalog(f.abdoun.id)}/catalogitems/${hummus.itemId}/stock`, staff, {
      outOfStock: true,
      until: inAMinute(),
    });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${branchCatalog(f.abdoun.id)}/stock`,
      headers: staff as Record<string, string>,
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().results.soldOut as {
      kind: string;
      title: { en: string };
      parentTitle: { en: string } | null;
    }[];
    expect(list.map((e) => [e.kind, e.title.en, e.parentTitle?.en ?? null])).toEqual([
      ['item', 'Hummus', null],
      ['variant', 'Large', 'Hummus'],
    ]);
    // An order taker finds what to sell out by searching, in any language.
    const found = await ctx.app.inject({
      method: 'GET',
      url: `${branchCatalog(f.abdoun.id)}/stock?search=${encodeURIComponent('حمص')}`,
      headers: staff as Record<string, string>,
    });
    const matches = found.json().results.matches as {
      kind: string;
      id: string;
      soldOut: boolean;
    }[];
    expect(matches.map((m) => [m.kind, m.id, m.soldOut])).toEqual([
      ['item', hummus.itemId, true],
      ['variant', hummus.variantId, false],
      ['variant', large.variantId, true],
    ]);
    skew = 61_000;
    const later = await ctx.app.inject({
      method: 'GET',
      url: `${branchCatalog(f.abdoun.id)}/stock`,
      headers: staff as Record<string, string>,
    });
    expect(later.json().results.soldOut).toHaveLength(1);

    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/tenants/${f.alBayt.id}/audit?entityType=item&entityId=${hummus.itemId}`,
      headers: owner as Record<string, string>,
    });
    expect(history.statusCode, history.body).toBe(200);
    const entries = history.json().results.entries as {
      action: string;
      branchId: string;
      actor: { email: string; role: string };
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    const stock = entries.find((e) => e.changes.some((c) => c.field === 'stock.soldOut'));
    expect(stock).toMatchObject({
      action: 'stock',
      branchId: f.abdoun.id,
      actor: { email: 'staff@demo.local', role: 'OrderTaker' },
    });
    expect(stock!.changes).toContainEqual({ field: 'stock.soldOut', before: false, after: true });
  });
});
