import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { authAs } from '../../test/auth.ts';
import { createTestAppWithGateway, type GatewayTestContext } from '../../test/card-gateway.ts';
import { demoFixtures, intakeUrl, pickup, type DemoFixtures } from '../tickets/test-fixtures.ts';
import { auditEntries } from './audit.table.ts';
import { changesOf } from './changes.ts';
import { createAuditService } from './audit.service.ts';

/**
 * Issue 38: the history of changes. Each change is recorded in its own transaction with who
 * made it and each field before and after; a change that fails leaves no entry.
 */
const KEYS = { secretKey: 'sk_test_audit', publishableKey: 'pk_test_audit' };
let ctx: GatewayTestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let manager: Record<string, string>;
let staff: Record<string, string>;
let outsider: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestAppWithGateway(KEYS);
  f = await demoFixtures(ctx.database.owner);
  owner = await authAs(ctx, 'owner@demo.local');
  manager = await authAs(ctx, 'manager@demo.local');
  staff = await authAs(ctx, 'staff@demo.local');
  outsider = await authAs(ctx, 'owner@other.local');
}, 120_000);
afterAll(() => ctx.close());

type Json = Record<string, unknown>;
type Entry = {
  id: string;
  action: string;
  entityType: string;
  entityId: string;
  branchId: string | null;
  actor: { id: string | null; email: string | null; role: string | null };
  changes: { field: string; before: unknown; after: unknown }[];
};
const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Json, payload?: Json) =>
  ctx.app.inject({ method, url, headers: headers as Record<string, string>, payload });
const tenant = () => `/api/admin/tenants/${f.alBayt.id}`;
async function history(query: string, as = owner) {
  const res = await call('GET', `${tenant()}/audit?${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { entries: Entry[]; nextCursor: string | null };
}
const CATALOG = () => `${tenant()}/branches/defaultBranch/productcatalogs`;

describe('the history of changes', () => {
  it('a price change: before and after, and who made it', async () => {
    const hummus = f.variant('Hummus', 'Large');
    const item = (await call('GET', `${CATALOG()}/catalogitems/${hummus.itemId}`, owner)).json()
      .results as Json & { variants: (Json & { id: string; price: number })[] };
    const variants = item.variants.map((v) =>
      v.id === hummus.variantId ? { ...v, price: 2.75 } : v,
    );
    const res = await call('PUT', `${CATALOG()}/catalogitems/${hummus.itemId}`, owner, {
      ...item,
      variants,
    });
    expect(res.statusCode, res.body).toBe(200);

    const { entries } = await history(`entityType=item&entityId=${hummus.itemId}`);
    const [latest] = entries;
    expect(latest).toMatchObject({
      action: 'update',
      entityType: 'item',
      actor: { email: 'owner@demo.local', role: 'StoreOwner' },
    });
    const index = variants.findIndex((v) => v.id === hummus.variantId);
    expect(latest!.changes).toContainEqual({
      field: `variants.${index}.price`,
      before: 2.5,
      after: 2.75,
    });
    // Only what changed.
    expect(latest!.changes).toHaveLength(1);
  });

  it('an hours change: the day before and after, under its branch', async () => {
    const url = `${tenant()}/branches/${f.abdoun.id}/settings/operatinghours`;
    const res = await call('PUT', url, owner, [
      {
        day: 2,
        checkoutTemplate: 'PICKUP',
        dayClosed: false,
        hours: [{ openHour: 9, openMinute: 0, closeHour: 17, closeMinute: 30 }],
      },
    ] as unknown as Json);
    expect(res.statusCode, res.body).toBe(200);
    const { entries } = await history(`entityType=branch&entityId=${f.abdoun.id}`);
    const entry = entries[0]!;
    expect(entry).toMatchObject({ branchId: f.abdoun.id, actor: { email: 'owner@demo.local' } });
    expect(entry.changes).toContainEqual(
      expect.objectContaining({ field: 'hours.PICKUP.2.hours.0.closeHour', after: 17 }),
    );
    // Managers see the branch's history too; not another tenant's owner.
    expect((await history(`entityId=${f.abdoun.id}`, manager)).entries[0]?.id).toBe(entry.id);
    expect((await call('GET', `${tenant()}/audit`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `${tenant()}/audit`, staff)).statusCode).toBe(403);
  });

  it('a refund: the cancel that asks it, and the money given back, each with its author', async () => {
    const tokenRes = await fetch(`${ctx.gateway.url}/v1/tokens`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${KEYS.publishableKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }),
    });
    const token = ((await tokenRes.json()) as { id: string }).id;
    const placed = await ctx.app.inject({
      method: 'POST',
      url: intakeUrl(f.alBayt.id, f.sweifieh.id),
      payload: {
        ...pickup([{ variantId: f.variant('Mixed grill', 'For one').variantId }]),
        checkoutTemplate: 'DELIVERY',
        deliveryZoneId: f.zone(f.alBayt.id, 'Sweifieh'),
        shippingAddress: { address1: 'Wasfi Al Tal St' },
        phoneNumber: '+962790000123',
        paymentMethodType: 'CREDIT_CARD_ONLINE',
        paymentToken: token,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const ticket = placed.json().results as { id: string; cartData: { total: number } };
    const cancel = await call('PUT', `${tenant()}/tickets/${ticket.id}`, staff, {
      status: 'Cancelled',
      reason: 'OUT_OF_STOCK',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const { entries } = await history(`entityType=ticket&entityId=${ticket.id}`);
    const status = entries.find((e) => e.action === 'status')!;
    expect(status.actor).toMatchObject({ email: 'staff@demo.local', role: 'OrderTaker' });
    expect(status.changes).toContainEqual({
      field: 'status',
      before: 'UnVerified',
      after: 'Cancelled',
    });
    expect(status.changes).toContainEqual(
      expect.objectContaining({ field: 'paymentStatus', after: 'REFUND_PENDING' }),
    );
    const refund = entries.find((e) => e.action === 'refund')!;
    expect(refund.changes).toContainEqual({
      field: 'paymentStatus',
      before: 'REFUND_PENDING',
      after: 'REFUNDED',
    });
    // No personal data of the customer copied into any entry.
    const text = JSON.stringify(entries);
    expect(text).not.toContain('+962790000123');
    expect(text).not.toContain('Wasfi');
    expect(text).not.toContain('Rana');
  });

  it('a change whose transaction fails leaves no entry', async () => {
    const before = await ctx.database.owner.select().from(auditEntries);
    // A section that does not exist named in the body: the item's transaction is undone.
    const hummus = f.variant('Hummus', 'Small');
    const item = (await call('GET', `${CATALOG()}/catalogitems/${hummus.itemId}`, owner)).json()
      .results as Json;
    const res = await call('PUT', `${CATALOG()}/catalogitems/${hummus.itemId}`, owner, {
      ...item,
      localizedTitle: { fieldValue: 'Renamed', en: 'Renamed' },
      categories: [crypto.randomUUID()],
    });
    expect(res.statusCode).toBe(422);
    const after = await ctx.database.owner.select().from(auditEntries);
    expect(after.length).toBe(before.length);
    const renamed = await ctx.database.owner
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, hummus.itemId));
    expect(JSON.stringify(renamed)).not.toContain('Renamed');
  });

  it('pages newest first with a cursor, and filters by who', async () => {
    const all = await history('limit=100&actor=OWNER@demo.local');
    expect(all.entries.length).toBeGreaterThanOrEqual(2);
    expect(all.entries.every((e) => e.actor.email === 'owner@demo.local')).toBe(true);
    const first = await history('limit=1&actor=owner@demo.local');
    expect(first.nextCursor).not.toBeNull();
    const second = await history(
      `limit=1&actor=owner@demo.local&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(second.entries[0]!.id).toBe(all.entries[1]!.id);
    expect((await call('GET', `${tenant()}/audit?cursor=nope`, owner)).statusCode).toBe(422);
  });
});

