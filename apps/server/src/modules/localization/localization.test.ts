import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LocalizedText, TreeNode } from '@app/contracts';
import { createTestApp, type TestContext } from '../../test/harness.ts';
import { authAs } from '../../test/auth.ts';
import * as s from '../../db/schema.ts';

let ctx: TestContext;
let owner: Record<string, string>;
let manager: Record<string, string>;
let staff: Record<string, string>;
let integratedOwner: Record<string, string>;
let base: string;
let integratedBase: string;
let hummus: { id: string; variantIds: string[] };
let breakfastId: string;
let groupId: string;
let choiceIds: string[];
let foreignItemId: string;
let integratedItemId: string;

const catalogBase = (tenantId: string) =>
  `/api/admin/tenants/${tenantId}/branches/defaultBranch/productcatalogs`;

beforeAll(async () => {
  ctx = await createTestApp({ seed: true });
  const db = ctx.database.owner;
  const tenants = await db.select().from(s.tenants);
  const bySlug = (slug: string) => tenants.find((t) => t.slug === slug)!.id;
  const tenantId = bySlug('al-bayt');
  base = catalogBase(tenantId);
  integratedBase = catalogBase(bySlug('burger-yard'));
  owner = await authAs(ctx, 'owner@demo.local');
  manager = await authAs(ctx, 'manager@demo.local');
  staff = await authAs(ctx, 'staff@demo.local');
  integratedOwner = await authAs(ctx, 'owner@integrated.local');
  const items = await db.select().from(s.items);
  const item = items.find((i) => i.tenantId === tenantId && i.title.en === 'Hummus')!;
  const variants = await db
    .select()
    .from(s.variants)
    .where(and(eq(s.variants.tenantId, tenantId), eq(s.variants.itemId, item.id)))
    .orderBy(s.variants.position);
  hummus = { id: item.id, variantIds: variants.map((v) => v.id) };
  breakfastId = item.categoryId;
  foreignItemId = items.find((i) => i.tenantId === bySlug('casa-verde'))!.id;
  integratedItemId = items.find((i) => i.tenantId === bySlug('burger-yard'))!.id;
  const [group] = await db
    .select()
    .from(s.modifierGroups)
    .where(eq(s.modifierGroups.tenantId, tenantId));
  groupId = group!.id;
  choiceIds = (
    await db
      .select()
      .from(s.modifierItems)
      .where(eq(s.modifierItems.groupId, groupId))
      .orderBy(s.modifierItems.position)
  ).map((i) => i.id);
}, 120_000);
afterAll(() => ctx.close());

const put = (url: string, headers: Record<string, string>, payload: unknown, at = base) =>
  ctx.app.inject({ method: 'PUT', url: `${at}${url}`, headers, payload: payload as object });
const codesOf = (res: { json(): { errors?: { field: string; codes: string[] }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.field, e.codes]));
const findNode = (node: TreeNode, id: string): TreeNode | undefined =>
  node.id === id ? node : node.children.map((c) => findNode(c, id)).find(Boolean);

