import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubriseModifier, HubriseProduct, PosMappingEntry } from '@app/contracts';
import { loadConfig } from '../../config.ts';
import * as s from '../../db/schema.ts';
import { createHubriseClient, moneyAmount } from '../../integrations/hubrise/client.ts';
import {
  HUBRISE_EMULATOR_CATALOG,
  HUBRISE_EMULATOR_TOKEN,
  startHubriseEmulator,
} from '../../integrations/hubrise/emulator.ts';
import { authAs } from '../../test/auth.ts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { demoFixtures, type DemoFixtures } from '../tickets/test-fixtures.ts';

let ctx: TestContext;
let f: DemoFixtures;
let owner: Record<string, string>;
let manager: Record<string, string>;
let otherOwner: Record<string, string>;
let emulator: Awaited<ReturnType<typeof startHubriseEmulator>>;

// 250 more products so that reading the catalog takes three of HubRise's 100-result pages.
const extraProducts = Array.from({ length: 250 }, (_, i) => ({
  id: `p-x${i}`,
  name: `Catering tray ${i}`,
  category_id: 'cat-brk',
  skus: [{ id: `p-x${i}-s1`, ref: `TRAY-${i}`, name: null, price: '10.000 JOD' }],
}));

beforeAll(async () => {
  emulator = await startHubriseEmulator({ accessToken: HUBRISE_EMULATOR_TOKEN, extraProducts });
  ctx = await createTestApp({
    seed: true,
    config: { hubrise: { baseUrl: emulator.url, emulator: null } },
  });
  f = await demoFixtures(ctx.database.owner);
  [owner, manager, otherOwner] = await Promise.all([
    authAs(ctx, 'owner@demo.local'),
    authAs(ctx, 'manager@demo.local'),
    authAs(ctx, 'owner@other.local'),
  ]);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await emulator.close();
});

const catalog = (tenantId: string) =>
  `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;
const hubrise = (tenantId: string) => `/api/admin/tenants/${tenantId}/HubRise`;

async function list(tenantId = f.alBayt.id, headers = owner) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${catalog(tenantId)}/all/integration-posmapping`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: PosMappingEntry[] }).results;
}