describe('people and rights, translations', () => {
  it('the platform pausing an outlet is in that outlet’s history, by the super admin', async () => {
    const admin = await authAs(ctx, 'admin@demo.local');
    const url = `/api/admin/platform/tenants/${f.casa.id}/status`;
    expect((await call('PUT', url, admin, { active: false })).statusCode).toBe(200);
    expect((await call('PUT', url, admin, { active: true })).statusCode).toBe(200);
    const res = await call(
      'GET',
      `/api/admin/tenants/${f.casa.id}/audit?entityType=people&entityId=${f.casa.id}`,
      outsider,
    );
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().results.entries as Entry[];
    expect(entries.map((e) => e.changes)).toEqual([
      [{ field: 'active', before: false, after: true }],
      [{ field: 'active', before: true, after: false }],
    ]);
    expect(entries[0]!.actor).toMatchObject({ email: 'admin@demo.local', role: 'SuperAdmin' });
    // Al Bayt's owner does not see Casa Verde's history.
    expect((await history(`entityType=people&entityId=${f.casa.id}`)).entries).toHaveLength(0);
  });

  it('a translation: the Arabic title before and after', async () => {
    const hummus = f.variant('Hummus', 'Small');
    const res = await call(
      'PUT',
      `${CATALOG()}/catalogitems/${hummus.itemId}/localization`,
      owner,
      { localizedTitle: { ar: 'حمّص بالطحينة' }, variants: [] },
    );
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = (await history(`entityType=item&entityId=${hummus.itemId}`)).entries;
    expect(latest!.changes).toContainEqual({
      field: 'localizedTitle.ar',
      before: 'حمص',
      after: 'حمّص بالطحينة',
    });
  });
});

describe('retention', () => {
  it('deletes entries older than the retention, keeps the rest', async () => {
    const audit = createAuditService({
      db: ctx.database.db,
      owner: ctx.database.owner,
      retentionDays: 400,
    });
    const old = new Date(Date.now() - 401 * 86_400_000);
    const [kept] = await ctx.database.owner.select().from(auditEntries).limit(1);
    const [gone] = await ctx.database.owner
      .insert(auditEntries)
      .values({
        tenantId: f.alBayt.id,
        at: old,
        entityType: 'menu',
        entityId: f.alBayt.id,
        action: 'update',
        changes: [{ field: 'banner', before: null, after: 'x' }],
      })
      .returning();
    expect(await audit.prune()).toBe(1);
    const ids = (await ctx.database.owner.select().from(auditEntries)).map((e) => e.id);
    expect(ids).not.toContain(gone!.id);
    expect(ids).toContain(kept!.id);
  });
});

describe('changesOf', () => {
  it('names nested fields, keeps lists of plain values whole, ignores write times', () => {
    expect(
      changesOf(
        { price: '1.000', tags: ['a'], title: { en: 'A' }, updatedAt: 1, rows: [{ x: 1 }] },
        { price: '1.250', tags: ['a', 'b'], title: { en: 'A' }, updatedAt: 2, rows: [{ x: 2 }] },
      ),
    ).toEqual([
      { field: 'price', before: '1.000', after: '1.250' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
      { field: 'rows.0.x', before: 1, after: 2 },
    ]);
    expect(changesOf({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changesOf(null, { a: 1 })).toEqual([{ field: 'a', before: null, after: 1 }]);
  });
});