describe('translating an item', () => {
  it('lets a manager set the Arabic texts; the defaults stay and the tree shows them', async () => {
    // Read the tree first so the answer after the write must not come from a stale cache.
    await ctx.app.inject({ method: 'GET', url: `${base}/tree`, headers: manager });
    const res = await put(`/catalogitems/${hummus.id}/localization`, manager, {
      localizedTitle: { en: 'Hummus', ar: '  حمص بالطحينة  ', es: 'Hummus' },
      localizedDesc: { en: 'Chickpeas, tahini, olive oil', ar: 'حمص وطحينة وزيت زيتون' },
      variants: [
        { id: hummus.variantIds[0], localizedTitle: { ar: 'صغير' } },
        { id: hummus.variantIds[1], localizedTitle: { ar: 'كبير', es: 'Grande' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().results;
    expect(item.localizedTitle).toEqual({
      fieldValue: 'Hummus',
      en: 'Hummus',
      ar: 'حمص بالطحينة',
      es: 'Hummus',
    });
    // Spanish was left out of the description: it has no translation any more.
    expect(item.localizedDesc).toEqual({
      fieldValue: 'Chickpeas, tahini, olive oil',
      en: 'Chickpeas, tahini, olive oil',
      ar: 'حمص وطحينة وزيت زيتون',
    });
    expect(item.variants.map((v: { localizedTitle: LocalizedText }) => v.localizedTitle)).toEqual([
      { fieldValue: 'Small', ar: 'صغير' },
      { fieldValue: 'Large', ar: 'كبير', es: 'Grande' },
    ]);
    // Prices and everything else untouched.
    expect(item.variants.map((v: { price: number }) => v.price)).toEqual([1.75, 2.5]);

    const tree = await ctx.app.inject({ method: 'GET', url: `${base}/tree`, headers: owner });
    const node = findNode(tree.json().results, hummus.id)!;
    expect(node.title.ar).toBe('حمص بالطحينة');
    expect(node.variants.map((v) => v.title.ar)).toEqual(['صغير', 'كبير']);
  });

  it('keeps the translations of variants it does not list and refuses a variant of another item', async () => {
    const res = await put(`/catalogitems/${hummus.id}/localization`, owner, {
      localizedTitle: { ar: 'حمص' },
      variants: [{ id: hummus.variantIds[1], localizedTitle: { ar: 'كبير جدا' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const titles = res.json().results.variants.map((v: { localizedTitle: LocalizedText }) => v);
    expect(titles[0].localizedTitle.ar).toBe('صغير');
    expect(titles[1].localizedTitle.ar).toBe('كبير جدا');
    // The description was not sent: it stays as it was.
    expect(res.json().results.localizedDesc.ar).toBe('حمص وطحينة وزيت زيتون');

    const stray = await put(`/catalogitems/${hummus.id}/localization`, owner, {
      localizedTitle: { ar: 'حمص' },
      variants: [{ id: foreignItemId, localizedTitle: { ar: 'x' } }],
    });
    expect(stray.statusCode).toBe(422);
    expect(codesOf(stray)).toEqual({ 'variants.0.id': ['variant_not_found'] });
  });

  it('enforces the translate bounds: title 50, description 255, variant title 59', async () => {
    const at = `/catalogitems/${hummus.id}/localization`;
    const tooLong = await put(at, owner, {
      localizedTitle: { ar: 'ع'.repeat(51) },
      localizedDesc: { es: 'd'.repeat(256) },
      variants: [{ id: hummus.variantIds[0], localizedTitle: { en: 'v'.repeat(60) } }],
    });
    expect(tooLong.statusCode).toBe(422);
    expect(codesOf(tooLong)).toEqual({
      'localizedTitle.ar': ['max'],
      'localizedDesc.es': ['max'],
      'variants.0.localizedTitle.en': ['max'],
    });
    const longest = await put(at, owner, {
      localizedTitle: { ar: 'ع'.repeat(50) },
      localizedDesc: { es: 'd'.repeat(255) },
      variants: [{ id: hummus.variantIds[0], localizedTitle: { en: 'v'.repeat(59) } }],
    });
    expect(longest.statusCode, longest.body).toBe(200);
    // Text PostgreSQL cannot store is refused, not a 500.
    const nul = await put(at, owner, { localizedTitle: { ar: 'a\u0000b' } });
    expect(codesOf(nul)).toEqual({ 'localizedTitle.ar': ['invalid_text'] });
  });
});

describe('translating sections and modifier groups', () => {
  it('sets a section title and description within 50 and 120 characters', async () => {
    const at = `/categories/${breakfastId}/localization`;
    const bad = await put(at, manager, {
      localizedTitle: { ar: 'ف'.repeat(51) },
      localizedDesc: { ar: 'و'.repeat(121) },
    });
    expect(codesOf(bad)).toEqual({ 'localizedTitle.ar': ['max'], 'localizedDesc.ar': ['max'] });
    const res = await put(at, manager, {
      localizedTitle: { ar: 'فطور', es: 'Desayunos' },
      localizedDesc: { ar: 'حتى الظهر' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results.localizedTitle).toEqual({
      fieldValue: 'Breakfast',
      ar: 'فطور',
      es: 'Desayunos',
    });
    expect(res.json().results.localizedDesc).toEqual({
      fieldValue: 'Served until noon',
      ar: 'حتى الظهر',
    });
  });

  it("sets a group's title and its choices' names within 255 characters", async () => {
    const at = `/modifiergroups/${groupId}/localization`;
    const bad = await put(at, manager, {
      localizedTitle: { ar: 'ع'.repeat(256) },
      modifierItems: [{ id: choiceIds[2], localizedTitle: { ar: 'ص'.repeat(256) } }],
    });
    expect(codesOf(bad)).toEqual({
      'localizedTitle.ar': ['max'],
      'modifierItems.0.localizedTitle.ar': ['max'],
    });
    const res = await put(at, manager, {
      localizedTitle: { ar: 'إضافات', es: 'Extras' },
      modifierItems: [
        { id: choiceIds[2], localizedTitle: { ar: 'صلصة حارة', es: 'Salsa picante' } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const group = res.json().results;
    expect(group.localizedTitle).toEqual({ fieldValue: 'Add extras', ar: 'إضافات', es: 'Extras' });
    expect(
      group.modifierItems.map((i: { localizedTitle: LocalizedText }) => i.localizedTitle),
    ).toEqual([
      { fieldValue: 'Extra tahini', en: 'Extra tahini', ar: 'طحينة إضافية', es: 'Tahini extra' },
      { fieldValue: 'Pickles', en: 'Pickles', ar: 'مخلل' },
      { fieldValue: 'Hot sauce', ar: 'صلصة حارة', es: 'Salsa picante' },
    ]);
    // Nothing but the texts changes.
    expect(group.modifierItems.map((i: { price: number }) => i.price)).toEqual([0.25, 0.15, 0.1]);
    expect(group.maxQuantity).toBe(3);

    const stray = await put(at, manager, {
      localizedTitle: {},
      modifierItems: [{ id: hummus.id, localizedTitle: { ar: 'x' } }],
    });
    expect(codesOf(stray)).toEqual({ 'modifierItems.0.id': ['modifier_item_not_found'] });
  });
});

describe('who may translate', () => {
  it('refuses order takers, another tenant’s ids and integrated tenants', async () => {
    const body = { localizedTitle: { ar: 'حمص' } };
    expect((await put(`/catalogitems/${hummus.id}/localization`, staff, body)).statusCode).toBe(
      403,
    );
    expect((await put(`/categories/${breakfastId}/localization`, staff, body)).statusCode).toBe(
      403,
    );
    expect((await put(`/modifiergroups/${groupId}/localization`, staff, body)).statusCode).toBe(
      403,
    );
    // Another tenant's item through this tenant's path: not found, untouched.
    const foreign = await put(`/catalogitems/${foreignItemId}/localization`, owner, body);
    expect(foreign.statusCode).toBe(404);
    const [row] = await ctx.database.owner
      .select()
      .from(s.items)
      .where(eq(s.items.id, foreignItemId));
    expect(row!.title.ar).not.toBe('حمص');
    // The point of sale owns an integrated tenant's menu, translations included.
    const integrated = await put(
      `/catalogitems/${integratedItemId}/localization`,
      integratedOwner,
      body,
      integratedBase,
    );
    expect(integrated.statusCode).toBe(403);
    expect(integrated.json().error.code).toBe('catalog_integrated');
  });
});