const put = (path: string, payload: unknown, headers = owner, tenantId = f.alBayt.id) =>
  ctx.app.inject({
    method: 'PUT',
    url: `${catalog(tenantId)}/${path}`,
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('the mapping list', () => {
  it('lists items with section and lowest price, then each modifier group and its items', async () => {
    const entries = await list();
    const hummus = entries.find((e) => e.title.en === 'Hummus')!;
    expect(hummus).toMatchObject({
      price: 1.75,
      active: true,
      externalSKU: null,
      externalId: null,
      isModifierItem: false,
      isModifierGroup: false,
      parentTitle: expect.objectContaining({ en: 'Breakfast' }),
    });
    const groupAt = entries.findIndex((e) => e.isModifierGroup && e.title.en === 'Sugar');
    expect(groupAt).toBeGreaterThan(entries.findIndex((e) => e.title.en === 'Hummus'));
    expect(
      entries
        .slice(groupAt + 1, groupAt + 4)
        .map((e) => [e.title.en, e.isModifierItem, e.parentTitle?.en]),
    ).toEqual([
      ['No sugar', true, 'Sugar'],
      ['Medium', true, 'Sugar'],
      ['Sweet', true, 'Sugar'],
    ]);
    expect(entries[groupAt]!.price).toBeNull();
  });

  it('is the store owner’s only, of their own tenant', async () => {
    const url = `${catalog(f.alBayt.id)}/all/integration-posmapping`;
    expect((await ctx.app.inject({ method: 'GET', url, headers: manager })).statusCode).toBe(403);
    expect([403, 404]).toContain(
      (await ctx.app.inject({ method: 'GET', url, headers: otherOwner })).statusCode,
    );
  });
});

describe('mapping', () => {
  it('maps an item with trimmed codes, shows it in the list, and unmaps it with empty codes', async () => {
    const hummus = (await list()).find((e) => e.title.en === 'Hummus')!;
    const res = await put(`catalogitems/integration-posmapping/${hummus.id}`, {
      externalSKU: '  HUM-SM  ',
      externalId: ' p-hum-s1 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({
      id: hummus.id,
      externalSKU: 'HUM-SM',
      externalId: 'p-hum-s1',
    });
    expect((await list()).find((e) => e.id === hummus.id)).toMatchObject({ externalSKU: 'HUM-SM' });
    const again = await put(`catalogitems/integration-posmapping/${hummus.id}`, {
      externalSKU: 'HUM-LG',
      externalId: 'p-hum-s2',
    });
    expect(again.json().results).toMatchObject({ externalSKU: 'HUM-LG', externalId: 'p-hum-s2' });
    const cleared = await put(`catalogitems/integration-posmapping/${hummus.id}`, {
      externalSKU: '   ',
      externalId: null,
    });
    expect(cleared.json().results).toMatchObject({ externalSKU: null, externalId: null });
    const rows = await ctx.database.owner
      .select()
      .from(s.posMappings)
      .where(eq(s.posMappings.itemId, hummus.id));
    expect(rows).toHaveLength(0);
  });

  it('maps a modifier item, and a modifier group whose code becomes its posSku (the pos badge)', async () => {
    const entries = await list();
    const sweet = entries.find((e) => e.title.en === 'Sweet')!;
    const sugar = entries.find((e) => e.isModifierGroup && e.title.en === 'Sugar')!;
    const item = await put(`modifieritems/integration-posmapping/${sweet.id}`, {
      externalSKU: 'SUG-SW ',
      externalId: 'o-sug-2',
    });
    expect(item.statusCode, item.body).toBe(200);
    expect(item.json().results).toMatchObject({ isModifierItem: true, externalSKU: 'SUG-SW' });
    const group = await put(`modifiergroups/integration-posmapping/${sugar.id}`, {
      externalSKU: ' SUGAR',
      externalId: 'ol-sug',
    });
    expect(group.statusCode, group.body).toBe(200);
    expect(group.json().results).toMatchObject({
      isModifierGroup: true,
      externalSKU: 'SUGAR',
      externalId: 'ol-sug',
    });
    const groups = await ctx.app.inject({
      method: 'GET',
      url: `${catalog(f.alBayt.id)}/modifiergroups`,
      headers: owner,
    });
    expect(groups.json().results.find((g: { id: string }) => g.id === sugar.id).posSku).toBe(
      'SUGAR',
    );
  });

  it('answers 404 for an id of another kind or tenant, 422 for a code over 100 characters', async () => {
    const entries = await list();
    const sweet = entries.find((e) => e.title.en === 'Sweet')!;
    const hummus = entries.find((e) => e.title.en === 'Hummus')!;
    expect(
      (await put(`catalogitems/integration-posmapping/${sweet.id}`, { externalSKU: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await put(`modifieritems/integration-posmapping/${hummus.id}`, { externalSKU: 'X' }))
        .statusCode,
    ).toBe(404);
    const casaItem = (await list(f.casa.id, otherOwner))[0]!;
    expect(
      (await put(`catalogitems/integration-posmapping/${casaItem.id}`, { externalSKU: 'X' }))
        .statusCode,
    ).toBe(404);
    const long = await put(`catalogitems/integration-posmapping/${hummus.id}`, {
      externalSKU: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[0].field).toBe('externalSKU');
  });

  it('is open on an integrated menu: Burger Yard maps a burger to its own HubRise catalog', async () => {
    const integrated = await authAs(ctx, 'owner@integrated.local');
    const [burgerYard] = await ctx.database.owner
      .select()
      .from(s.tenants)
      .where(eq(s.tenants.slug, 'burger-yard'));
    expect(burgerYard!.isIntegrated).toBe(true);
    const classic = (await list(burgerYard!.id, integrated)).find(
      (e) => e.title.en === 'Classic burger',
    )!;
    const products = await ctx.app.inject({
      method: 'GET',
      url: `${hubrise(burgerYard!.id)}/GetHubriseProducts?SearchTerm=classic`,
      headers: integrated,
    });
    expect(products.json().results.map((p: HubriseProduct) => p.skuReference)).toEqual([
      'CLA-1',
      'CLA-2',
    ]);
    const res = await put(
      `catalogitems/integration-posmapping/${classic.id}`,
      { externalSKU: 'CLA-2', externalId: 'p-cla-s2' },
      integrated,
      burgerYard!.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toMatchObject({ externalSKU: 'CLA-2' });
  });

  it('a manager may not map', async () => {
    const hummus = (await list()).find((e) => e.title.en === 'Hummus')!;
    expect(
      (await put(`catalogitems/integration-posmapping/${hummus.id}`, { externalSKU: 'X' }, manager))
        .statusCode,
    ).toBe(403);
  });

  it('goes with its row: deleting a modifier group removes its mappings', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: `${catalog(f.alBayt.id)}/modifiergroups/`,
      headers: owner,
      payload: {
        name: 'Temp',
        localizedTitle: { fieldValue: 'Temp' },
        minQuantity: 0,
        maxQuantity: 1,
        modifierItems: [{ price: 0, localizedTitle: { fieldValue: 'One' } }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json().results as { id: string; modifierItems: { id: string }[] };
    await put(`modifiergroups/integration-posmapping/${group.id}`, { externalSKU: 'TMP' });
    await put(`modifieritems/integration-posmapping/${group.modifierItems[0]!.id}`, {
      externalSKU: 'TMP-1',
    });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `${catalog(f.alBayt.id)}/modifiergroups/${group.id}`,
      headers: owner,
    });
    expect(del.statusCode).toBe(200);
    const left = await ctx.database.owner
      .select()
      .from(s.posMappings)
      .where(eq(s.posMappings.tenantId, f.alBayt.id));
    expect(left.map((r) => r.externalSku)).not.toContain('TMP');
    expect(left.map((r) => r.externalSku)).not.toContain('TMP-1');
  });
});

describe('HubRise', () => {
  const get = (path: string, tenantId = f.alBayt.id, headers = owner) =>
    ctx.app.inject({ method: 'GET', url: `${hubrise(tenantId)}/${path}`, headers });

  it('lists every SKU of the catalog, read page by page, with product name, price and category', async () => {
    const before = emulator.requests.length;
    const res = await get('GetHubriseProducts?PageSize=2000');
    expect(res.statusCode, res.body).toBe(200);
    const products = res.json().results as HubriseProduct[];
    expect(products).toHaveLength(14 + 250);
    expect(products).toContainEqual({
      skuId: 'p-hum-s1',
      skuReference: 'HUM-SM',
      productName: 'Hummus (Small)',
      price: 1.75,
      category: 'Breakfast',
    });
    const productPages = emulator.requests.slice(before).filter((u) => u.includes('/products'));
    expect(productPages).toHaveLength(3);
    expect(productPages[0]).toContain('count=100');
  });

  it('searches by name, reference or category, any case and accents, and keeps to the page size', async () => {
    const byName = (await get('GetHubriseProducts?SearchTerm=shawarma')).json()
      .results as HubriseProduct[];
    expect(byName.map((p) => p.skuReference)).toEqual(['SHA-RG', 'SHA-SP']);
    const byRef = (await get('GetHubriseProducts?SearchTerm=mix-2')).json()
      .results as HubriseProduct[];
    expect(byRef.map((p) => p.productName)).toEqual(['Mixed grill (For two)']);
    const byCategory = (await get('GetHubriseProducts?SearchTerm=COLD%20DRINKS')).json()
      .results as HubriseProduct[];
    expect(byCategory.map((p) => p.skuReference)).toEqual(['LEM-MN', 'WAT-05', 'WAT-15']);
    const page = (await get('GetHubriseProducts?SearchTerm=tray&PageSize=20')).json()
      .results as HubriseProduct[];
    expect(page).toHaveLength(20);
    expect((await get('GetHubriseProducts?PageSize=2001')).statusCode).toBe(422);
    expect((await get('GetHubriseProducts?PageSize=0')).statusCode).toBe(422);
  });

  it('lists the options of every option list as modifiers', async () => {
    const res = await get('GetHubriseModifierGroups?SearchTerm=garlic');
    expect(res.statusCode).toBe(200);
    expect(res.json().results as HubriseModifier[]).toEqual([
      {
        modifierId: 'o-ext-1',
        modifierReference: 'EXT-GAR',
        modifierName: 'Garlic sauce',
        price: 0.25,
        modifierGroupId: 'ol-ext',
        modifierGroupName: 'Grill extras',
        modifierGroupReference: 'EXTRAS',
      },
    ]);
  });

  it('answers 409 pos_not_connected to a tenant without a HubRise connection', async () => {
    const res = await get('GetHubriseProducts', f.casa.id, otherOwner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'pos_not_connected' } });
  });

  it('answers 503 when HubRise refuses the token or cannot be reached', async () => {
    await ctx.database.owner
      .insert(s.posConnections)
      .values({ tenantId: f.casa.id, catalogId: HUBRISE_EMULATOR_CATALOG, accessToken: 'wrong' });
    const res = await get('GetHubriseModifierGroups', f.casa.id, otherOwner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'pos_provider_unavailable' } });
    const down = createHubriseClient({ baseUrl: 'http://127.0.0.1:9/v1', timeoutMs: 2000 });
    await expect(down.products({ catalogId: 'x', accessToken: 'y' })).rejects.toThrow(
      /unreachable/,
    );
  });

  it('reads HubRise money', () => {
    expect(moneyAmount('9.80 EUR')).toBe(9.8);
    expect(moneyAmount('0.250 JOD')).toBe(0.25);
    expect(moneyAmount('free')).toBeNull();
  });

  it('uses HubRise itself unless told to use the emulator (never in production)', () => {
    expect(loadConfig({ PORT: '9000' }).hubrise).toEqual({
      baseUrl: 'https://api.hubrise.com/v1',
      emulator: null,
    });
    expect(loadConfig({ HUBRISE_API_URL: 'https://api.hubrise.com/v1/' }).hubrise).toEqual({
      baseUrl: 'https://api.hubrise.com/v1',
      emulator: null,
    });
    const keys = { cardGatewaySecretKey: 'a', dispatchApiKey: 'b', hubriseAccessToken: 'c' };
    expect(
      loadConfig({ PORT: '9000', HUBRISE_EMULATOR: 'true' }, { emulatorKeys: () => keys }).hubrise,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:9000/emulators/hubrise/v1',
      emulator: { accessToken: 'c' },
    });
    expect(() => loadConfig({ NODE_ENV: 'production', HUBRISE_EMULATOR: 'true' })).toThrow(
      /HUBRISE_EMULATOR=true/,
    );
  });
});

describe('the HubRise access token at rest', () => {
  const products = (tenantId: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `${hubrise(tenantId)}/GetHubriseProducts`, headers });
  const storedToken = async (tenantId: string) =>
    (
      await ctx.database.owner
        .select()
        .from(s.posConnections)
        .where(eq(s.posConnections.tenantId, tenantId))
    )[0]!.accessToken;

  it('is stored encrypted (the demo rows, seeded plain, are sealed at start) and still reaches HubRise', async () => {
    const stored = await storedToken(f.alBayt.id);
    expect(stored).not.toContain(HUBRISE_EMULATOR_TOKEN);
    expect(stored).toMatch(/^enc:v1:/);
    const res = await products(f.alBayt.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().results as HubriseProduct[]).length).toBeGreaterThan(0);
  });

  it('opens in its own row only: the sealed token copied to another tenant is refused', async () => {
    const sealed = await storedToken(f.alBayt.id);
    await ctx.database.owner
      .insert(s.posConnections)
      .values({ tenantId: f.casa.id, catalogId: HUBRISE_EMULATOR_CATALOG, accessToken: sealed })
      .onConflictDoUpdate({ target: s.posConnections.tenantId, set: { accessToken: sealed } });
    const res = await products(f.casa.id, otherOwner);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: { code: 'pos_provider_unavailable' } });
  });
});
